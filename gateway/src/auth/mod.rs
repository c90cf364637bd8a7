//! Sign-in, sessions and who the caller is. Sessions live in PostgreSQL (any gateway replica serves any
//! session); tokens are 256-bit random values of which only a SHA-256 hash is stored.

pub mod accounts;
pub mod cache;
pub mod middleware;
pub mod navigation;
pub mod password;
pub mod policy;
pub mod session;
pub mod throttle;
pub mod token;

pub use session::Caller;
