//! The checks of a register's `[tree]` that need no database: its parent is a look-up of the register itself, its
//! order a number column and its words a text column, each one the register has.

use super::named_columns::{check_named_columns, ColumnKind};
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
    // Each named column must be one this entry reads, of the kind its part needs.
    let parts = [
        ("tree.order", tree.order.as_ref(), ColumnKind::Number),
        ("tree.words", tree.words.as_ref(), ColumnKind::Text),
    ]
    .into_iter()
    .filter_map(|(field, name, kind)| name.map(|name| (field, name, kind)))
    .chain(
        tree.fills
            .iter()
            .map(|name| ("tree.fills", name, ColumnKind::Any)),
    );
    check_named_columns(entry, parts, problems);
}
