//! The programme schedule imported from Primavera P6 (docs/schedule.md): the XER parser ([`xer`]), writing an
//! import ([`store`]) and the reads of the schedule API ([`read`]).

pub mod read;
pub mod store;
pub mod xer;

use crate::error::ApiError;
use xer::XerError;

impl From<XerError> for ApiError {
    /// An empty file is 400; a file that is not XER as P6 writes it is 422 with the line in the message.
    fn from(error: XerError) -> Self {
        match error {
            XerError::Empty => ApiError::BadRequest(error.to_string()),
            XerError::Line { message, .. } => ApiError::Validation {
                message,
                fields: Vec::new(),
            },
        }
    }
}
