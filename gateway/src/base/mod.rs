//! The bottom layer: what every other layer may use and which uses none of them (the error type and the mail
//! settings aside). [`timing`] records where a request's time went (`Server-Timing`); [`audit`] writes the audit
//! trail's rows inside a caller's transaction; [`mail`] sends the product's mail over SMTP; [`xlsx`] writes
//! workbooks row by row (exports, printed reports, import templates); [`written_once`] keeps a text written on
//! its first request; [`query_params`] reads optional query parameters the same way everywhere.

pub mod audit;
pub mod mail;
pub mod query_params;
pub mod timing;
pub mod written_once;
pub mod xlsx;
