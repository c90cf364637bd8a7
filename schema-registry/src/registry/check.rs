//! The checks of registry files that need no database: names, types and rules of columns, references between
//! entries (lookups), routes, screens, pending and every-user rules (which must compile as filters).

use std::collections::HashMap;

use regex::Regex;

use crate::filter::{self, FilterLimits};
use crate::model::{Follows, SqlType, Stamp};
use crate::rules::Rule;

use super::entry::{is_identifier, Column, Entry, ROW_VERSION};
use super::problem::{problem, Problem};
use super::Registry;

pub(super) fn check_entry(registry: &Registry, entry: &Entry, problems: &mut Vec<Problem>) {
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
    if let Some(records_of) = &def.records_of {
        if !entry
            .column(records_of)
            .is_some_and(|column| column.sql_type.is_text() && !column.hidden)
        {
            problems.push(problem(
                file,
                "records_of",
                format!("`{records_of}` must be a readable text column of this entry"),
            ));
        }
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
        for name in &screen.phone_columns {
            let listed = screen.list_columns.is_empty() || screen.list_columns.contains(name);
            if entry.readable_column(name).is_none() || !listed {
                problems.push(problem(
                    file,
                    "screen.phone_columns",
                    format!("`{name}` is not one of the list's columns"),
                ));
            }
        }
        check_route_screens(entry, &screen.routes, problems);
        if let Some(position) = &screen.position {
            for name in [&position.latitude, &position.longitude] {
                let numeric = entry
                    .readable_column(name)
                    .is_some_and(|c| c.sql_type.is_number() && !c.read_only);
                if !numeric {
                    problems.push(problem(
                        file,
                        "screen.position",
                        format!("`{name}` must be a writable number column of this entry"),
                    ));
                }
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
    for name in &def.option_columns {
        if entry.readable_column(name).is_none() {
            problems.push(problem(
                file,
                "option_columns",
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
    if let Some(rule) = &def.readers_see {
        let unknown = crate::readers::unknown_placeholders(rule);
        if !unknown.is_empty() {
            problems.push(problem(
                file,
                "readers_see",
                format!(
                    "unknown placeholder {}; a rule names the caller by :user_id and their organisation by :org_id",
                    unknown.join(", ")
                ),
            ));
        } else {
            let probe = crate::readers::rule_text(
                rule,
                crate::readers::Reader {
                    user_id: 1,
                    organization: Some(1),
                },
            );
            if let Err(error) = filter::compile(entry, &probe, &FilterLimits::default()) {
                problems.push(problem(file, "readers_see", error.to_string()));
            }
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

/// The column `of` of the record `entry`'s look-up column `name` names (a `same` of `name.of`), or why not.
fn followed_through<'r>(
    registry: &'r Registry,
    entry: &Entry,
    name: &str,
    of: &str,
) -> Result<&'r Column, String> {
    let Some(column) = entry.column(name) else {
        return Err(format!(
            "same: `{name}` is not a column of entry `{}`",
            entry.name
        ));
    };
    let Some(middle) = column
        .lookup
        .as_ref()
        .and_then(|lookup| registry.entry(&lookup.entry))
    else {
        return Err(format!(
            "same: `{name}.{of}` follows a column of another record through `{name}`, which is not a look-up"
        ));
    };
    if of.contains('.') {
        return Err(format!(
            "same: `{name}.{of}` goes through more than one look-up; name a column of the record `{name}` looks up"
        ));
    }
    middle.readable_column(of).ok_or_else(|| {
        format!(
            "same: `{of}` is not a readable column of entry `{}` (which `{name}` looks up)",
            middle.name
        )
    })
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
    for (value, meaning) in &column.meanings {
        if !column.enum_values.contains(value) {
            problems.push(problem(
                file,
                &field,
                format!("meanings: `{value}` is not one of the column's enum values"),
            ));
        } else if meaning.trim().is_empty() {
            problems.push(problem(
                file,
                &field,
                format!("meanings: the meaning of `{value}` is empty"),
            ));
        }
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
    if column.import_only {
        let server_fills = column.hidden
            || column.stamp.is_some()
            || column.generated.is_some()
            || column.name == entry.def.primary_key
            || entry
                .workflow()
                .is_some_and(|w| w.state_column == column.name)
            || entry
                .def
                .numbering
                .as_ref()
                .is_some_and(|n| n.column == column.name);
        if server_fills {
            problems.push(problem(
                file,
                &field,
                "import_only is for a column an import's file fills; this one is hidden, the key, stamped, \
                 generated, the workflow's state or the number, which the server fills (the state of imported \
                 records: `arrives_in` of the import)",
            ));
        }
    }
    if let Some(default) = &column.default {
        let text = match default {
            crate::model::Bound::Number(number) => number.to_string(),
            crate::model::Bound::Text(text) => text.clone(),
        };
        // Defaults a form works out when it opens: today's date, the signed-in user, the user's one package.
        let relative = match text.as_str() {
            "today" => Some(column.sql_type == SqlType::Date),
            "now" => Some(matches!(
                column.sql_type,
                SqlType::Timestamp | SqlType::Timestamptz
            )),
            "me" => Some(
                column.sql_type.is_integer()
                    && column
                        .lookup
                        .as_ref()
                        .is_some_and(|l| l.entry == "v_user_list" || l.entry == "users"),
            ),
            "my_package" => Some(
                column.sql_type.is_integer()
                    && column.lookup.as_ref().is_some_and(|l| l.entry == "package"),
            ),
            // The only row the look-up offers the record (a package's only contract).
            "only" => Some(column.lookup.is_some()),
            _ => None,
        };
        if let Some(fits) = relative {
            if !fits {
                problems.push(problem(
                    file,
                    &field,
                    format!(
                        "default `{text}` fits only a date column (today), a column looking up users (me), \
                         one looking up packages (my_package) or a look-up (only)"
                    ),
                ));
            }
        } else if !crate::values::fits(column.sql_type, &text)
            || (!column.enum_values.is_empty() && !column.enum_values.contains(&text))
        {
            problems.push(problem(
                file,
                &field,
                format!("default `{text}` is not a value this column takes"),
            ));
        }
    }
    if column.snapshot
        && (entry.def.records_of.is_none()
            || !matches!(column.sql_type, SqlType::Json | SqlType::Jsonb))
    {
        problems.push(problem(
            file,
            &field,
            "a snapshot column is a json/jsonb column of an entry with records_of",
        ));
    }
    match column.stamp {
        Some(Stamp::Creator | Stamp::Editor)
            if !column.read_only || !column.sql_type.is_integer() =>
        {
            problems.push(problem(
                file,
                &field,
                "a stamped column holds a user's id set by the server: an integer column with read_only = true",
            ))
        }
        Some(Stamp::Organisation)
            if !column.sql_type.is_integer()
                || column
                    .lookup
                    .as_ref()
                    .is_none_or(|lookup| lookup.entry != "organization") =>
        {
            problems.push(problem(
                file,
                &field,
                "stamp = \"organisation\" holds an organisation's key: an integer column with lookup = { entry = \"organization\", … }",
            ))
        }
        Some(Stamp::OrganisationCode) if !column.sql_type.is_text() || column.lookup.is_some() => {
            problems.push(problem(
                file,
                &field,
                "stamp = \"organisation_code\" holds an organisation's code: a text column without a lookup",
            ))
        }
        _ => {}
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
    if column
        .help
        .as_deref()
        .is_some_and(|help| help.trim().is_empty())
    {
        problems.push(problem(
            file,
            &field,
            "help is empty: say what to write, or leave it out",
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
                if column.sql_type != SqlType::Date
                    || !(crate::values::is_iso_date(text) || text == crate::record::TODAY) =>
            {
                problems.push(problem(
                    file,
                    &field,
                    format!(
                        "{name} must be a number, or a YYYY-MM-DD date or \"today\" for date columns"
                    ),
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
                } else if !target.def.display_columns.is_empty()
                    && !target.def.display_columns.contains(&lookup.display)
                {
                    // Only the display columns are read as a look-up's names: another would show the raw key.
                    problems.push(problem(
                        file,
                        format!("lookup of {}", column.name),
                        format!(
                            "`{}` is not one of the display_columns of entry `{}` ({}): add it there, or \
                             display one of them",
                            lookup.display,
                            target.name,
                            target.def.display_columns.join(", ")
                        ),
                    ));
                }
                for (theirs, ours) in &lookup.same {
                    let target_column = target.readable_column(theirs);
                    let own_column = match Follows::parse(ours) {
                        Follows::Own(name) => entry.column(name).ok_or_else(|| {
                            format!("same: `{name}` is not a column of entry `{}`", entry.name)
                        }),
                        Follows::Through { column: name, of } => {
                            followed_through(registry, entry, name, of)
                        }
                    };
                    let message = match (target_column, own_column) {
                        (None, _) => Some(format!(
                            "same: `{theirs}` is not a readable column of entry `{}`",
                            target.name
                        )),
                        (_, Err(message)) => Some(message),
                        (Some(a), Ok(b)) if !a.sql_type.compatible_with(b.sql_type) => {
                            Some(format!(
                                "same: `{}.{theirs}` and `{ours}` are of different types",
                                target.name
                            ))
                        }
                        _ => None,
                    };
                    if let Some(message) = message {
                        problems.push(problem(file, format!("lookup of {}", column.name), message));
                    }
                }
                let where_problem = match (&lookup.condition, &lookup.choose) {
                    (Some(condition), choose) => {
                        // `:user_id` (the person writing) is the one placeholder a look-up knows: the console
                        // fills it in for the options, the gateway for the check.
                        let unknown: Vec<String> = crate::readers::unknown_placeholders(condition)
                            .into_iter()
                            .chain(condition.contains(":org_id").then(|| ":org_id".to_owned()))
                            .collect();
                        let filled = crate::readers::rule_text(
                            condition,
                            crate::readers::Reader {
                                user_id: 1,
                                organization: Some(1),
                            },
                        );
                        let compiled = filter::compile(target, &filled, &FilterLimits::default());
                        match (compiled, choose) {
                            _ if !unknown.is_empty() => Some(format!(
                                "where: {} is not a placeholder a look-up knows (only :user_id)",
                                unknown.join(", ")
                            )),
                            (Err(error), _) => Some(format!("where: {error}")),
                            (Ok(_), Some(choose)) if !choose.trim().is_empty() => None,
                            (Ok(_), _) => Some(
                                "where needs `choose`: what the rows it offers are, as a refusal says it \
                                 (\"a certified IPA\")"
                                    .to_owned(),
                            ),
                        }
                    }
                    (None, Some(_)) => Some("choose applies only with `where`".to_owned()),
                    (None, None) => None,
                };
                if let Some(message) = where_problem {
                    problems.push(problem(file, format!("lookup of {}", column.name), message));
                }
                // A target without its key listed is refused under its own file; no panic here.
                let target_key = target.column(&target.def.primary_key);
                if target_key.is_some_and(|key| !key.sql_type.compatible_with(column.sql_type)) {
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
pub(super) fn compile_patterns(
    entry: &Entry,
    problems: &mut Vec<Problem>,
) -> HashMap<String, Regex> {
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

/// Parses each `[[rules]]` check with the filter language and checks that it compiles against the entry, that
/// it names fields of the entry, and that it says something.
pub(super) fn compile_rules(entry: &Entry, problems: &mut Vec<Problem>) -> Vec<Rule> {
    let mut rules = Vec::new();
    for (i, rule) in entry.def.rules.iter().enumerate() {
        let field = format!("rules[{i}]");
        let before = problems.len();
        if rule.message.trim().is_empty() {
            problems.push(problem(&entry.file, &field, "message is empty"));
        }
        if rule.fields.is_empty() {
            problems.push(problem(
                &entry.file,
                &field,
                "fields must name at least one column the message appears under",
            ));
        }
        for name in &rule.fields {
            if entry.column(name).is_none() {
                problems.push(problem(
                    &entry.file,
                    &field,
                    format!("field `{name}` is not a column of this entry"),
                ));
            }
        }
        let limits = FilterLimits::default();
        let parsed = filter::parse(&rule.check, &limits, &entry.name).and_then(|parsed| {
            filter::compile(entry, &rule.check, &limits)?;
            Ok(parsed)
        });
        let condition = match parsed {
            Ok(parsed)
                if !parsed.order.is_empty()
                    || parsed.limit.is_some()
                    || parsed.offset.is_some() =>
            {
                problems.push(problem(
                    &entry.file,
                    &field,
                    "check is a condition only (no ORDER BY, LIMIT or OFFSET)",
                ));
                None
            }
            Ok(parsed) if parsed.condition.is_none() => {
                problems.push(problem(&entry.file, &field, "check is empty"));
                None
            }
            Ok(parsed) => parsed.condition,
            Err(error) => {
                problems.push(problem(&entry.file, &field, format!("check: {error}")));
                None
            }
        };
        if let (Some(condition), true) = (condition, problems.len() == before) {
            rules.push(Rule {
                condition,
                message: rule.message.clone(),
                fields: rule.fields.clone(),
                constraint: rule.constraint.clone(),
            });
        }
    }
    rules
}

pub(super) fn check_routes(registry: &Registry, problems: &mut Vec<Problem>) {
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

/// `[[imports]]`: a route of its own (no other entry's screen or preset), columns that exist and may be written,
/// look-ups to ask for, a key of existing columns.
pub(super) fn check_imports(registry: &Registry, problems: &mut Vec<Problem>) {
    let mut owners: HashMap<&str, &str> = HashMap::new();
    for entry in registry.entries.values() {
        for preset in &entry.def.imports {
            let route = preset.route.as_str();
            let field = format!("imports {route}");
            if !route.starts_with('/') || route.len() < 2 {
                problems.push(problem(
                    &entry.file,
                    &field,
                    format!("`{route}` is not a console route such as /dataentry/importla"),
                ));
            }
            if let Some(owner) = registry.entry_for_route(route) {
                problems.push(problem(
                    &entry.file,
                    &field,
                    format!("`{route}` is already the screen of {}", owner.file),
                ));
            }
            if let Some(other) = owners.insert(route, entry.file.as_str()) {
                problems.push(problem(
                    &entry.file,
                    &field,
                    format!("`{route}` is already an import screen of {other}"),
                ));
            }
            if entry.def.read_only {
                problems.push(problem(
                    &entry.file,
                    &field,
                    "a read-only entry cannot be imported into",
                ));
            }
            let writable = |name: &str| {
                entry
                    .column(name)
                    .is_some_and(|c| c.importable() && c.stamp.is_none())
            };
            let named = preset
                .ask
                .iter()
                .map(|c| ("ask", c))
                .chain(preset.fixed.keys().map(|c| ("fixed", c)))
                .chain(preset.mapping.values().map(|c| ("mapping", c)));
            for (part, column) in named {
                if !writable(column) {
                    problems.push(problem(
                        &entry.file,
                        &field,
                        format!("{part}: `{column}` is not a writable column of this entry"),
                    ));
                }
            }
            for column in &preset.ask {
                if entry.column(column).is_some_and(|c| c.lookup.is_none()) {
                    problems.push(problem(
                        &entry.file,
                        &field,
                        format!(
                            "ask: `{column}` is not a look-up column (the screen offers a picker)"
                        ),
                    ));
                }
            }
            for column in &preset.key {
                if entry.readable_column(column).is_none() {
                    problems.push(problem(
                        &entry.file,
                        &field,
                        format!("key: `{column}` is not a column of this entry"),
                    ));
                }
            }
            if let Some(arrives_in) = &preset.arrives_in {
                match entry.workflow() {
                    None => problems.push(problem(
                        &entry.file,
                        &field,
                        "arrives_in: this entry has no workflow, so its records have no state to arrive in",
                    )),
                    Some(workflow) => match workflow.state(arrives_in) {
                        None => problems.push(problem(
                            &entry.file,
                            &field,
                            format!("arrives_in: `{arrives_in}` is not a state of the workflow"),
                        )),
                        Some(state)
                            if state.category != crate::workflow::StateCategory::Closed =>
                        {
                            problems.push(problem(
                                &entry.file,
                                &field,
                                format!(
                                    "arrives_in: `{arrives_in}` is not a closed state: imported records \
                                     arrive only as history, waiting on no one"
                                ),
                            ))
                        }
                        Some(_) => {}
                    },
                }
                if preset.mode != crate::model::ImportMode::Insert {
                    problems.push(problem(
                        &entry.file,
                        &field,
                        "arrives_in: history is imported as new records (mode = \"insert\")",
                    ));
                }
            }
            if preset.mode != crate::model::ImportMode::Insert && preset.key.is_empty() {
                problems.push(problem(
                    &entry.file,
                    &field,
                    "update and upsert need a `key`: the columns that find the record to update",
                ));
            }
        }
    }
}

/// `[[screen.routes]]`: each names one of the entry's routes once; a fixed column is a writable column given a
/// value (one of its choices when it has them); a hidden column is an optional column the route does not fix.
fn check_route_screens(
    entry: &Entry,
    routes: &[crate::model::RouteScreen],
    problems: &mut Vec<Problem>,
) {
    let file = &entry.file;
    let mut seen = std::collections::HashSet::new();
    for screen in routes {
        let at = format!("screen.routes `{}`", screen.route);
        if !entry.def.routes.contains(&screen.route) {
            problems.push(problem(
                file,
                at.clone(),
                format!(
                    "is not one of the entry's routes ({})",
                    entry.def.routes.join(", ")
                ),
            ));
        }
        if !seen.insert(screen.route.as_str()) {
            problems.push(problem(file, at.clone(), "is described twice"));
        }
        if screen.fixed.is_empty() && screen.hides.is_empty() && !screen.read_only {
            problems.push(problem(
                file,
                at.clone(),
                "fixes nothing, hides nothing and is not read_only",
            ));
        }
        for (name, value) in &screen.fixed {
            match entry.column(name) {
                Some(column) if column.read_only || column.generated.is_some() || column.hidden => {
                    problems.push(problem(
                        file,
                        at.clone(),
                        format!("fixed `{name}` is not a writable column"),
                    ))
                }
                None => problems.push(problem(
                    file,
                    at.clone(),
                    format!("fixed `{name}` is not a column of this entry"),
                )),
                Some(_) if value.trim().is_empty() => problems.push(problem(
                    file,
                    at.clone(),
                    format!("fixed `{name}` has an empty value"),
                )),
                Some(column)
                    if !column.enum_values.is_empty() && !column.enum_values.contains(value) =>
                {
                    problems.push(problem(
                        file,
                        at.clone(),
                        format!(
                            "fixed `{name}` = `{value}` is not one of its choices ({})",
                            column.enum_values.join(", ")
                        ),
                    ))
                }
                Some(_) => {}
            }
        }
        for name in &screen.hides {
            match entry.readable_column(name) {
                None => problems.push(problem(
                    file,
                    at.clone(),
                    format!("hidden `{name}` is not a readable column of this entry"),
                )),
                Some(_) if screen.fixed.contains_key(name) => problems.push(problem(
                    file,
                    at.clone(),
                    format!("`{name}` is both fixed and hidden"),
                )),
                Some(column) if column.required && column.default.is_none() => {
                    problems.push(problem(
                        file,
                        at.clone(),
                        format!("hidden `{name}` is required: a form without it could not be sent"),
                    ))
                }
                Some(_) => {}
            }
        }
    }
}
