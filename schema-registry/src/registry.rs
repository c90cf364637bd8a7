//! The loaded registry: every entry by name, each with its columns indexed, after the checks that need no
//! database (names, references between entries, routes, screens, pending rules).

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

use crate::filter::{self, FilterLimits};
use regex::Regex;

use crate::model::{ColumnDef, EntryDef, SqlType};

/// The column every writable table carries for optimistic concurrency (bumped by the `touch_row()` trigger).
pub const ROW_VERSION: &str = "n_row_version";

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
    index: HashMap<String, usize>,
    /// For lookup lists: the columns every signed-in user may read.
    pub display: Vec<String>,
    /// Compiled `pattern`s, by column name.
    patterns: HashMap<String, Regex>,
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

    pub fn searchable_columns(&self) -> impl Iterator<Item = &Column> {
        self.readable_columns().filter(|column| column.searchable)
    }

    /// The compiled `pattern` of a column (checked at load).
    pub fn pattern(&self, column: &str) -> Option<&Regex> {
        self.patterns.get(column)
    }

    /// The row-version column of a writable entry (checked at load), compared by updates and deletes.
    pub fn row_version(&self) -> Option<&Column> {
        self.column(ROW_VERSION)
    }

    pub fn title(&self) -> &str {
        &self.def.title
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

#[derive(Debug, Clone, Default)]
pub struct Registry {
    entries: BTreeMap<String, Entry>,
}

impl Registry {
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.get(name)
    }

    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entry whose screen is `route`.
    pub fn entry_for_route(&self, route: &str) -> Option<&Entry> {
        self.entries
            .values()
            .find(|entry| entry.def.routes.iter().any(|r| r == route))
    }

    /// Reads every `*.toml` below `dir` (sub-folders group entries, e.g. `core/`, `masters/`) and runs the
    /// checks that need no database. All problems are reported together.
    pub fn load_dir(dir: &Path) -> Result<Registry, RegistryError> {
        let mut files = Vec::new();
        let mut problems = Vec::new();
        collect_toml_files(dir, &mut files, &mut problems, dir);
        files.sort();
        let mut sources = Vec::new();
        for path in files {
            let shown = display_path(dir, &path);
            match std::fs::read_to_string(&path) {
                Ok(text) => sources.push((shown, path, text)),
                Err(error) => problems.push(whole_file(&shown, format!("cannot read: {error}"))),
            }
        }
        let parsed = sources
            .iter()
            .map(|(shown, path, text)| {
                let name = path
                    .file_stem()
                    .and_then(|stem| stem.to_str())
                    .unwrap_or_default();
                (shown.as_str(), name, text.as_str())
            })
            .collect::<Vec<_>>();
        match Registry::from_sources(&parsed) {
            Ok(registry) if problems.is_empty() => Ok(registry),
            Ok(_) => Err(RegistryError { problems }),
            Err(error) => {
                problems.extend(error.problems);
                Err(RegistryError { problems })
            }
        }
    }

    /// Builds a registry from `(shown file name, entry name, TOML text)` triples.
    pub fn from_sources(sources: &[(&str, &str, &str)]) -> Result<Registry, RegistryError> {
        let mut problems = Vec::new();
        let mut entries = BTreeMap::new();
        for &(file, name, text) in sources {
            let def: EntryDef = match toml::from_str(text) {
                Ok(def) => def,
                Err(error) => {
                    let line = error.span().map(|span| {
                        text.as_bytes()[..span.start.min(text.len())]
                            .iter()
                            .filter(|&&b| b == b'\n')
                            .count()
                            + 1
                    });
                    problems.push(Problem {
                        file: file.to_owned(),
                        line,
                        field: String::new(),
                        message: error.message().trim().to_owned(),
                    });
                    continue;
                }
            };
            if !is_identifier(name) {
                problems.push(whole_file(
                    file,
                    format!(
                        "the file name `{name}` must be a lower-case SQL identifier (a-z, 0-9, _)"
                    ),
                ));
                continue;
            }
            if let Some(previous) = entries.get(name).map(|e: &Entry| e.file.clone()) {
                problems.push(whole_file(
                    file,
                    format!("entry `{name}` is already defined in {previous}"),
                ));
                continue;
            }
            let mut index = HashMap::new();
            for (i, column) in def.columns.iter().enumerate() {
                if index.insert(column.name.clone(), i).is_some() {
                    problems.push(problem(
                        file,
                        format!("column {}", column.name),
                        "listed twice",
                    ));
                }
            }
            let table = def.table.clone().unwrap_or_else(|| name.to_owned());
            entries.insert(
                name.to_owned(),
                Entry {
                    name: name.to_owned(),
                    table,
                    file: file.to_owned(),
                    def,
                    index,
                    display: Vec::new(),
                    patterns: HashMap::new(),
                },
            );
        }
        let mut registry = Registry { entries };
        for entry in registry.entries.values() {
            check_entry(&registry, entry, &mut problems);
        }
        for entry in registry.entries.values_mut() {
            entry.patterns = compile_patterns(entry, &mut problems);
        }
        check_routes(&registry, &mut problems);
        if problems.is_empty() {
            registry.settle_display_columns();
        }
        if problems.is_empty() {
            Ok(registry)
        } else {
            Err(RegistryError { problems })
        }
    }
}

