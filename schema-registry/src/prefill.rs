//! Lines that start as a chosen record's lines (`[children.prefill]`): which register they come from, resolved
//! from the look-ups alone, so that a registry file names only the record's column that chooses.

use crate::registry::{Entry, Registry};
use crate::workflow::PrefillDef;

/// Where prefilled lines come from: `entry`'s rows whose `key` is the chosen record, each becoming one line with
/// its id in the lines' `column`.
#[derive(Debug, Clone, Copy)]
pub struct PrefillSource<'r> {
    /// The register of the chosen record's lines (an ITP's activities).
    pub entry: &'r Entry,
    /// Its column holding the chosen record's key (`n_itp`).
    pub key: &'r str,
    /// The lines' column looking up `entry` (`n_itp_activity`).
    pub column: &'r str,
}

/// Resolves `prefill` of `lines` (a child register of `parent`): `from` must look up a register with a child
/// register that exactly one of `lines`' columns looks up.
pub fn source<'r>(
    registry: &'r Registry,
    parent: &'r Entry,
    lines: &'r Entry,
    prefill: &PrefillDef,
) -> Result<PrefillSource<'r>, String> {
    let chosen = parent
        .column(&prefill.from)
        .and_then(|column| column.lookup.as_ref())
        .and_then(|lookup| registry.entry(&lookup.entry))
        .ok_or_else(|| {
            format!(
                "from `{}` must be a look-up column of `{}`",
                prefill.from, parent.name
            )
        })?;
    let mut candidates = chosen.def.children.iter().filter_map(|child| {
        let source = registry.entry(&child.entry)?;
        let mut looking = lines.columns().iter().filter(|column| {
            column
                .lookup
                .as_ref()
                .is_some_and(|lookup| lookup.entry == source.name)
        });
        match (looking.next(), looking.next()) {
            (Some(column), None) => Some(PrefillSource {
                entry: source,
                key: child.key.as_str(),
                column: column.name.as_str(),
            }),
            _ => None,
        }
    });
    match (candidates.next(), candidates.next()) {
        (Some(found), None) => Ok(found),
        (None, _) => Err(format!(
            "no child register of `{}` is looked up by exactly one column of `{}`",
            chosen.name, lines.name
        )),
        (Some(_), Some(_)) => Err(format!(
            "more than one child register of `{}` is looked up by `{}`",
            chosen.name, lines.name
        )),
    }
}
