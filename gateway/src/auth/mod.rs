//! Sign-in, sessions and who the caller is. Sessions live in PostgreSQL (any gateway replica serves any
//! session); tokens are 256-bit random values of which only a SHA-256 hash is stored.

pub mod accounts;
pub mod bootstrap;
pub mod cache;
pub mod caller;
pub mod middleware;
pub mod navigation;
pub mod network;
pub mod origin;
pub mod password;
pub mod permissions;
pub mod policy;
pub mod profile;
pub mod rate_limit;
pub mod recovery;
pub mod registration;
pub mod session;
pub mod signin;
pub mod throttle;
pub mod token;
pub mod users;

pub use caller::Caller;
pub use origin::Origin;
