//! The navigation tree of docs/console.md §3 (title, route or href, icon, badge, counter, nested items, id), built from the
//! navigation master and cut to the routes the user holds.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;
use serde::Serialize;

use crate::error::ApiError;

use super::Caller;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Badge {
    #[serde(rename = "class")]
    pub class_name: String,
    pub label: String,
}

/// A menu item: a group (nested `items`), an application route or an external link.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct NavItem {
    pub id: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub route: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub href: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub badge: Option<Badge>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counter: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(no_recursion)]
    pub items: Vec<NavItem>,
}

/// The component the screen engine draws a register's (or a report list's) routes with.
pub const REGISTER: &str = "register";
/// The component of a registry dashboard's routes.
pub const DASHBOARD: &str = "dashboard";
/// The component of a registry import preset's routes.
pub const IMPORT: &str = "import";

/// What the registry declares at its routes (the compile stage's `screen_routes`): the component each is drawn
/// with, and the routes of its registers (with their titles) for those that have no menu item.
#[derive(Debug, Default)]
pub struct RegistryScreens {
    pub drawn: HashMap<String, &'static str>,
    pub unlisted: Vec<(String, String)>,
    /// A register's routes → the register (its `routes`).
    pub entries: HashMap<String, String>,
    /// Search screens (`[full_text].screens`) → the register each searches.
    pub searches: HashMap<String, String>,
    /// Search screens whose register keeps its files on lines (`[full_text].files_in`) → those lines.
    pub search_lines: HashMap<String, SearchLines>,
    /// Search screens → the facets an explorer nests its virtual folders by (`[full_text].browse`).
    pub browse: HashMap<String, Vec<BrowseLevel>>,
    /// Search screens → where a hit's card shows each hit field (`[full_text].hit` with `shows`).
    pub search_hit: HashMap<String, Vec<HitField>>,
}

/// The child register whose lines hold the files of a searched register's records (`[full_text].files_in`: a
/// document's revisions), so a search screen lists a record's lines and reads their files without naming them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct SearchLines {
    /// The lines' register (`GET /api/data/{entry}/{id}/files` reads a line's files).
    pub entry: String,
    /// Its column holding the searched record's key (the child register's `parent.key`).
    pub parent_key: String,
}

/// A level of an explorer's virtual folders: a facet of the searched register (its name in the search) and the
/// register's column it counts, by which a folder of the explorer's own register fixes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BrowseLevel {
    pub name: String,
    pub column: String,
}

/// A field of a search hit a card shows: its name in the hit, the register's column and its label, and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct HitField {
    pub name: String,
    pub column: String,
    pub label: String,
    /// `number` (the link to the record), `title`, `badge` or `detail`.
    pub shows: schema_registry::full_text::HitPlace,
}

/// One screen of the console: its route, title, menu group and the component that draws it. The console's router
/// is built from these; nothing in the console recognises a screen by its path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Screen {
    pub route: String,
    pub title: String,
    /// The menu group's title (`Masters`, `Data Entry` …).
    pub group: String,
    /// The console component that draws it: the one the menu row names (`c_component`, one of the console's own
    /// screens: `calendar`, `user-permission` …), else what the registry declares at the route (`register` for a
    /// register or report list, `dashboard`, `import`); `register` for a route the registry does not know (the
    /// engine then answers that it is not built yet).
    pub component: String,
    /// The register whose route this is (its registry file's `routes`), so a screen drawn by one of the console's
    /// own components (the explorer of folders) reads and writes it without naming it; none for other routes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entry: Option<String>,
    /// The register the screen searches (`GET /api/data/{entry}/search`), when its `[full_text]` names the route.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub searches: Option<String>,
    /// The lines that hold the files of the searched register's records, when its `[full_text]` names them
    /// (`files_in`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search_lines: Option<SearchLines>,
    /// The facets of the searched register an explorer nests its virtual folders by, in order (its
    /// `[full_text].browse`: project → package → …), each with its column; none for a register that declares none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub browse: Vec<BrowseLevel>,
    /// Where a hit's card shows the searched register's hit fields, in order (its `[full_text].hit` with
    /// `shows`); none for a screen that searches nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub search_hit: Vec<HitField>,
}

/// Group of the registry's screens that have no menu item (only superadmins reach them).
pub const UNLISTED_GROUP: &str = "Other screens";

