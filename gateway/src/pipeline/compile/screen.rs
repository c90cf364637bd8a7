//! A data screen's description for the console, from the registry: the entry behind a route, its list columns,
//! form sections, sort, lookups, and every visible column with its type and rules (required, length, range,
//! precision, pattern, choices, lookup, default), so the console validates with the same rules as the server.

use schema_registry::model::ColumnDef;
use schema_registry::text::quote;
use schema_registry::{Direction, Entry, Registry};
use serde::Serialize;

use crate::auth::caller::Actions;
use crate::error::ApiError;

/// The entry whose screen is `route`; 404 when no data screen is registered there.
pub fn entry_at<'r>(registry: &'r Registry, route: &str) -> Result<&'r Entry, ApiError> {
    registry.entry_for_route(route).ok_or_else(|| {
        ApiError::RecordNotFound(format!(
            "no data screen is registered for `{}`",
            quote(route)
        ))
    })
}

/// A data screen's metadata.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ScreenMeta {
    pub route: String,
    /// The registry entry (`t` of selectall and the data table, `{entry}` of `/api/data`).
    pub entry: String,
    pub title: String,
    /// What one record is called ("New …", "Edit …"), when the registry names it apart from the title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub singular: Option<String>,
    pub primary_key: String,
    /// Whether records can be created, changed and deleted (views and read-only entries: list only).
    pub writable: bool,
    /// The list's initial order; the first list column ascending when the registry names none.
    pub default_sort: Vec<SortMeta>,
    /// Columns of the list, in order.
    pub list_columns: Vec<String>,
    /// The list columns a phone shows, one card per record (the registry's, else the first three list columns).
    pub phone_columns: Vec<String>,
    /// The form, section by section (empty for read-only entries, but those with lines: their record opens
    /// read-only).
    pub sections: Vec<SectionMeta>,
    /// The columns of the record's position on the ground, which a phone form fills from the device.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<schema_registry::model::PositionDef>,
    /// Every column the caller may see, with its rules (registry keys: `name`, `type`, `label`, `required`,
    /// `max_length`, `min`, `max`, `precision`, `scale`, `pattern`, `pattern_message`, `enum`, `lookup`,
    /// `read_only`, `searchable`, `sortable`).
    pub columns: Vec<ColumnDef>,
    /// What the caller may do here beyond reading (all false for read-only entries).
    pub actions: Actions,
    /// The entries the lookup columns point at: their key and the columns that name a row to a person.
    pub lookups: Vec<LookupMeta>,
    /// Rules over several fields the form checks before sending (the gateway checks them again); only rules
    /// over columns the caller sees.
    pub rules: Vec<RuleMeta>,
    /// The entry's workflow: states (label, category, colour, editable columns), the initial state,
    /// transitions (label, from, to, who, requires, fields, sets, comment), ball-in-court and due columns. The
    /// state changes only through `POST /api/data/{entry}/{id}/transition`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub workflow: Option<schema_registry::workflow::WorkflowDef>,
    /// Document numbers the server assigns on create (the column is read-only in forms).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub numbering: Option<schema_registry::workflow::NumberingDef>,
    /// The caller does not hold the route: they see only the records waiting on them (ball-in-court), and act
    /// on them through transitions.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub waiting_only: bool,
    /// `package` when the caller's rows are limited to their packages' (look-ups of packages offer only those).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<schema_registry::model::ScopeKind>,
    /// The conditions over the record that a transition needs (its guards' `check`), for the console to tell
    /// people why a step is not open yet; guards over child lines are the gateway's to judge.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<GuardMeta>,
    /// Records can be copied as new ones (`POST /api/data/{entry}/{id}/copy`): the button's label, and what comes along.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub copy: Option<schema_registry::workflow::CopyDef>,
    /// New records a stored one starts (Reply, Forward): the button and the new record's starting values, each a
    /// text in which `{column}` stands for the stored record's value.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub follow_ups: Vec<schema_registry::workflow::FollowUpDef>,
    /// Records keep files: `GET/POST /api/data/{entry}/{id}/files`, `GET/DELETE …/files/{file_id}`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub attachments: bool,
    /// What the route fixes (`[[screen.routes]]`): column → value. A record made here takes these values (its
    /// inputs shown, not editable) and the list here shows only the records that have them.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub fixed: std::collections::BTreeMap<String, String>,
    /// The records sit inside one another (`[tree]`): the columns an explorer draws the tree with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tree: Option<TreeMeta>,
    /// The records are days on the calendar (`[calendar]`): the columns it reads and shows, and their colours.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub calendar: Option<schema_registry::calendar::CalendarDef>,
    /// Records are uploaded with their files (`[upload]`): the states in which a record takes its next line of
    /// files (`POST /api/data/{entry}/{id}/upload`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upload: Option<UploadMeta>,
    /// Child registers edited in this form, each in its own tab: the child's own screen description (columns,
    /// list, rules, look-ups; the caller's actions on the parent apply), the key column the form fills in.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<ChildMeta>,
}

