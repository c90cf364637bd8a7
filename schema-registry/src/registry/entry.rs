//! A registered table or view: its definition, its columns indexed by name, its compiled patterns, and (for
//! lookups) the columns every signed-in user may read.

use std::collections::HashMap;

use regex::Regex;

use crate::model::{ColumnDef, EntryDef};
use crate::rules::Rule;
use crate::workflow::{NumberPart, NumberingDef, WorkflowDef};

/// The column every writable table carries for optimistic concurrency (bumped by the `touch_row()` trigger).
pub const ROW_VERSION: &str = "n_row_version";

/// A registered column, as the compiler and the gateway use it.
pub type Column = ColumnDef;

#[derive(Debug, Clone)]
pub struct Entry {
    /// The `t` clients send.
    pub name: String,
    /// The SQL table or view.
    pub table: String,
    /// Where it was defined, for messages.
    pub file: String,
    pub def: EntryDef,
    pub(crate) index: HashMap<String, usize>,
    /// For lookup lists: the columns every signed-in user may read.
    pub display: Vec<String>,
    /// For a lookup entry: the columns other entries' look-ups filter it by (their `same`), or read from it to
    /// filter another (a `same` through a look-up to it: an IPA line's IPA's contract), that are not display
    /// columns, readable with them by whoever may read it as a look-up (settled once at load).
    pub followed: Vec<String>,
    /// For a lookup entry: what its options show a person, in order (`option_columns`, settled at load).
    pub options: Vec<String>,
    /// Compiled `pattern`s, by column name.
    pub(crate) patterns: HashMap<String, Regex>,
    /// Parsed `[[rules]]`, in file order.
    pub(crate) rules: Vec<Rule>,
    /// The file's text, for the line numbers of problems found after parsing.
    pub(crate) source: std::sync::Arc<str>,
    /// The `[numbering]` pattern, its lookups resolved to columns (checked at load).
    pub(crate) numbering: Vec<NumberPart>,
    /// For a child register: its parent entry and the column holding the parent's key.
    pub parent: Option<ParentLink>,
    /// For a child register: the parent's routes, whose permissions are the child's.
    pub(crate) inherited_routes: Vec<String>,
    /// The dashboards whose widgets read this view (their routes let one read it, as a screen's route does).
    pub(crate) dashboard_routes: Vec<String>,
    /// How `scope = "package"` limits rows (resolved at load).
    pub scope: Option<ScopePath>,
    /// How `readers_see` limits rows (resolved at load): the entry's own rule, or its parent's.
    pub readers: Option<ReadersPath>,
    /// The registers whose read rules a view's rows inherit (`reads_through`, resolved at load).
    pub through: Vec<Through>,
}

/// A register whose read rule a view's rows inherit: the view's column naming its rows, and the register (with
/// its scope and rule resolved).
#[derive(Debug, Clone)]
pub struct Through {
    pub column: String,
    pub source: Box<Entry>,
}

/// Whose `readers_see` limits an entry's rows.
#[derive(Debug, Clone)]
pub enum ReadersPath {
    /// The entry's own rule.
    Own,
    /// A child register: the rows whose parent (`key`) the parent's rule lets the caller reach.
    Parent { key: String, parent: Box<Entry> },
}

/// Where a scoped entry's package is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScopePath {
    /// This column holds the package.
    Column(String),
    /// A child register: `key` names a parent row (`parent_table`.`parent_key`) whose `column` holds the package.
    Parent {
        key: String,
        parent_table: String,
        parent_key: String,
        column: String,
    },
}

/// A child register's parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParentLink {
    pub entry: String,
    /// The child's column holding the parent's key.
    pub key: String,
}

impl Entry {
    pub fn columns(&self) -> &[Column] {
        &self.def.columns
    }

    /// A column by name, hidden ones included (the gateway decides what a client may see).
    pub fn column(&self, name: &str) -> Option<&Column> {
        self.index.get(name).map(|&i| &self.def.columns[i])
    }

    /// A column a client may name: registered and not hidden.
    pub fn readable_column(&self, name: &str) -> Option<&Column> {
        self.column(name).filter(|column| !column.hidden)
    }

    /// Every column a client may read, in file order.
    pub fn readable_columns(&self) -> impl Iterator<Item = &Column> {
        self.def.columns.iter().filter(|column| !column.hidden)
    }

    pub fn primary_key(&self) -> &Column {
        // Checked at load: the primary key is a registered column.
        &self.def.columns[self.index[&self.def.primary_key]]
    }

