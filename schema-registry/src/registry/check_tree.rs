//! The checks of a register's `[tree]` that need no database: its parent is a look-up of the register itself, its
//! order a number column and its words a text column, each one the register has.

use super::problem::{problem, Problem};
use super::Entry;

pub(super) fn check_tree(entry: &Entry, problems: &mut Vec<Problem>) {
    let Some(tree) = &entry.def.tree else {
        return;
    };
    let file = entry.file.as_str();
    let parent = entry.readable_column(&tree.parent).is_some_and(|column| {
        column
            .lookup
            .as_ref()
            .is_some_and(|lookup| lookup.entry == entry.name)
    });
    if !parent {
        problems.push(problem(
            file,
            "tree.parent",
            format!(
                "`{}` must be a readable column of this entry that looks up `{}` itself",
                tree.parent, entry.name
            ),
        ));
    }
    if let Some(order) = &tree.order {
        if !entry
            .readable_column(order)
            .is_some_and(|column| column.sql_type.is_number())
        {
            problems.push(problem(
                file,
                "tree.order",
                format!("`{order}` must be a readable number column of this entry"),
            ));
        }
    }
    if let Some(words) = &tree.words {
        if !entry
            .readable_column(words)
            .is_some_and(|column| column.sql_type.is_text())
        {
            problems.push(problem(
                file,
                "tree.words",
                format!("`{words}` must be a readable text column of this entry"),
            ));
        }
    }
    for name in &tree.fills {
        if entry.readable_column(name).is_none() {
            problems.push(problem(
                file,
                "tree.fills",
                format!("`{name}` must be a readable column of this entry"),
            ));
        }
    }
}
