//! The loaded registry: every entry by name, each with its columns indexed, after the checks that need no
//! database (names, references between entries, routes, screens, pending rules).
//! - [`entry`]: an entry and its columns;
//! - `load`: reading files into a registry;
//! - `check`: the checks that need no database;
//! - [`problem`]: what the checks report.

mod check;
mod check_calendar;
mod check_dashboard;
mod check_full_text;
mod check_levels;
mod check_process;
mod check_tree;
mod check_upload;
pub mod entry;
mod load;
mod named_columns;
pub mod problem;

use std::collections::BTreeMap;

pub use entry::{Column, Entry, ParentLink, ReadersPath, ScopePath, Through, ROW_VERSION};
pub use problem::{Problem, RegistryError};

#[derive(Debug, Clone, Default)]
pub struct Registry {
    pub(crate) entries: BTreeMap<String, Entry>,
    /// The dashboards (`dashboards/*.toml`), by route.
    pub(crate) dashboards: BTreeMap<String, crate::dashboard::Dashboard>,
}

impl Registry {
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.get(name)
    }

    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.values()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The import preset at `route` (`[[imports]]`) and the entry it fills.
    pub fn import_preset(&self, route: &str) -> Option<(&Entry, &crate::model::ImportDef)> {
        self.entries.values().find_map(|entry| {
            entry
                .def
                .imports
                .iter()
                .find(|preset| preset.route == route)
                .map(|preset| (entry, preset))
        })
    }

    /// The dashboard at `route` (`dashboards/*.toml`).
    pub fn dashboard(&self, route: &str) -> Option<&crate::dashboard::Dashboard> {
        self.dashboards.get(route)
    }

    /// Every dashboard once (a dashboard is found by each of its routes), by route.
    pub fn dashboard_files(&self) -> impl Iterator<Item = &crate::dashboard::Dashboard> {
        self.dashboards
            .iter()
            .filter(|(route, dashboard)| **route == dashboard.def.route)
            .map(|(_, dashboard)| dashboard)
    }

    /// The dashboards listed inside the screen at `route` (their `within`), by title.
    pub fn dashboards_within(&self, route: &str) -> Vec<&crate::dashboard::Dashboard> {
        let mut found: Vec<&crate::dashboard::Dashboard> = self
            .dashboards
            .values()
            .filter(|dashboard| dashboard.def.within.as_deref() == Some(route))
            .collect();
        found.sort_by(|a, b| a.def.title.cmp(&b.def.title));
        found
    }

    /// The entry whose screen is `route`.
    pub fn entry_for_route(&self, route: &str) -> Option<&Entry> {
        self.entries
            .values()
            .find(|entry| entry.def.routes.iter().any(|r| r == route))
    }
}
