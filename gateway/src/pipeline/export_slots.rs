//! Exports hold a pooled connection for as long as their download lasts, so they get slots of their own: at most
//! `EXPORT_CONCURRENCY` at once over all users and `EXPORT_PER_USER` per user (429 with Retry-After beyond), so
//! that however many exports run or stall, ordinary reads keep connections to answer with.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::error::ApiError;

/// Seconds a refused export is told to wait.
const RETRY_AFTER_SECS: u64 = 10;

#[derive(Debug)]
pub struct ExportSlots {
    total: usize,
    per_user: usize,
    running: Mutex<Running>,
}

#[derive(Debug, Default)]
struct Running {
    total: usize,
    by_user: HashMap<i64, usize>,
}

/// A running export's slot; dropping it (the export finished, failed or was abandoned) frees it.
#[derive(Debug)]
pub struct ExportSlot {
    slots: Arc<ExportSlots>,
    user: i64,
}

impl ExportSlots {
    pub fn new(total: usize, per_user: usize) -> Arc<ExportSlots> {
        Arc::new(ExportSlots {
            total: total.max(1),
            per_user: per_user.max(1),
            running: Mutex::new(Running::default()),
        })
    }

    /// A slot for `user`, or 429 when the user's or everyone's exports are all running.
    pub fn take(self: &Arc<Self>, user: i64) -> Result<ExportSlot, ApiError> {
        let mut running = self
            .running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mine = running.by_user.get(&user).copied().unwrap_or(0);
        let what = if mine >= self.per_user {
            "exports of yours running at once; wait for one to finish"
        } else if running.total >= self.total {
            "exports running at once; try again shortly"
        } else {
            running.total += 1;
            *running.by_user.entry(user).or_default() += 1;
            return Ok(ExportSlot {
                slots: Arc::clone(self),
                user,
            });
        };
        Err(ApiError::RateLimited {
            what,
            retry_after: RETRY_AFTER_SECS,
        })
    }
}

impl Drop for ExportSlot {
    fn drop(&mut self) {
        let mut running = self
            .slots
            .running
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        running.total = running.total.saturating_sub(1);
        if let Some(count) = running.by_user.get_mut(&self.user) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                running.by_user.remove(&self.user);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_limited_per_user_and_overall_and_freed_when_dropped() {
        let slots = ExportSlots::new(3, 2);
        let a1 = slots.take(1).expect("first");
        let _a2 = slots.take(1).expect("second of user 1");
        assert!(slots.take(1).is_err(), "a third of user 1");
        let _b1 = slots.take(2).expect("user 2");
        assert!(slots.take(3).is_err(), "all three running");
        drop(a1);
        let _c1 = slots.take(3).expect("a slot was freed");
    }
}
