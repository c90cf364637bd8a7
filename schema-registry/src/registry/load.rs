//! Loading a folder of registry files (or TOML texts): parsing, indexing, the checks of `check`, and the
//! lookups' display columns.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use crate::model::EntryDef;

use crate::workflow::NumberPart;

use super::check::{check_entry, check_imports, check_routes, compile_patterns, compile_rules};
use super::check_calendar::check_calendar;
use super::check_dashboard::load_dashboards;
use super::check_full_text::check_full_text;
use super::check_levels::check_levels;
use super::check_process::{
    check_copy, check_follow_ups, check_workflow, link_children, resolve_numbering,
    resolve_readers, resolve_scopes, resolve_through,
};
use super::check_tree::check_tree;
use super::check_upload::check_upload;
use super::entry::{is_identifier, Entry};
use super::problem::{problem, whole_file, Problem, RegistryError};
use super::Registry;

impl Registry {
    /// Reads every `*.toml` below `dir` (sub-folders group entries by domain, e.g. `masters/`, `quality/`) and runs the
    /// checks that need no database. All problems are reported together.
    pub fn load_dir(dir: &Path) -> Result<Registry, RegistryError> {
        Registry::load_dirs(&[dir])
    }

    /// Reads the `*.toml` files below several folders as one registry, as [`Registry::load_dir`] reads one: the
    /// product's folder first (its files shown as `load_dir` shows them), then others such as a site's own, whose
    /// files are shown by their path as given (`site/registry/hindrance.toml`). An entry defined in two files, in
    /// one folder or in two, is a problem naming both.
    pub fn load_dirs(dirs: &[&Path]) -> Result<Registry, RegistryError> {
        let mut problems = Vec::new();
        let mut sources = Vec::new();
        for (i, dir) in dirs.iter().enumerate() {
            // A further folder is named by its path as given, not by its last part alone.
            if i > 0 {
                if let Err(error) = std::fs::read_dir(dir) {
                    let message = format!("cannot read the registry folder: {error}");
                    problems.push(whole_file(&dir.display().to_string(), message));
                    continue;
                }
            }
            let mut files = Vec::new();
            collect_toml_files(dir, &mut files, &mut problems, dir);
            files.sort();
            for path in files {
                let shown = match i {
                    0 => display_path(dir, &path),
                    _ => path.display().to_string(),
                };
                match std::fs::read_to_string(&path) {
                    Ok(text) => sources.push((shown, path, text)),
                    Err(error) => {
                        problems.push(whole_file(&shown, format!("cannot read: {error}")))
                    }
                }
            }
        }
        // `dashboards/` below the product's folder or a site's holds dashboard files, not entries.
        let (dashboards, sources): (Vec<_>, Vec<_>) = sources
            .into_iter()
            .partition(|(_, path, _)| is_dashboard_file(dirs, path));
        let dashboards = dashboards
            .iter()
            .map(|(shown, _, text)| (shown.as_str(), text.as_str()))
            .collect::<Vec<_>>();
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
        match Registry::from_files(&parsed, &dashboards) {
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
        Registry::from_files(sources, &[])
    }

    /// [`Registry::from_sources`] with dashboard files: `(shown file name, TOML text)` of each
    /// `dashboards/*.toml`, checked against the entries.
    pub fn from_files(
        sources: &[(&str, &str, &str)],
        dashboards: &[(&str, &str)],
    ) -> Result<Registry, RegistryError> {
        let mut problems = Vec::new();
        let mut entries = BTreeMap::new();
        // Entries whose file does not parse: what other files say about them is a knock-on of that one error.
        let mut unparsed: Vec<(String, String)> = Vec::new();
        for &(file, name, text) in sources {
            let def: EntryDef = match toml::from_str(text) {
                Ok(def) => def,
                Err(error) => {
                    unparsed.push((name.to_owned(), file.to_owned()));
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
            let mut def = def;
            if def.bookkeeping {
                add_bookkeeping(&mut def);
            }
            say_once(&mut def);
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
                    followed: Vec::new(),
                    options: Vec::new(),
                    patterns: HashMap::new(),
                    rules: Vec::new(),
                    source: text.into(),
                    numbering: Vec::new(),
                    parent: None,
                    inherited_routes: Vec::new(),
                    dashboard_routes: Vec::new(),
                    scope: None,
                    readers: None,
                    through: Vec::new(),
                },
            );
        }
        let mut registry = Registry {
            entries,
            dashboards: BTreeMap::new(),
        };
        for entry in registry.entries.values() {
            check_entry(&registry, entry, &mut problems);
        }
        for entry in registry.entries.values_mut() {
            entry.patterns = compile_patterns(entry, &mut problems);
            entry.rules = compile_rules(entry, &mut problems);
        }
        for entry in registry.entries.values() {
            check_workflow(&registry, entry, &mut problems);
            check_copy(entry, &mut problems);
            check_follow_ups(entry, &mut problems);
        }
        let numbering: Vec<(String, Vec<NumberPart>)> = registry
            .entries
            .values()
            .map(|entry| {
                (
                    entry.name.clone(),
                    resolve_numbering(&registry, entry, &mut problems),
                )
            })
            .collect();
        for (name, parts) in numbering {
            if let Some(entry) = registry.entries.get_mut(&name) {
                entry.numbering = parts;
            }
        }
        link_children(&mut registry, &mut problems);
        // After the lines are linked to their parents: a search's file lines must be one's own.
        for entry in registry.entries.values() {
            check_full_text(&registry, entry, &mut problems);
            check_upload(&registry, entry, &mut problems);
            check_tree(entry, &mut problems);
            check_calendar(entry, &mut problems);
            check_levels(&registry, entry, &mut problems);
        }
        resolve_scopes(&mut registry, &mut problems);
        resolve_readers(&mut registry, &mut problems);
        resolve_through(&mut registry, &mut problems);
        check_routes(&registry, &mut problems);
        check_imports(&registry, &mut problems);
        load_dashboards(&mut registry, dashboards, &mut problems);
        // After the dashboards: their `[languages.*]` are checked with the registers'.
        crate::languages::check(&registry, &mut problems);
        problems.retain(|problem| {
            !unparsed.iter().any(|(name, file)| {
                &problem.file != file
                    && (problem.message.contains(&format!("`{name}`"))
                        || problem.message.contains(&format!("{{{name}.")))
            })
        });
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
    /// and every column another entry's lookup displays); and the columns other look-ups follow (`same`, of the
    /// looked-up entry or of a record on the way).
    fn settle_display_columns(&mut self) {
        let mut displayed: HashMap<String, Vec<String>> = HashMap::new();
        let mut followed: HashMap<String, Vec<String>> = HashMap::new();
        for entry in self.entries.values() {
            for column in entry.columns() {
                if let Some(lookup) = &column.lookup {
                    displayed
                        .entry(lookup.entry.clone())
                        .or_default()
                        .push(lookup.display.clone());
                    followed
                        .entry(lookup.entry.clone())
                        .or_default()
                        .extend(lookup.same.keys().cloned());
                    // The columns a look-up's `where` reads: the form narrows the options by them.
                    if let (Some(condition), Some(target)) =
                        (&lookup.condition, self.entries.get(&lookup.entry))
                    {
                        followed
                            .entry(lookup.entry.clone())
                            .or_default()
                            .extend(crate::rules::condition_columns(target, condition));
                    }
                    // A column of another record the look-up follows (an IPA line's IPA's contract): the form
                    // reads it from that record as a look-up.
                    for ours in lookup.same.values() {
                        let crate::model::Follows::Through { column, of } =
                            crate::model::Follows::parse(ours)
                        else {
                            continue;
                        };
                        if let Some(middle) = entry.column(column).and_then(|c| c.lookup.as_ref()) {
                            followed
                                .entry(middle.entry.clone())
                                .or_default()
                                .push(of.to_owned());
                        }
                    }
                }
            }
        }
        for entry in self.entries.values_mut() {
            if !entry.def.lookup {
                // Read by those who may read the register: any column it lists may show.
                entry.options = entry.def.option_columns.clone();
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
            // What an option shows is read as a display column.
            display.extend(entry.def.option_columns.iter().cloned());
            let mut seen = Vec::new();
            display.retain(|name| {
                let fresh = !seen.contains(name);
                seen.push(name.clone());
                fresh
            });
            let mut filters = followed.remove(&entry.name).unwrap_or_default();
            filters.sort();
            filters.dedup();
            filters.retain(|name| !display.contains(name));
            // What an option shows: as written, or the display columns less the key and the look-ups (other
            // rows' keys).
            entry.options = if entry.def.option_columns.is_empty() {
                display
                    .iter()
                    .filter(|name| {
                        **name != entry.def.primary_key
                            && entry.column(name).is_some_and(|c| c.lookup.is_none())
                    })
                    .cloned()
                    .collect()
            } else {
                entry.def.option_columns.clone()
            };
            entry.followed = filters;
            entry.display = display;
        }
    }
}

/// What a file need not repeat: a workflow's state column allows exactly the workflow's states (its `enum`,
/// unless the file lists one, which the process checks hold to the states), and a generated or import-only column is
/// read-only (to everything but imports).
fn say_once(def: &mut EntryDef) {
    if let Some(workflow) = &def.workflow {
        let states: Vec<String> = workflow.states.iter().map(|s| s.name.clone()).collect();
        if let Some(column) = def
            .columns
            .iter_mut()
            .find(|c| c.name == workflow.state_column)
        {
            if column.enum_values.is_empty() {
                column.enum_values = states;
            }
        }
    }
    for column in &mut def.columns {
        if column.generated.is_some() || column.import_only {
            column.read_only = true;
        }
    }
}

/// The bookkeeping columns of `bookkeeping = true` that the file does not list itself.
fn add_bookkeeping(def: &mut EntryDef) {
    use crate::model::{ColumnDef, LookupDef, SqlType, Stamp};
    let column = |name: &str, sql_type: SqlType, label: &str| ColumnDef {
        name: name.to_owned(),
        sql_type,
        label: label.to_owned(),
        required: false,
        max_length: None,
        min: None,
        max: None,
        precision: None,
        scale: None,
        format: None,
        pattern: None,
        pattern_message: None,
        help: None,
        enum_values: Vec::new(),
        meanings: Default::default(),
        lookup: None,
        read_only: true,
        hidden: false,
        searchable: false,
        sortable: true,
        snapshot: false,
        stamp: None,
        default: None,
        generated: None,
        import_only: false,
    };
    let listed = |def: &EntryDef, name: &str| def.columns.iter().any(|c| c.name == name);
    if !listed(def, &def.primary_key.clone()) && def.primary_key == "id" {
        def.columns.insert(0, column("id", SqlType::Bigint, "ID"));
    }
    let stamped = |def: &EntryDef, stamp: Stamp| def.columns.iter().any(|c| c.stamp == Some(stamp));
    for (stamp, name, label) in [
        (Stamp::Creator, "n_created_by", "Created by"),
        (Stamp::Editor, "n_updated_by", "Last changed by"),
    ] {
        if !stamped(def, stamp) && !listed(def, name) {
            let mut user = column(name, SqlType::Bigint, label);
            user.stamp = Some(stamp);
            user.lookup = Some(LookupDef {
                entry: "v_user_list".to_owned(),
                display: "name".to_owned(),
                ..Default::default()
            });
            def.columns.push(user);
        }
    }
    for (name, sql_type, label) in [
        (
            crate::registry::ROW_VERSION,
            SqlType::Integer,
            "Row version",
        ),
        ("d_created_at", SqlType::Timestamptz, "Created"),
        ("d_updated_at", SqlType::Timestamptz, "Updated"),
    ] {
        if !listed(def, name) {
            def.columns.push(column(name, sql_type, label));
        }
    }
}

/// Whether `path` is a dashboard file: in a `dashboards` folder directly below one of the registry folders.
fn is_dashboard_file(dirs: &[&Path], path: &Path) -> bool {
    dirs.iter().any(|dir| {
        path.strip_prefix(dir)
            .ok()
            .and_then(|relative| relative.components().next())
            .is_some_and(|first| first.as_os_str() == "dashboards")
    })
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