/// A register's upload with files (`[upload]`), as the console offers it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct UploadMeta {
    /// The child register whose lines keep the files.
    pub lines: String,
    /// The workflow states in which a next line of files may be uploaded (none: the first line only).
    pub next_in: Vec<String>,
}

/// A register's tree (`[tree]`), as the console draws it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TreeMeta {
    /// The column naming the record a record sits inside (blank: at the top).
    pub parent: String,
    /// The column a record is named by in the tree: what the parent look-up displays.
    pub name: String,
    /// The number column ordering the records under one parent (then the name), when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<String>,
    /// For an explorer's folders: the column of the search words a folder stands for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub words: Option<String>,
    /// For an explorer's folders: the columns a file dropped into a folder starts from (by the searched register's
    /// names).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fills: Vec<String>,
}

/// A child register of a screen.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ChildMeta {
    pub entry: String,
    /// The child's column holding this record's key (filled in, fixed).
    pub key: String,
    /// The tab's title.
    pub title: String,
    /// `refuse` (a record with lines cannot be deleted) or `cascade` (its lines go with it).
    pub delete: schema_registry::workflow::ChildDelete,
    /// The child's screen description, as for a screen of its own.
    #[schema(value_type = Object)]
    pub screen: Box<ScreenMeta>,
    /// Rules over the record and these lines together (the gateway judges them after every write).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<LinesRuleMeta>,
    /// Where the form's lines start from, when they start as a chosen record's lines.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prefill: Option<PrefillMeta>,
}

/// A rule over a record and its lines: while any line meets `when_any` (a condition tree over the line's
/// columns, as a rule's), the record must meet `check` (over its own); `message` under the record's `fields`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct LinesRuleMeta {
    #[schema(value_type = Object)]
    pub when_any: serde_json::Value,
    #[schema(value_type = Object)]
    pub check: serde_json::Value,
    pub message: String,
    pub fields: Vec<String>,
}

/// Lines that start as a chosen record's lines: when the record's `from` names a record, the form reads the rows
/// of `entry` whose `key` is that record (in `entry`'s order) and starts one line per row, its id in `column`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PrefillMeta {
    pub from: String,
    pub entry: String,
    pub key: String,
    pub column: String,
    /// The row's column naming it (the lines' look-up display).
    pub name: String,
    /// Columns of the row shown beside its name, with their labels.
    pub shows: Vec<PrefillShown>,
}

/// A column of a prefilled line's source row shown beside its name.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PrefillShown {
    pub name: String,
    pub label: String,
}

/// A transition's guard over the record: its message when `check` (a condition tree, as a rule's) is not true.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GuardMeta {
    /// The transition's name.
    pub transition: String,
    pub message: String,
    #[schema(value_type = Object)]
    pub check: serde_json::Value,
}

/// A rule over several fields: the message shown under each of `fields` when `check` is false.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct RuleMeta {
    pub message: String,
    pub fields: Vec<String>,
    /// The condition as a tree: `{"and": [..]}`, `{"or": [..]}`, `{"not": c}`,
    /// `{"op": ">=", "left": {"column": "d_end"}, "right": {"column": "d_start"} | {"value": "0"}}`,
    /// `{"is_null": "c", "negated": false}`, `{"in": "c", "values": [..], "negated": false}`,
    /// `{"between": "c", "low": "1", "high": "9", "negated": false}`, `{"constant": true}`, `{"flag": "c"}`,
    /// `{"unknown": true}` (left to the gateway). Values are text, compared as their column's type; a
    /// comparison with an empty value is unknown, and only a false rule is broken (as a database CHECK).
    #[schema(value_type = Object)]
    pub check: serde_json::Value,
}

