//! `[calendar]`: a register whose records are days on the console's calendar (`/calendar`, the route the registry
//! gives the register): each record on its `date`, named by its `title`, with the columns of `detail` when it is
//! pointed at, how many days it runs late against its baseline, and its colour by its state (done, overdue, or the
//! calendar's colour for the register). The console reads these from the screen's metadata (`calendar`), so the
//! calendar names no column. See docs/registry.md "Calendars".

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A register's place on the calendar (`[calendar]`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CalendarDef {
    /// The date column a record sits on (a milestone's forecast, or actual, finish).
    pub date: String,
    /// The text column a record is named by on its day.
    pub title: String,
    /// Columns shown after the title when a record is pointed at, in this order, each as its list shows it
    /// (a look-up by its name).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub detail: Vec<String>,
    /// A number column of the days a record runs late (positive) or early (negative) against its baseline,
    /// shown as "12 days late against the baseline"; zero says nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late_days: Option<String>,
    /// The record's state, by which it is coloured: done (green), overdue (red), else the register's colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<CalendarStateDef>,
    /// The console route a record opens (the programme's timeline for milestones); none: the register's own
    /// record form on its route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opens: Option<String>,
}

/// Which values of a column colour a record as done or overdue (`[calendar.state]`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CalendarStateDef {
    /// The column holding the state.
    pub column: String,
    /// Its values meaning done (achieved, closed).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub done: Vec<String>,
    /// Its values meaning overdue.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overdue: Vec<String>,
}
