//! The generic read and write pipelines over the schema registry, one module per stage, data flowing one way:
//! [`request`] (parse) → [`authorise`] (may this caller) → [`compile`] (the only reader of the registry; SQL with
//! bind parameters) → [`execute`] (one pooled connection) → [`respond`] (JSON) or [`export_stream`] (CSV/XLSX).
//! [`run`] runs the stages in order for a handler; [`record`](mod@record) reads one record for a caller. Record
//! writes are the record service's (the `records/` folder, above this and the process engine); [`constraint`] explains
//! database refusals; [`reference`](mod@reference) turns record keys into the opaque references of document links.

pub mod authorise;
pub mod binds;
pub mod compile;
pub mod constraint;
pub mod dashboard;
pub mod execute;
pub mod export_slots;
pub mod export_stream;
pub mod full_text;
pub mod idempotency;
pub mod json_rows;
pub mod lookup_names;
pub mod lookup_search;
pub mod record;
pub mod reference;
pub mod report_definition;
pub mod request;
pub mod respond;
pub mod row_reader;
pub mod run;
