//! The console's own services beyond the generic registers: reminders, mail (the outbox and its dispatcher).

pub mod dispatcher;
pub mod mail;
pub mod reminders;
