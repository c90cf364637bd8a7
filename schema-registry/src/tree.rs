//! `[tree]`: a register whose records sit inside one another (an explorer's folders), each under the record its
//! `parent` look-up names, or at the top. The engine keeps it a tree: an update that would put a record inside
//! itself or one of its own descendants is refused under the parent's field, whoever writes it (the console, the
//! API, an import, SQL beside the gateway): `gateway registry plan` gives the table the guard's trigger, and the
//! gateway words the database's refusal. The console reads the tree's columns from the screen's metadata
//! (`tree`), so no screen names them. See docs/registry.md "Trees".

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A register's tree (`[tree]`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TreeDef {
    /// This register's look-up of itself naming the record a record sits inside (blank: at the top). The name a
    /// record shows in the tree is what that look-up displays.
    pub parent: String,
    /// A number column ordering the records under one parent (then by name); none: by name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// For the folders of a searched register's explorer: the text column holding the search words a folder
    /// stands for ("bearing pier").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    /// For the folders of a searched register's explorer: the columns whose values a file dropped into a folder
    /// starts from, each named as the searched register's column it fills (project, package, number parts).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fills: Vec<String>,
}

/// The database function every tree's trigger runs (created by migration V64): it refuses an update that puts a
/// record inside itself or one of its own, as a CHECK would, naming the constraint [`constraint_name`].
pub const GUARD_FUNCTION: &str = "tree_guard";

/// The name the guard's refusal carries (`<table>_tree_check`), by which the gateway knows it.
pub fn constraint_name(table: &str) -> String {
    format!("{table}_tree_check")
}

/// The trigger that keeps `table`'s records a tree: the guard, on every change of the parent column.
pub fn trigger_sql(table: &str, tree: &TreeDef, primary_key: &str) -> String {
    format!(
        "CREATE TRIGGER {table}_tree BEFORE UPDATE OF {parent} ON {table} FOR EACH ROW EXECUTE FUNCTION \
         {GUARD_FUNCTION}('{parent}', '{primary_key}')",
        parent = tree.parent
    )
}

/// The refusal of a record put inside itself or one of its own, under the parent's field (`label` its label).
pub fn refusal(label: &str, singular: &str) -> String {
    format!("{label}: this {singular} cannot be put inside itself or inside one of its own")
}