impl Registry {
    /// Fills each lookup entry's display columns: as written, or the default (primary key, `c_code`, `c_name`,
    /// and every column another entry's lookup displays).
    fn settle_display_columns(&mut self) {
        let mut displayed: HashMap<String, Vec<String>> = HashMap::new();
        for entry in self.entries.values() {
            for column in entry.columns() {
                if let Some(lookup) = &column.lookup {
                    displayed
                        .entry(lookup.entry.clone())
                        .or_default()
                        .push(lookup.display.clone());
                }
            }
        }
        for entry in self.entries.values_mut() {
            if !entry.def.lookup {
                continue;
            }
            let mut display = if entry.def.display_columns.is_empty() {
                let mut names = vec![entry.def.primary_key.clone()];
                for name in ["c_code", "c_name"] {
                    if entry.readable_column(name).is_some() {
                        names.push(name.to_owned());
                    }
                }
                names.extend(displayed.remove(&entry.name).unwrap_or_default());
                names
            } else {
                entry.def.display_columns.clone()
            };
            let mut seen = Vec::new();
            display.retain(|name| {
                let fresh = !seen.contains(name);
                seen.push(name.clone());
                fresh
            });
            entry.display = display;
        }
    }
}

fn collect_toml_files(
    dir: &Path,
    files: &mut Vec<PathBuf>,
    problems: &mut Vec<Problem>,
    root: &Path,
) {
    let listing = match std::fs::read_dir(dir) {
        Ok(listing) => listing,
        Err(error) => {
            problems.push(whole_file(
                &display_path(root, dir),
                format!("cannot read the registry folder: {error}"),
            ));
            return;
        }
    };
    for item in listing.flatten() {
        let path = item.path();
        if path.is_dir() {
            collect_toml_files(&path, files, problems, root);
        } else if path.extension().is_some_and(|ext| ext == "toml") {
            files.push(path);
        }
    }
}

/// `registry/masters/corridor.toml`: the path below the registry folder, prefixed by the folder's own name.
fn display_path(root: &Path, path: &Path) -> String {
    let folder = root
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| root.display().to_string());
    match path.strip_prefix(root) {
        Ok(relative) if relative.as_os_str().is_empty() => folder,
        Ok(relative) => format!("{folder}/{}", relative.display()),
        Err(_) => path.display().to_string(),
    }
}

pub(crate) fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('a'..='z' | '_'))
        && chars.all(|c| matches!(c, 'a'..='z' | '0'..='9' | '_'))
        && name.len() <= 63
}

fn whole_file(file: &str, message: String) -> Problem {
    Problem {
        file: file.to_owned(),
        line: None,
        field: String::new(),
        message,
    }
}

fn problem(file: &str, field: impl Into<String>, message: impl Into<String>) -> Problem {
    Problem {
        file: file.to_owned(),
        line: None,
        field: field.into(),
        message: message.into(),
    }
}

