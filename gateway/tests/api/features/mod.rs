//! The features built over the engine: document control, the importer, the P6 schedule, dashboards and analytics,
//! reports (predefined, printed, custom), field forms, the mail view, reminders, the gallery and the activity wall.

mod activity;
mod analytics;
mod calendar;
mod custom_reports;
pub(crate) mod dashboard;
mod dms;
mod field_forms;
mod gallery;
mod import;
mod mailbox;
mod printed;
mod reminders;
mod reports;
mod schedule;
mod schedule_check;
