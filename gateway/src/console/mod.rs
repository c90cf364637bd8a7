//! The console's own services beyond the generic registers: reminders, mail (the outbox and its dispatcher), the
//! due-date reminders of workflow steps, the daily digest, the pending-document list and the banner messages.

pub mod activity;
pub mod banner;
pub mod daily_pass;
pub mod digest;
pub mod dispatcher;
pub mod gallery;
pub mod mailbox;
pub mod pending;
pub mod reminders;
pub mod step_reminders;