fn check_entry(registry: &Registry, entry: &Entry, problems: &mut Vec<Problem>) {
    let file = entry.file.as_str();
    let def = &entry.def;
    if !is_identifier(&entry.table) {
        problems.push(problem(
            file,
            "table",
            format!("`{}` is not a lower-case SQL identifier", entry.table),
        ));
    }
    if def.title.trim().is_empty() {
        problems.push(problem(file, "title", "must not be empty"));
    }
    if def.columns.is_empty() {
        problems.push(problem(file, "columns", "at least one column is needed"));
    }
    match entry.column(&def.primary_key) {
        None => problems.push(problem(
            file,
            "primary_key",
            format!("`{}` is not one of the listed columns", def.primary_key),
        )),
        Some(column) if column.hidden => problems.push(problem(
            file,
            "primary_key",
            "the primary key cannot be hidden",
        )),
        Some(_) => {}
    }
    for column in &def.columns {
        check_column(registry, entry, column, problems);
    }
    if !def.read_only {
        match entry.column(ROW_VERSION) {
            Some(column) if column.read_only && column.sql_type.is_integer() => {}
            _ => problems.push(problem(
                file,
                "columns",
                format!(
                    "a writable entry needs its row version: a read-only integer column `{ROW_VERSION}` \
                     (updates and deletes compare it), or read_only = true"
                ),
            )),
        }
    }
    for key in &def.default_sort {
        match entry.readable_column(&key.column) {
            None => problems.push(problem(
                file,
                "default_sort",
                format!("`{}` is not a readable column of this entry", key.column),
            )),
            Some(column) if !column.sortable => problems.push(problem(
                file,
                "default_sort",
                format!("`{}` is not sortable", key.column),
            )),
            Some(_) => {}
        }
    }
    if let Some(screen) = &def.screen {
        for name in &screen.list_columns {
            if entry.readable_column(name).is_none() {
                problems.push(problem(
                    file,
                    "screen.list_columns",
                    format!("`{name}` is not a readable column of this entry"),
                ));
            }
        }
        for section in &screen.sections {
            for name in &section.columns {
                if entry.readable_column(name).is_none() {
                    problems.push(problem(
                        file,
                        format!("screen section `{}`", section.title),
                        format!("`{name}` is not a readable column of this entry"),
                    ));
                }
            }
        }
    }
    for name in &def.display_columns {
        if entry.readable_column(name).is_none() {
            problems.push(problem(
                file,
                "display_columns",
                format!("`{name}` is not a readable column of this entry"),
            ));
        }
    }
    if !def.display_columns.is_empty() && !def.lookup {
        problems.push(problem(
            file,
            "display_columns",
            "applies to lookup entries only (lookup = true)",
        ));
    }
    if let Some(filter) = &def.every_user_reads {
        let probe = filter.replace(":user_id", "1");
        if let Err(error) = filter::compile(entry, &probe, &FilterLimits::default()) {
            problems.push(problem(file, "every_user_reads", error.to_string()));
        }
    }
    if let Some(rule) = &def.pending_for_user {
        if entry.readable_column(&rule.doc_no_column).is_none() {
            problems.push(problem(
                file,
                "pending_for_user.doc_no_column",
                format!(
                    "`{}` is not a readable column of this entry",
                    rule.doc_no_column
                ),
            ));
        }
        if !rule.filter.contains(":user_id") {
            problems.push(problem(
                file,
                "pending_for_user.filter",
                "must mention :user_id (the signed-in user)",
            ));
        }
        let probe = rule.filter.replace(":user_id", "1");
        if let Err(error) = filter::compile(entry, &probe, &FilterLimits::default()) {
            problems.push(problem(file, "pending_for_user.filter", error.to_string()));
        }
    }
}

