//! Whether the gateway has reached its database and applied migrations. Owns the start-up state machine that
//! `/api/health` reports; must not do I/O itself.

use std::sync::atomic::{AtomicU8, Ordering};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Trying to reach the database (retrying with backoff).
    Connecting,
    /// Connected; applying migrations (and demo data when asked).
    Migrating,
    /// Serving normally.
    Ready,
}

#[derive(Debug)]
pub struct Readiness(AtomicU8);

impl Default for Readiness {
    fn default() -> Self {
        Self(AtomicU8::new(Phase::Connecting as u8))
    }
}

impl Readiness {
    pub fn set(&self, phase: Phase) {
        self.0.store(phase as u8, Ordering::Release);
    }

    pub fn phase(&self) -> Phase {
        match self.0.load(Ordering::Acquire) {
            0 => Phase::Connecting,
            1 => Phase::Migrating,
            _ => Phase::Ready,
        }
    }
}
