//! `readers_see`: the rows of a register anyone but a superadmin reaches (docs/registry.md, "Business
//! processes"). The rule is a `whrc` filter with the caller's id (`:user_id`) and organisation (`:org_id`) in
//! place; a child register follows its parent's rule through its key. The rows waiting on the caller (the workflow's
//! ball-in-court) stay theirs whatever the rule says: the person a record waits on must reach it to act.

use sea_query::{Alias, Expr, ExprTrait, Query};

use crate::filter::{compile, FilterError, FilterLimits};
use crate::registry::entry::ReadersPath;
use crate::Entry;

/// The placeholders a rule may name.
pub const PLACEHOLDERS: [&str; 2] = [":user_id", ":org_id"];

/// Who reads: the caller's id and organisation (`None`: the caller belongs to none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reader {
    pub user_id: i64,
    pub organization: Option<i64>,
}

/// The rule with the reader in place of its placeholders. A caller without an organisation stands as 0, which
/// no row's organisation is (keys start at 1): `n_from_org = :org_id` then matches nothing.
pub fn rule_text(rule: &str, reader: Reader) -> String {
    rule.replace(":user_id", &reader.user_id.to_string())
        .replace(":org_id", &reader.organization.unwrap_or(0).to_string())
}

/// The `:name` words of a rule that are not placeholders the engine fills in.
pub fn unknown_placeholders(rule: &str) -> Vec<String> {
    let mut unknown = Vec::new();
    let mut rest = rule;
    while let Some(at) = rest.find(':') {
        let word: String = rest[at + 1..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let name = format!(":{word}");
        // A word starting with a letter: `'10:30'` in a timestamp is no placeholder.
        let named = word.starts_with(|c: char| c.is_ascii_alphabetic());
        if named && !PLACEHOLDERS.contains(&name.as_str()) && !unknown.contains(&name) {
            unknown.push(name);
        }
        rest = &rest[at + 1..];
    }
    unknown
}

/// The row condition `readers_see` puts on `entry` for `reader` (`None`: no rule on it or its parent). Registry
/// identifiers only; the reader's ids are numbers compiled as literals of the filter language.
pub fn readers_condition(entry: &Entry, reader: Reader) -> Result<Option<Expr>, FilterError> {
    match entry.readers.as_ref() {
        None => Ok(None),
        Some(ReadersPath::Own) => {
            let Some(rule) = &entry.def.readers_see else {
                return Ok(None);
            };
            let limits = FilterLimits::default();
            let own = compile(entry, &rule_text(rule, reader), &limits)?.condition;
            let waiting = match entry
                .workflow()
                .and_then(|workflow| workflow.waiting_filter(reader.user_id))
            {
                Some(filter) => compile(entry, &filter, &limits)?.condition,
                None => None,
            };
            Ok(match (own, waiting) {
                (Some(own), Some(waiting)) => Some(own.or(waiting)),
                (own, _) => own,
            })
        }
        Some(ReadersPath::Parent { key, parent }) => {
            let Some(inner) = readers_condition(parent, reader)? else {
                return Ok(None);
            };
            // The parent's columns are unqualified: inside this subquery they are the parent's.
            let mut select = Query::select();
            select
                .expr(Expr::col(Alias::new(parent.def.primary_key.clone())))
                .from(Alias::new(parent.table.clone()))
                .and_where(inner);
            Ok(Some(
                Expr::col((Alias::new(entry.table.clone()), Alias::new(key.clone())))
                    .in_subquery(select),
            ))
        }
    }
}

/// Every row condition `entry` puts on `reader` (`None`: every row): their packages (package `scope`), its
/// `readers_see` (with `readers`; not for the rows granted because they wait on the reader), and for a view, the
/// rule of each register it reads through (`reads_through`). Registry identifiers only.
pub fn row_condition(
    entry: &Entry,
    reader: Reader,
    readers: bool,
) -> Result<Option<Expr>, FilterError> {
    let mut parts: Vec<Expr> = Vec::new();
    if let Some(scope) = scope_condition(entry, reader.user_id) {
        parts.push(scope);
    }
    if readers {
        if let Some(rule) = readers_condition(entry, reader)? {
            parts.push(rule);
        }
    }
    for through in &entry.through {
        parts.push(through_condition(entry, through, reader)?);
    }
    Ok(parts.into_iter().reduce(|all, part| all.and(part)))
}

/// Whether `entry` limits the rows anyone but a superadmin reads (scope, `readers_see` or `reads_through`).
pub fn limits_readers(entry: &Entry) -> bool {
    entry.scope.is_some() || entry.readers.is_some() || !entry.through.is_empty()
}

/// `column IS NULL OR column IN (SELECT key FROM register WHERE <the register's rows for reader>)`: a view's row
/// naming a register's row the reader may read (or none).
fn through_condition(
    entry: &Entry,
    through: &crate::registry::Through,
    reader: Reader,
) -> Result<Expr, FilterError> {
    let own = Expr::col((
        Alias::new(entry.table.clone()),
        Alias::new(through.column.clone()),
    ));
    let source = &through.source;
    let Some(inner) = row_condition(source, reader, true)? else {
        return Ok(Expr::cust("TRUE"));
    };
    let mut select = Query::select();
    select
        .expr(Expr::col(Alias::new(source.def.primary_key.clone())))
        .from(Alias::new(source.table.clone()))
        .and_where(inner);
    Ok(own.clone().is_null().or(own.in_subquery(select)))
}

/// The packages `user` is linked to today, as a subquery (`package_user`, active between its dates).
const LINKED: &str = "SELECT pu.n_package FROM package_user pu WHERE pu.n_user = $1 \
     AND pu.d_from <= CURRENT_DATE AND (pu.d_to IS NULL OR pu.d_to >= CURRENT_DATE)";

/// Whether `package` (an expression) is one `user` may reach: one of their packages, or any when they have none.
fn package_allowed(package: &str, user: i64) -> Expr {
    Expr::cust_with_values(
        format!(
            "({package} IN ({LINKED}) OR NOT EXISTS ({}))",
            LINKED.replace("$1", "$2")
        ),
        [user, user],
    )
}

/// The row condition of a scoped entry for `user` (`None` for an unscoped entry). Registry identifiers only.
pub fn scope_condition(entry: &Entry, user: i64) -> Option<Expr> {
    match entry.scope.as_ref()? {
        crate::registry::ScopePath::Column(column) => {
            let package = format!("\"{}\".\"{column}\"", entry.table);
            let allowed = package_allowed(&package, user);
            Some(if entry.def.package_optional {
                // A row without a package is everyone's who reads the register.
                Expr::cust(format!("{package} IS NULL")).or(allowed)
            } else {
                allowed
            })
        }
        crate::registry::ScopePath::Parent {
            key,
            parent_table,
            parent_key,
            column,
        } => {
            let inner = package_allowed(&format!("sp.\"{column}\""), user);
            let mut select = Query::select();
            select
                .expr(Expr::cust(format!("sp.\"{parent_key}\"")))
                .from_as(Alias::new(parent_table.clone()), Alias::new("sp"))
                .and_where(inner);
            Some(
                Expr::col((Alias::new(entry.table.clone()), Alias::new(key.clone())))
                    .in_subquery(select),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders() {
        let reader = Reader {
            user_id: 7,
            organization: None,
        };
        assert_eq!(
            rule_text("n_user = :user_id OR n_org = :org_id", reader),
            "n_user = 7 OR n_org = 0"
        );
        assert_eq!(
            unknown_placeholders("n_user = :user_id AND n_org = :org AND x = :org"),
            vec![":org".to_owned()]
        );
        assert!(unknown_placeholders("c_state <> 'WIP' OR n_from_org = :org_id").is_empty());
    }
}
