//! The password policy and the checks of account fields, with a message per field.

use crate::error::FieldError;

pub const MIN_PASSWORD: usize = 8;
/// Long enough for any passphrase, short enough that hashing stays cheap.
pub const MAX_PASSWORD: usize = 128;

/// Problems of `password` for the account `username` (none when it is acceptable).
pub fn password_problems(password: &str, username: &str) -> Vec<FieldError> {
    let length = password.chars().count();
    let mut problems = Vec::new();
    if length < MIN_PASSWORD {
        problems.push(FieldError::new(
            "password",
            format!("The password must have at least {MIN_PASSWORD} characters"),
        ));
    } else if length > MAX_PASSWORD {
        problems.push(FieldError::new(
            "password",
            format!("The password must have at most {MAX_PASSWORD} characters"),
        ));
    }
    if !username.is_empty() && password.trim().eq_ignore_ascii_case(username.trim()) {
        problems.push(FieldError::new(
            "password",
            "The password must not be the same as the username",
        ));
    }
    problems
}

/// Problems of the fields of an account (username, name, e-mail; mobile and designation when given).
pub fn account_problems(
    username: &str,
    name: &str,
    email: &str,
    mobile: Option<&str>,
    designation: Option<&str>,
) -> Vec<FieldError> {
    let mut problems = Vec::new();
    let username_ok = (3..=64).contains(&username.len())
        && username
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if !username_ok {
        // No `@`: a name with one signs in as an e-mail address, so a username must never look like one.
        problems.push(FieldError::new(
            "username",
            "The username must have 3 to 64 letters, digits or . _ - (no @: the e-mail address signs in by itself)",
        ));
    }
    if name.trim().is_empty() || name.chars().count() > 120 {
        problems.push(FieldError::new(
            "name",
            "The name is required (at most 120 characters)",
        ));
    }
    if !email_looks_valid(email) {
        problems.push(FieldError::new("email", "Enter a valid e-mail address"));
    }
    if mobile.is_some_and(|m| m.chars().count() > 20) {
        problems.push(FieldError::new(
            "mobile",
            "The mobile number has at most 20 characters",
        ));
    }
    if designation.is_some_and(|d| d.chars().count() > 120) {
        problems.push(FieldError::new(
            "designation",
            "The designation has at most 120 characters",
        ));
    }
    problems
}

pub fn email_looks_valid(email: &str) -> bool {
    let email = email.trim();
    match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
                && !email.chars().any(char::is_whitespace)
                && !domain.contains('@')
                && email.len() <= 254
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_says_what_is_wrong() {
        assert!(password_problems("Site@2026!", "priya").is_empty());
        assert_eq!(
            password_problems("short", "priya")[0].message,
            "The password must have at least 8 characters"
        );
        assert_eq!(
            password_problems("Priya.Raman", "priya.raman")[0].message,
            "The password must not be the same as the username"
        );
        assert_eq!(password_problems(&"x".repeat(129), "u").len(), 1);
        assert!(email_looks_valid("a.b@metro.example"));
        assert!(!email_looks_valid("a b@metro.example"));
        assert!(!email_looks_valid("nobody"));
        let problems = account_problems("a", "", "x", None, None);
        let fields: Vec<_> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["username", "name", "email"]);
    }
}