/// An entry a lookup column points at.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct LookupMeta {
    pub entry: String,
    /// The column whose value the lookup column stores.
    pub primary_key: String,
    /// Columns every signed-in user may read of it, in order (the key, a code, a name …).
    pub display_columns: Vec<String>,
    /// What an option shows a person, in order, each formatted by its type ("C1-IPA-003 — 01 Oct, 2026 —
    /// 12,34,567.00 — Certified"): never a key. Absent: the display column alone.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub option_columns: Vec<OptionColumnMeta>,
}

impl LookupMeta {
    /// What a look-up of `target` reads and shows.
    pub fn of(target: &Entry) -> LookupMeta {
        LookupMeta {
            entry: target.name.clone(),
            primary_key: target.def.primary_key.clone(),
            display_columns: target.display.clone(),
            option_columns: target
                .options
                .iter()
                .filter_map(|name| target.column(name))
                .map(|column| OptionColumnMeta {
                    name: column.name.clone(),
                    sql_type: column.sql_type,
                    scale: column.scale,
                })
                .collect(),
        }
    }
}

/// A column a look-up option shows, and how to write its value.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct OptionColumnMeta {
    pub name: String,
    #[serde(rename = "type")]
    pub sql_type: schema_registry::SqlType,
    /// Digits after the point of a `numeric` column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<u32>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SortMeta {
    pub column: String,
    pub direction: Direction,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SectionMeta {
    pub title: String,
    pub columns: Vec<String>,
    /// Shown only while the record is in one of these workflow states (absent: always).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
}