fn check_column(registry: &Registry, entry: &Entry, column: &Column, problems: &mut Vec<Problem>) {
    let file = entry.file.as_str();
    let field = format!("column {}", column.name);
    if !is_identifier(&column.name) {
        problems.push(problem(
            file,
            &field,
            "the name must be a lower-case SQL identifier",
        ));
    }
    if column.label.trim().is_empty() {
        problems.push(problem(file, &field, "label must not be empty"));
    }
    if column.searchable && !column.sql_type.is_text() {
        problems.push(problem(file, &field, "only text columns can be searchable"));
    }
    if column.searchable && column.hidden {
        problems.push(problem(
            file,
            &field,
            "a hidden column cannot be searchable",
        ));
    }
    if let Some(default) = &column.default {
        let text = match default {
            crate::model::Bound::Number(number) => number.to_string(),
            crate::model::Bound::Text(text) => text.clone(),
        };
        if !crate::values::fits(column.sql_type, &text)
            || (!column.enum_values.is_empty() && !column.enum_values.contains(&text))
        {
            problems.push(problem(
                file,
                &field,
                format!("default `{text}` is not a value this column takes"),
            ));
        }
    }
    if column.max_length.is_some() && !column.sql_type.is_text() {
        problems.push(problem(
            file,
            &field,
            "max_length applies to text columns only",
        ));
    }
    if (column.precision.is_some() || column.scale.is_some()) && column.sql_type != SqlType::Numeric
    {
        problems.push(problem(
            file,
            &field,
            "precision and scale apply to numeric columns only",
        ));
    }
    match (column.precision, column.scale) {
        (Some(precision), _) if !(1..=1000).contains(&precision) => problems.push(problem(
            file,
            &field,
            "precision must be between 1 and 1000",
        )),
        (Some(precision), Some(scale)) if scale > precision => problems.push(problem(
            file,
            &field,
            "scale cannot be larger than precision",
        )),
        (None, Some(_)) => problems.push(problem(
            file,
            &field,
            "scale needs precision (numeric(precision, scale))",
        )),
        _ => {}
    }
    if column.pattern.is_some() && !column.sql_type.is_text() {
        problems.push(problem(
            file,
            &field,
            "pattern applies to text columns only",
        ));
    }
    if column.pattern_message.is_some() && column.pattern.is_none() {
        problems.push(problem(file, &field, "pattern_message needs a pattern"));
    }
    if column.sortable && !column.sql_type.is_ordered() {
        problems.push(problem(
            file,
            &field,
            format!(
                "{:?} columns cannot be sortable; set sortable = false",
                column.sql_type
            ),
        ));
    }
    for (name, bound) in [("min", &column.min), ("max", &column.max)] {
        match bound {
            Some(crate::model::Bound::Number(_)) if !column.sql_type.is_number() => {
                problems.push(problem(
                    file,
                    &field,
                    format!("{name} is a number but the column is not numeric"),
                ))
            }
            Some(crate::model::Bound::Text(text))
                if column.sql_type != SqlType::Date || !crate::values::is_iso_date(text) =>
            {
                problems.push(problem(
                    file,
                    &field,
                    format!("{name} must be a number, or a YYYY-MM-DD date for date columns"),
                ))
            }
            _ => {}
        }
    }
    if let Some(lookup) = &column.lookup {
        match registry.entry(&lookup.entry) {
            None => problems.push(problem(
                file,
                format!("lookup of {}", column.name),
                format!("no registry entry named `{}`", lookup.entry),
            )),
            Some(target) => {
                if target.readable_column(&lookup.display).is_none() {
                    problems.push(problem(
                        file,
                        format!("lookup of {}", column.name),
                        format!(
                            "`{}` is not a readable column of entry `{}`",
                            lookup.display, target.name
                        ),
                    ));
                }
                if !target
                    .primary_key()
                    .sql_type
                    .compatible_with(column.sql_type)
                {
                    problems.push(problem(
                        file,
                        format!("lookup of {}", column.name),
                        format!(
                            "the column's type does not match the primary key of `{}`",
                            target.name
                        ),
                    ));
                }
            }
        }
    }
}

/// Compiles every column's `pattern`; a pattern that does not compile is a problem of its file.
fn compile_patterns(entry: &Entry, problems: &mut Vec<Problem>) -> HashMap<String, Regex> {
    let mut patterns = HashMap::new();
    for column in entry.columns() {
        let Some(pattern) = &column.pattern else {
            continue;
        };
        match regex::RegexBuilder::new(pattern)
            .size_limit(1 << 20)
            .build()
        {
            Ok(regex) => {
                patterns.insert(column.name.clone(), regex);
            }
            Err(error) => problems.push(problem(
                &entry.file,
                format!("column {}", column.name),
                format!("pattern does not compile: {error}"),
            )),
        }
    }
    patterns
}

fn check_routes(registry: &Registry, problems: &mut Vec<Problem>) {
    let mut owners: HashMap<&str, &str> = HashMap::new();
    for entry in registry.entries.values() {
        for route in &entry.def.routes {
            let valid = route.starts_with('/')
                && route.len() > 1
                && route
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-'));
            if !valid {
                problems.push(problem(
                    &entry.file,
                    "routes",
                    format!("`{route}` is not a console route such as /masters/corridor"),
                ));
            }
            if let Some(other) = owners.insert(route.as_str(), entry.file.as_str()) {
                problems.push(problem(
                    &entry.file,
                    "routes",
                    format!("`{route}` is already the screen of {other}"),
                ));
            }
        }
    }
}
