//! `[upload]`: a record uploaded with its files in one call, the files kept on a line of a child register (a
//! document and its first revision), and the next line uploaded the same way while the record's state allows
//! (the document's next version in WIP). `POST /api/data/{entry}/upload` and `POST /api/data/{entry}/{id}/upload`
//! run the register's write path (permissions, package scope, validation, numbering, the workflow's initial state,
//! audit) with the files' checks and text, in one transaction. See docs/registry.md "Upload with files".

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The upload of a register (`[upload]`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct UploadDef {
    /// The child register (lines of this one) whose line keeps the files: a document's revisions.
    pub lines: String,
    /// This register's look-up of `lines` naming the line the database makes with a new record (a document's
    /// current revision, P01.01): a new record's files go on it.
    pub first_line: String,
    /// The workflow states in which a next line may be uploaded (a document's next version, in WIP); none: a
    /// record takes files on its first line only.
    #[serde(default)]
    pub next_in: Vec<String>,
    /// The line's columns the uploader of a next line may fill besides its files (what changed).
    #[serde(default)]
    pub next_fields: Vec<String>,
    /// The 409 of a next line in another state: a sentence telling what to do.
    #[serde(default = "default_refused")]
    pub refused: String,
    /// The 409 of a next line in a given state, when that state has its own advice (Archived: read-only).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub refused_in: BTreeMap<String, String>,
}

fn default_refused() -> String {
    "This record takes no new files in its state".to_owned()
}

impl UploadDef {
    /// The refusal of a next line in `state`.
    pub fn refusal(&self, state: &str) -> &str {
        self.refused_in.get(state).unwrap_or(&self.refused)
    }
}