/// The metadata of `entry` as shown at `route`; without a `[screen]` table, every visible column is listed and
/// every writable one is in a single form section.
pub fn describe(registry: &Registry, entry: &Entry, route: &str, actions: Actions) -> ScreenMeta {
    let visible: Vec<&ColumnDef> = entry.columns().iter().filter(|c| !c.hidden).collect();
    let writable = !entry.def.read_only;
    // A route that shows the register to read only (`read_only` of its `[[screen.routes]]`) offers no write.
    let writes_here = writable && !entry.reads_only_at(route);
    let layout = entry.def.screen.as_ref();
    let at_route = layout.and_then(|screen| screen.routes.iter().find(|r| r.route == route));
    // The columns this route's form and list leave out (`hides`).
    let shown = |name: &String| at_route.is_none_or(|r| !r.hides.contains(name));
    let list_columns: Vec<String> = entry.list_columns().into_iter().filter(shown).collect();
    // A read-only entry has no form, unless it has lines (children): then its record opens read-only, its
    // details shown by its sections (or every visible column but the key) above the tabs of its lines.
    let opens = writable || !entry.def.children.is_empty();
    let sections = if !opens {
        Vec::new()
    } else {
        match layout.map(|s| &s.sections) {
            Some(sections) if !sections.is_empty() => sections
                .iter()
                .map(|s| SectionMeta {
                    title: s.title.clone(),
                    columns: s.columns.iter().filter(|c| shown(c)).cloned().collect(),
                    states: s.states.clone(),
                })
                .collect(),
            _ => vec![SectionMeta {
                states: Vec::new(),
                title: entry.title().to_owned(),
                columns: visible
                    .iter()
                    .filter(|c| {
                        if writable {
                            !c.read_only
                        } else {
                            c.name != entry.def.primary_key
                        }
                    })
                    .map(|c| c.name.clone())
                    .filter(shown)
                    .collect(),
            }],
        }
    };
    let default_sort = if entry.def.default_sort.is_empty() {
        list_columns
            .first()
            .map(|column| SortMeta {
                column: column.clone(),
                direction: Direction::Asc,
            })
            .into_iter()
            .collect()
    } else {
        entry
            .def
            .default_sort
            .iter()
            .map(|key| SortMeta {
                column: key.column.clone(),
                direction: key.direction,
            })
            .collect()
    };
    let mut lookups: Vec<LookupMeta> = Vec::new();
    for column in &visible {
        let Some(target) = column
            .lookup
            .as_ref()
            .and_then(|lookup| registry.entry(&lookup.entry))
        else {
            continue;
        };
        if !lookups.iter().any(|known| known.entry == target.name) {
            lookups.push(LookupMeta::of(target));
        }
    }
    let rules = entry
        .rules()
        .iter()
        .filter(|rule| {
            rule.columns()
                .iter()
                .all(|name| entry.readable_column(name).is_some())
        })
        .map(|rule| RuleMeta {
            message: rule.message.clone(),
            fields: rule.fields.clone(),
            check: schema_registry::rules::to_json(&rule.condition),
        })
        .collect();
    ScreenMeta {
        route: route.to_owned(),
        entry: entry.name.clone(),
        title: entry.title().to_owned(),
        singular: entry.def.singular.clone(),
        primary_key: entry.def.primary_key.clone(),
        writable,
        default_sort,
        phone_columns: match layout.map(|s| &s.phone_columns) {
            Some(columns) if !columns.is_empty() => {
                columns.iter().filter(|c| shown(c)).cloned().collect()
            }
            _ => list_columns.iter().take(3).cloned().collect(),
        },
        list_columns,
        sections,
        position: layout.and_then(|s| s.position.clone()),
        columns: visible.into_iter().cloned().collect(),
        actions: if writes_here {
            actions
        } else {
            Actions {
                create: false,
                update: false,
                delete: false,
                ..actions
            }
        },
        lookups,
        rules,
        workflow: entry.def.workflow.clone(),
        numbering: entry.def.numbering.clone(),
        waiting_only: false,
        guards: entry
            .workflow()
            .map(|workflow| {
                workflow
                    .transitions
                    .iter()
                    .flat_map(|t| t.guards.iter().map(move |g| (t, g)))
                    .filter_map(|(transition, guard)| {
                        let check = guard.check.as_deref()?;
                        Some(GuardMeta {
                            transition: transition.name.clone(),
                            message: guard.message.clone(),
                            check: schema_registry::rules::condition_tree(entry, check)?,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default(),
        copy: entry.def.copy.clone(),
        follow_ups: entry.def.follow_ups.clone(),
        attachments: entry.def.attachments,
        fixed: at_route.map(|r| r.fixed.clone()).unwrap_or_default(),
        upload: entry.def.upload.as_ref().map(|upload| UploadMeta {
            lines: upload.lines.clone(),
            next_in: upload.next_in.clone(),
        }),
        tree: entry.def.tree.as_ref().and_then(|tree| {
            // check-registry makes the parent a look-up of the entry itself.
            let name = entry.column(&tree.parent)?.lookup.as_ref()?.display.clone();
            Some(TreeMeta {
                parent: tree.parent.clone(),
                name,
                order: tree.order.clone(),
                words: tree.words.clone(),
                fills: tree.fills.clone(),
            })
        }),
        calendar: entry.def.calendar.clone(),
        scope: entry.def.scope,
        children: entry
            .def
            .children
            .iter()
            .filter_map(|child| {
                let child_entry = registry.entry(&child.entry)?;
                Some(ChildMeta {
                    entry: child.entry.clone(),
                    key: child.key.clone(),
                    title: child
                        .title
                        .clone()
                        .unwrap_or_else(|| child_entry.title().to_owned()),
                    delete: child.delete,
                    rules: child
                        .rules
                        .iter()
                        .map(|rule| LinesRuleMeta {
                            when_any: schema_registry::rules::condition_tree(
                                child_entry,
                                &rule.when_any,
                            )
                            .unwrap_or(serde_json::Value::Null),
                            check: schema_registry::rules::condition_tree(entry, &rule.check)
                                .unwrap_or(serde_json::Value::Null),
                            message: rule.message.clone(),
                            fields: rule.fields.clone(),
                        })
                        .collect(),
                    prefill: child.prefill.as_ref().and_then(|prefill| {
                        let source =
                            schema_registry::prefill::source(registry, entry, child_entry, prefill)
                                .ok()?;
                        let name = child_entry
                            .column(source.column)?
                            .lookup
                            .as_ref()?
                            .display
                            .clone();
                        Some(PrefillMeta {
                            from: prefill.from.clone(),
                            entry: source.entry.name.clone(),
                            key: source.key.to_owned(),
                            column: source.column.to_owned(),
                            name,
                            shows: prefill
                                .shows
                                .iter()
                                .filter_map(|name| {
                                    let column = source.entry.readable_column(name)?;
                                    Some(PrefillShown {
                                        name: name.clone(),
                                        label: column.label.clone(),
                                    })
                                })
                                .collect(),
                        })
                    }),
                    // Lines are part of the record: whoever may update it adds, changes and deletes them.
                    screen: Box::new(describe(
                        registry,
                        child_entry,
                        route,
                        Actions {
                            create: actions.update,
                            delete: actions.update,
                            ..actions
                        },
                    )),
                })
            })
            .collect(),
    }
}
