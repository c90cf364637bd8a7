//! The checks of a register's `[upload]` that need no database: its lines are a child register of it, its first
//! line a look-up of them, its states the workflow's and its next-line fields the lines' writable columns.

use super::problem::{problem, Problem};
use super::{Entry, Registry};

pub(super) fn check_upload(registry: &Registry, entry: &Entry, problems: &mut Vec<Problem>) {
    let Some(upload) = &entry.def.upload else {
        return;
    };
    let file = entry.file.as_str();
    let lines = registry
        .entry(&upload.lines)
        .filter(|child| child.parent.as_ref().is_some_and(|p| p.entry == entry.name));
    let Some(lines) = lines else {
        problems.push(problem(
            file,
            "upload.lines",
            format!(
                "`{}` must be a child register (lines) of this entry",
                upload.lines
            ),
        ));
        return;
    };
    let first_line = entry
        .readable_column(&upload.first_line)
        .is_some_and(|column| {
            column
                .lookup
                .as_ref()
                .is_some_and(|lookup| lookup.entry == lines.name)
        });
    if !first_line {
        problems.push(problem(
            file,
            "upload.first_line",
            format!(
                "`{}` must be a readable column of this entry that looks up `{}`",
                upload.first_line, lines.name
            ),
        ));
    }
    let states: Vec<&str> = entry
        .workflow()
        .map(|workflow| workflow.states.iter().map(|s| s.name.as_str()).collect())
        .unwrap_or_default();
    for (field, state) in upload
        .next_in
        .iter()
        .map(|s| ("upload.next_in", s))
        .chain(upload.refused_in.keys().map(|s| ("upload.refused_in", s)))
    {
        if !states.contains(&state.as_str()) {
            problems.push(problem(
                file,
                field,
                format!("`{state}` is not a state of this entry's workflow"),
            ));
        }
    }
    let parent_key = lines.parent.as_ref().map(|p| p.key.as_str());
    for name in &upload.next_fields {
        let writable = lines
            .readable_column(name)
            .is_some_and(|column| !column.read_only && Some(name.as_str()) != parent_key);
        if !writable {
            problems.push(problem(
                file,
                "upload.next_fields",
                format!(
                    "`{name}` must be a writable column of `{}` (not its key to this entry)",
                    lines.name
                ),
            ));
        }
    }
}