    /// The columns a register's list shows: `[screen] list_columns`, or else every visible writable column but
    /// the key.
    pub fn list_columns(&self) -> Vec<String> {
        match self.def.screen.as_ref().map(|s| &s.list_columns) {
            Some(columns) if !columns.is_empty() => columns.clone(),
            _ => self
                .readable_columns()
                .filter(|c| c.name != self.def.primary_key && !c.read_only)
                .map(|c| c.name.clone())
                .collect(),
        }
    }

    pub fn searchable_columns(&self) -> impl Iterator<Item = &Column> {
        self.readable_columns().filter(|column| column.searchable)
    }

    /// The compiled `pattern` of a column (checked at load).
    pub fn pattern(&self, column: &str) -> Option<&Regex> {
        self.patterns.get(column)
    }

    /// The row-version column of a writable entry (checked at load), compared by updates and deletes.
    /// The rules over several columns every record must meet.
    pub fn rules(&self) -> &[Rule] {
        &self.rules
    }

    /// The routes whose permissions decide who may read and write this entry: its own and, for a child register,
    /// its parent's (a child with routes of its own is also a screen listing lines across parents); for a view a
    /// dashboard shows, the dashboards' routes (reading only: a view has no actions).
    pub fn access_routes(&self) -> impl Iterator<Item = &String> {
        self.def
            .routes
            .iter()
            .chain(self.inherited_routes.iter())
            .chain(self.dashboard_routes.iter())
    }

    /// For a child register: its parent's writing routes, whose Update lets one add, change and delete its lines.
    pub fn parent_routes(&self) -> &[String] {
        &self.inherited_routes
    }

    /// The entry's routes whose grants may write it: all but those its `[[screen.routes]]` make `read_only`.
    pub fn writing_routes(&self) -> impl Iterator<Item = &String> {
        self.def
            .routes
            .iter()
            .filter(|route| !self.reads_only_at(route))
    }

    /// Whether `route` shows the entry to read only (`read_only` of its `[[screen.routes]]`).
    pub fn reads_only_at(&self, route: &str) -> bool {
        self.def.screen.as_ref().is_some_and(|screen| {
            screen
                .routes
                .iter()
                .any(|at| at.route == route && at.read_only)
        })
    }

    /// The `[[workflow.editors]]` groups naming `column`, directly or through a form section holding it (none:
    /// anyone with the register's Update may change it).
    pub fn editors_of(&self, column: &str) -> Vec<&crate::workflow::EditorsDef> {
        let Some(workflow) = self.workflow() else {
            return Vec::new();
        };
        let sections = self
            .def
            .screen
            .as_ref()
            .map(|s| s.sections.as_slice())
            .unwrap_or_default();
        workflow
            .editors
            .iter()
            .filter(|group| {
                group.fields.iter().any(|f| f == column)
                    || group.sections.iter().any(|title| {
                        sections
                            .iter()
                            .any(|s| &s.title == title && s.columns.iter().any(|c| c == column))
                    })
            })
            .collect()
    }

    /// The `[[workflow.editors]]` groups naming the child register `child` in `lines`.
    pub fn line_editors_of(&self, child: &str) -> Vec<&crate::workflow::EditorsDef> {
        self.workflow()
            .map(|workflow| {
                workflow
                    .editors
                    .iter()
                    .filter(|group| group.lines.iter().any(|l| l == child))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn workflow(&self) -> Option<&WorkflowDef> {
        self.def.workflow.as_ref()
    }

    /// The numbering section and its resolved pattern.
    pub fn numbering(&self) -> Option<(&NumberingDef, &[NumberPart])> {
        self.def
            .numbering
            .as_ref()
            .map(|def| (def, self.numbering.as_slice()))
    }

    pub fn row_version(&self) -> Option<&Column> {
        self.column(ROW_VERSION)
    }

    pub fn title(&self) -> &str {
        &self.def.title
    }

    /// What one record is called (`singular`, else the title).
    pub fn singular(&self) -> &str {
        self.def.singular.as_deref().unwrap_or(&self.def.title)
    }

    /// The same entry with every column outside `visible` hidden: what a caller allowed only those columns sees
    /// (selected, filtered and sorted alike).
    pub fn restricted_to(&self, visible: &[String]) -> Entry {
        let mut restricted = self.clone();
        for column in &mut restricted.def.columns {
            if !visible.contains(&column.name) {
                column.hidden = true;
                column.searchable = false;
            }
        }
        restricted
    }
}

pub(crate) fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('a'..='z' | '_'))
        && chars.all(|c| matches!(c, 'a'..='z' | '0'..='9' | '_'))
        && name.len() <= 63
}