/// Every active screen of the navigation master in menu order (not its rights: `n_grant_only` rows are routes to
/// grant, such as `/rights/file-for-others`, with no screen and no menu item), whether or not the caller holds
/// it (the console shows the "Access disabled" overlay over the ones they do not), then the registry's register
/// screens that have no menu item.
pub async fn catalogue(
    client: &impl GenericClient,
    registry: RegistryScreens,
) -> Result<Vec<Screen>, ApiError> {
    let rows = client
        .query(
            "SELECT s.c_route, s.c_title, coalesce(g.c_title, ''), s.c_component
             FROM navigation s LEFT JOIN navigation g ON g.id = s.n_parent_id
             WHERE s.c_route IS NOT NULL AND s.n_active = 1 AND coalesce(g.n_active, 1) = 1
               AND s.n_grant_only = 0
             ORDER BY coalesce(g.n_sort_order, s.n_sort_order), coalesce(g.id, s.id), s.n_sort_order, s.id",
            &[],
        )
        .await?;
    let component_at = |route: &str| -> String {
        registry
            .drawn
            .get(route)
            .copied()
            .unwrap_or(REGISTER)
            .to_owned()
    };
    let mut screens = Vec::with_capacity(rows.len());
    for row in rows {
        let route: String = row.try_get(0)?;
        let named: Option<String> = row.try_get(3)?;
        screens.push(Screen {
            component: named.unwrap_or_else(|| component_at(&route)),
            entry: registry.entries.get(&route).cloned(),
            searches: registry.searches.get(&route).cloned(),
            search_lines: registry.search_lines.get(&route).cloned(),
            browse: registry.browse.get(&route).cloned().unwrap_or_default(),
            search_hit: registry.search_hit.get(&route).cloned().unwrap_or_default(),
            route,
            title: row.try_get(1)?,
            group: row.try_get(2)?,
        });
    }
    for (route, title) in registry.unlisted {
        if !screens.iter().any(|screen| screen.route == route) {
            screens.push(Screen {
                component: component_at(&route),
                entry: registry.entries.get(&route).cloned(),
                searches: registry.searches.get(&route).cloned(),
                search_lines: registry.search_lines.get(&route).cloned(),
                browse: registry.browse.get(&route).cloned().unwrap_or_default(),
                search_hit: registry.search_hit.get(&route).cloned().unwrap_or_default(),
                route,
                title,
                group: UNLISTED_GROUP.to_owned(),
            });
        }
    }
    Ok(screens)
}

struct Row {
    id: i64,
    parent: Option<i64>,
    item: NavItem,
}

/// The active navigation items the caller may see: routes they hold (not rights, which are no screens),
/// external links, and groups that keep at least one visible item.
pub async fn tree_for(
    client: &impl GenericClient,
    caller: &Caller,
) -> Result<Vec<NavItem>, ApiError> {
    let rows = client
        .query(
            "SELECT id, n_parent_id, c_title, c_route, c_href, c_icon, c_badge_class, c_badge_label, c_counter
             FROM navigation WHERE n_active = 1 AND n_grant_only = 0 ORDER BY n_sort_order, id",
            &[],
        )
        .await?;
    let rows = rows
        .iter()
        .map(|row| {
            let badge = match (
                row.try_get::<_, Option<String>>(6)?,
                row.try_get::<_, Option<String>>(7)?,
            ) {
                (class_name, Some(label)) => Some(Badge {
                    class_name: class_name.unwrap_or_default(),
                    label,
                }),
                _ => None,
            };
            let id: i64 = row.try_get(0)?;
            Ok(Row {
                id,
                parent: row.try_get(1)?,
                item: NavItem {
                    id: format!("nav-{id}"),
                    title: row.try_get(2)?,
                    route: row.try_get(3)?,
                    href: row.try_get(4)?,
                    icon: row.try_get(5)?,
                    badge,
                    counter: row.try_get(8)?,
                    items: Vec::new(),
                },
            })
        })
        .collect::<Result<Vec<_>, tokio_postgres::Error>>()?;
    Ok(build(rows, caller))
}

fn build(rows: Vec<Row>, caller: &Caller) -> Vec<NavItem> {
    let mut children: HashMap<Option<i64>, Vec<Row>> = HashMap::new();
    for row in rows {
        children.entry(row.parent).or_default().push(row);
    }
    assemble(None, &mut children, caller, 0)
}

fn assemble(
    parent: Option<i64>,
    children: &mut HashMap<Option<i64>, Vec<Row>>,
    caller: &Caller,
    depth: usize,
) -> Vec<NavItem> {
    // The master is a tree by its foreign key; the depth guard only protects against a hand-edited cycle.
    if depth > 8 {
        return Vec::new();
    }
    let Some(rows) = children.remove(&parent) else {
        return Vec::new();
    };
    let mut items = Vec::new();
    for mut row in rows {
        row.item.items = assemble(Some(row.id), children, caller, depth + 1);
        let visible = match (&row.item.route, &row.item.href) {
            (Some(route), _) => caller.holds(route),
            (None, Some(_)) => true,
            (None, None) => !row.item.items.is_empty(),
        };
        if visible {
            items.push(row.item);
        }
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, parent: Option<i64>, route: Option<&str>) -> Row {
        Row {
            id,
            parent,
            item: NavItem {
                id: format!("nav-{id}"),
                title: format!("item {id}"),
                route: route.map(str::to_owned),
                href: None,
                icon: None,
                badge: None,
                counter: None,
                items: Vec::new(),
            },
        }
    }

    #[test]
    fn groups_without_visible_items_disappear() {
        let caller = Caller {
            user_id: 1,
            session_id: 1,
            username: "v".into(),
            name: "V".into(),
            email: "v@x.example".into(),
            superadmin: false,
            routes: [(
                "/masters/corridor".to_owned(),
                crate::auth::caller::Actions::ALL,
            )]
            .into_iter()
            .collect(),
            locked: false,
            organization: None,
        };
        let tree = build(
            vec![
                row(1, None, None),
                row(2, Some(1), Some("/masters/corridor")),
                row(3, Some(1), Some("/masters/phase")),
                row(4, None, None),
                row(5, Some(4), Some("/reports/x")),
            ],
            &caller,
        );
        assert_eq!(tree.len(), 1);
        assert_eq!(tree[0].items.len(), 1);
        assert_eq!(tree[0].items[0].route.as_deref(), Some("/masters/corridor"));
    }
}
