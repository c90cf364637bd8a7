//! The checks of a register's `[[levels]]`: only the package register (what package scope keys to) declares them;
//! each has a name that is no other dashboard parameter, a look-up register, and exactly one way to a package: a
//! column of the package register looking up the level's register, or a link register with a column looking up
//! each.

use super::problem::{problem, Problem};
use super::{Entry, Registry};
use crate::levels::{RESERVED_NAMES, SCOPE_ENTRY};

pub(super) fn check_levels(registry: &Registry, entry: &Entry, problems: &mut Vec<Problem>) {
    if entry.def.levels.is_empty() {
        return;
    }
    let file = entry.file.as_str();
    if entry.name != SCOPE_ENTRY {
        problems.push(problem(
            file,
            "levels",
            format!("only the `{SCOPE_ENTRY}` register declares programme levels"),
        ));
        return;
    }
    let looks_up = |register: &Entry, column: &str, target: &str| {
        register
            .readable_column(column)
            .and_then(|c| c.lookup.as_ref())
            .is_some_and(|lookup| lookup.entry == target)
    };
    let mut seen = std::collections::BTreeSet::new();
    for level in &entry.def.levels {
        let at = format!("levels `{}`", level.name);
        let named = !level.name.is_empty()
            && level
                .name
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_')
            && !RESERVED_NAMES.contains(&level.name.as_str());
        if !named {
            problems.push(problem(
                file,
                at.clone(),
                format!(
                    "the name must be small letters or _, and none of {}",
                    RESERVED_NAMES.join(", ")
                ),
            ));
        }
        if !seen.insert(level.name.as_str()) {
            problems.push(problem(file, at.clone(), "is declared twice"));
        }
        match registry.entry(&level.entry) {
            Some(target) if target.def.lookup => {}
            _ => problems.push(problem(
                file,
                at.clone(),
                format!("`{}` must be a look-up register", level.entry),
            )),
        }
        match (&level.column, &level.through) {
            (Some(column), None) => {
                if !looks_up(entry, column, &level.entry) {
                    problems.push(problem(
                        file,
                        at.clone(),
                        format!(
                            "column `{column}` must be a readable column of this register looking up `{}`",
                            level.entry
                        ),
                    ));
                }
            }
            (None, Some(link)) => {
                let fits = registry.entry(&link.entry).is_some_and(|register| {
                    looks_up(register, &link.package, SCOPE_ENTRY)
                        && looks_up(register, &link.level, &level.entry)
                });
                if !fits {
                    problems.push(problem(
                        file,
                        at.clone(),
                        format!(
                            "through `{}` must be a register whose `{}` looks up `{SCOPE_ENTRY}` and whose `{}` looks up `{}`",
                            link.entry, link.package, link.level, level.entry
                        ),
                    ));
                }
            }
            _ => problems.push(problem(
                file,
                at.clone(),
                "needs exactly one of `column` and `through`",
            )),
        }
    }
}
