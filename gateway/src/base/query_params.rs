//! Optional query parameters read the same way everywhere: empty is none; anything else that is not what the
//! parameter takes is refused by name (400, the message starting with the parameter's name).

use schema_registry::text::quote;
use schema_registry::values::is_iso_date;

use crate::error::ApiError;

/// An id: a positive whole number; `what` names what it identifies ("package").
pub fn id_param(name: &str, what: &str, value: Option<&str>) -> Result<Option<i64>, ApiError> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => match text.parse::<i64>() {
            Ok(id) if id > 0 => Ok(Some(id)),
            _ => Err(ApiError::BadRequest(format!(
                "{name}: `{}` is not a {what} id (a positive whole number)",
                quote(text)
            ))),
        },
    }
}

/// A day, `YYYY-MM-DD` naming a real date.
pub fn day_param(name: &str, value: Option<&str>) -> Result<Option<String>, ApiError> {
    match value.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) if is_iso_date(text) => Ok(Some(text.to_owned())),
        Some(text) => Err(ApiError::BadRequest(format!(
            "{name}: `{}` is not a date in the form YYYY-MM-DD",
            quote(text)
        ))),
    }
}
