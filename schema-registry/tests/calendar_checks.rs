//! `[calendar]` is checked when the registry loads (registry/check_calendar.rs): its date is a date column, its
//! title a text column, its late days a number column, its detail and state columns ones the register reads, the
//! state's values among the column's own, and `opens` a console path. Each case below breaks one of those and must
//! be refused under that part's name.

use schema_registry::Registry;

const MILESTONE: &str = r#"
title = "Milestone"
read_only = true

[[columns]]
name = "id"
type = "bigint"
label = "ID"

[[columns]]
name = "c_name"
type = "text"
label = "Milestone"

[[columns]]
name = "d_forecast"
type = "date"
label = "Forecast"

[[columns]]
name = "n_slip_days"
type = "integer"
label = "Slip (days)"

[[columns]]
name = "c_status"
type = "text"
label = "Status"
enum = ["Achieved", "Overdue", "Planned"]
"#;

fn load(calendar: &str) -> Result<Registry, String> {
    let source = format!("{MILESTONE}\n[calendar]\n{calendar}\n");
    Registry::from_sources(&[("registry/x/milestone.toml", "milestone", source.as_str())])
        .map_err(|error| error.to_string())
}

const FITTING: &str = r#"date = "d_forecast"
title = "c_name"
detail = ["c_status"]
late_days = "n_slip_days"
state = { column = "c_status", done = ["Achieved"], overdue = ["Overdue"] }
opens = "/dataentry/timeline""#;

#[test]
fn a_calendar_whose_parts_fit_loads() {
    let registry = load(FITTING).unwrap_or_else(|e| panic!("{e}"));
    let calendar = registry
        .entry("milestone")
        .and_then(|entry| entry.def.calendar.as_ref())
        .expect("the calendar");
    assert_eq!(calendar.date, "d_forecast");
    assert_eq!(
        calendar.state.as_ref().map(|s| s.done.clone()),
        Some(vec!["Achieved".to_string()])
    );
}

#[test]
fn each_misfitting_part_is_refused_under_its_name() {
    // Each case replaces one part of the fitting calendar.
    let cases = [
        (
            "date = \"d_forecast\"",
            "date = \"c_name\"",
            "calendar.date",
            "`c_name` must be a readable date column",
        ),
        (
            "date = \"d_forecast\"",
            "date = \"d_gone\"",
            "calendar.date",
            "`d_gone` must be a readable date column",
        ),
        (
            "title = \"c_name\"",
            "title = \"n_slip_days\"",
            "calendar.title",
            "`n_slip_days` must be a readable text column",
        ),
        (
            "late_days = \"n_slip_days\"",
            "late_days = \"c_status\"",
            "calendar.late_days",
            "`c_status` must be a readable number column",
        ),
        (
            "detail = [\"c_status\"]",
            "detail = [\"c_status\", \"c_nowhere\"]",
            "calendar.detail",
            "`c_nowhere` must be a readable column of this entry",
        ),
        (
            "column = \"c_status\"",
            "column = \"c_gone\"",
            "calendar.state.column",
            "`c_gone` must be a readable column of this entry",
        ),
        (
            "done = [\"Achieved\"]",
            "done = [\"Finished\"]",
            "calendar.state",
            "`Finished` is not one of the values of `c_status` (Achieved, Overdue, Planned)",
        ),
        (
            "opens = \"/dataentry/timeline\"",
            "opens = \"timeline\"",
            "calendar.opens",
            "`timeline` must be a console path such as /dataentry/timeline",
        ),
        (
            "opens = \"/dataentry/timeline\"",
            "opens = \"/a//b\"",
            "calendar.opens",
            "`/a//b` must be a console path",
        ),
    ];
    for (part, bad, field, message) in cases {
        let calendar = FITTING.replace(part, bad);
        assert_ne!(calendar, FITTING, "{part}: the case changes the calendar");
        let refused = load(&calendar).map(|_| ()).expect_err(&calendar);
        assert!(
            refused.contains(field) && refused.contains(message),
            "{calendar}\n→ {refused}"
        );
    }
}
