//! The checks of a register's `[full_text]` that need no database: its columns, facets and hit fields are the
//! register's, named once, and its file lines are a child register of it.

use crate::full_text::{HitPlace, RESERVED};

use super::entry::is_identifier;
use super::problem::{problem, Problem};
use super::{Entry, Registry};

pub(super) fn check_full_text(registry: &Registry, entry: &Entry, problems: &mut Vec<Problem>) {
    let Some(search) = &entry.def.full_text else {
        return;
    };
    let file = entry.file.as_str();
    for (field, name) in [
        ("full_text.copy", &search.copy),
        ("full_text.key", &search.key),
        ("full_text.words", &search.words),
        ("full_text.title_words", &search.title_words),
    ] {
        if !is_identifier(name) {
            problems.push(problem(
                file,
                field,
                format!("`{name}` is not a lower-case SQL identifier"),
            ));
        }
    }
    for (field, name) in [
        ("full_text.file_chars", &search.file_chars),
        ("full_text.file_text", &search.file_text),
    ] {
        if let Some(name) = name.as_ref().filter(|name| !is_identifier(name)) {
            problems.push(problem(
                file,
                field,
                format!("`{name}` is not a lower-case SQL identifier"),
            ));
        }
    }
    let readable = |column: &str| entry.readable_column(column).is_some();
    for column in &search.snippet {
        if !entry
            .readable_column(column)
            .is_some_and(|c| c.sql_type.is_text())
        {
            problems.push(problem(
                file,
                "full_text.snippet",
                format!("`{column}` must be a readable text column of this entry"),
            ));
        }
    }
    if !readable(&search.updated) {
        problems.push(problem(
            file,
            "full_text.updated",
            format!(
                "`{}` must be a readable column of this entry",
                search.updated
            ),
        ));
    }
    for (list, field) in [
        (&search.facets, "full_text.facets"),
        (&search.hit, "full_text.hit"),
    ] {
        let mut seen = Vec::new();
        for facet in list {
            if !readable(&facet.column) {
                problems.push(problem(
                    file,
                    field,
                    format!("`{}` must be a readable column of this entry", facet.column),
                ));
            }
            let fixed = ["id", "updated_at", "snippet", "matched_in", "file"];
            if !is_identifier(&facet.name)
                || seen.contains(&facet.name)
                || (field == "full_text.facets" && RESERVED.contains(&facet.name.as_str()))
                || (field == "full_text.hit" && fixed.contains(&facet.name.as_str()))
            {
                problems.push(problem(
                    file,
                    field,
                    format!(
                        "`{}` must be a lower-case name, used once, and not one of the search's own ({})",
                        facet.name,
                        if field == "full_text.facets" { RESERVED.join(", ") } else { fixed.join(", ") }
                    ),
                ));
            }
            if field == "full_text.facets" && facet.shows.is_some() {
                problems.push(problem(
                    file,
                    field,
                    format!(
                        "`{}`: `shows` places a hit field on its card, not a facet",
                        facet.name
                    ),
                ));
            }
            seen.push(facet.name.clone());
        }
    }
    for (place, word) in [(HitPlace::Number, "number"), (HitPlace::Title, "title")] {
        if search.hit.iter().filter(|f| f.shows == Some(place)).count() > 1 {
            problems.push(problem(
                file,
                "full_text.hit",
                format!("one hit field at most `shows = \"{word}\"`"),
            ));
        }
    }
    for (index, name) in search.browse.iter().enumerate() {
        if !search.facets.iter().any(|facet| &facet.name == name)
            || search.browse[..index].contains(name)
        {
            problems.push(problem(
                file,
                "full_text.browse",
                format!("`{name}` must be one of this entry's facets, named once"),
            ));
        }
    }
    if let Some(lines) = &search.files_in {
        let child = registry
            .entry(lines)
            .is_some_and(|child| child.parent.as_ref().is_some_and(|p| p.entry == entry.name));
        if !child {
            problems.push(problem(
                file,
                "full_text.files_in",
                format!("`{lines}` must be a child register (lines) of this entry"),
            ));
        }
    }
    for screen in &search.screens {
        if !screen.starts_with('/') {
            problems.push(problem(
                file,
                "full_text.screens",
                format!("`{screen}` is not a console route (it starts with /)"),
            ));
        }
    }
}
