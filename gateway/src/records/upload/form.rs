//! An upload's text parts as a record body, checked by the register's form rules before any connection is held.

use schema_registry::record::{self, FieldValue, RecordInput, WriteMode};
use schema_registry::Entry;

use crate::error::{ApiError, FieldError};

/// The form's fields as a record body: only `allowed` names (400 for another), blanks left out (the column's
/// default, or "required"), numbers as numbers when they are.
pub fn body_of(
    fields: Vec<(String, String)>,
    allowed: &[&str],
) -> Result<Vec<(String, FieldValue)>, ApiError> {
    let mut body = Vec::with_capacity(fields.len());
    for (name, value) in fields {
        if !allowed.contains(&name.as_str()) {
            return Err(ApiError::BadRequest(format!(
                "{name} is not a field of this upload; send `file` and any of: {}",
                allowed.join(", ")
            )));
        }
        let value = value.trim();
        if value.is_empty() {
            continue;
        }
        let value = if name.starts_with("n_") && value.parse::<i64>().is_ok() {
            FieldValue::Number(value.to_owned())
        } else {
            FieldValue::Text(value.to_owned())
        };
        body.push((name, value));
    }
    Ok(body)
}

fn no_file(entry: &Entry) -> FieldError {
    FieldError::new(
        "file",
        format!("Choose the {}'s file", entry.singular().to_lowercase()),
    )
}

/// The record's values as the form's rules check them, stamped, with a file required: every problem at once.
/// `named` is the register a missing file is named after (the uploaded record, not its line).
pub fn checked_input<'e>(
    entry: &'e Entry,
    named: &Entry,
    body: &[(String, FieldValue)],
    has_files: bool,
    user_id: i64,
) -> Result<RecordInput<'e>, ApiError> {
    let mut input = match record::validate(entry, body, WriteMode::Create) {
        Ok(input) if has_files => input,
        Ok(_) => return Err(ApiError::validation(vec![no_file(named)])),
        Err(list) => {
            let mut fields: Vec<FieldError> = list
                .into_iter()
                .map(|p| FieldError::new(&p.field, p.message))
                .collect();
            if !has_files {
                fields.push(no_file(named));
            }
            return Err(ApiError::validation(fields));
        }
    };
    record::stamp(entry, &mut input, WriteMode::Create, user_id);
    Ok(input)
}
