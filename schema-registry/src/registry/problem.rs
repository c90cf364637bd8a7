//! Problems in registry files, reported all together with the file (and line) they are in.

use std::fmt;

/// A problem in one registry file: `registry/masters/corridor.toml: column c_nam: no such column in table corridor`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file as an administrator sees it, relative to the registry folder's parent.
    pub file: String,
    /// The line, when the problem comes from the TOML parser.
    pub line: Option<usize>,
    /// Which part of the file (`column c_nam`, `routes`, `lookup of n_corridor`); empty for whole-file problems.
    pub field: String,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every problem found, so that an administrator fixes them in one round.
#[derive(Debug, Clone, thiserror::Error)]
pub struct RegistryError {
    pub problems: Vec<Problem>,
}

impl fmt::Display for RegistryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.problems.len();
        write!(
            f,
            "the schema registry has {count} problem{}:",
            if count == 1 { "" } else { "s" }
        )?;
        for problem in &self.problems {
            write!(f, "\n  {problem}")?;
        }
        Ok(())
    }
}

pub(crate) fn whole_file(file: &str, message: String) -> Problem {
    Problem {
        file: file.to_owned(),
        line: None,
        field: String::new(),
        message,
    }
}

pub(crate) fn problem(file: &str, field: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem {
        file: file.to_owned(),
        line: None,
        field: field.into(),
        message: message.into(),
    }
}
