//! Server-reported progress of running imports, in memory, by the key the console sends (`options.progress`):
//! bytes of the file read, rows read, the phase. Only the user who started an import may read its progress; an
//! entry is dropped some minutes after its import ended.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a finished import's progress stays readable (the console's last poll).
const KEEP_AFTER_END: Duration = Duration::from_secs(5 * 60);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Reading = 0,
    Checking = 1,
    Writing = 2,
    Done = 3,
}

impl Phase {
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Reading => "reading",
            Phase::Checking => "checking",
            Phase::Writing => "writing",
            Phase::Done => "done",
        }
    }

    fn from_u8(value: u8) -> Phase {
        match value {
            0 => Phase::Reading,
            1 => Phase::Checking,
            2 => Phase::Writing,
            _ => Phase::Done,
        }
    }
}

/// One import's progress, updated by the reader thread and the writer without locks.
#[derive(Debug)]
pub struct Progress {
    pub user: i64,
    phase: AtomicU8,
    pub bytes_read: AtomicU64,
    pub bytes_total: AtomicU64,
    pub rows_read: AtomicU64,
    ended: Mutex<Option<Instant>>,
}

impl Progress {
    fn new(user: i64) -> Progress {
        Progress {
            user,
            phase: AtomicU8::new(Phase::Reading as u8),
            bytes_read: AtomicU64::new(0),
            bytes_total: AtomicU64::new(0),
            rows_read: AtomicU64::new(0),
            ended: Mutex::new(None),
        }
    }

    pub fn set_phase(&self, phase: Phase) {
        self.phase.store(phase as u8, Ordering::Relaxed);
        if phase == Phase::Done {
            if let Ok(mut ended) = self.ended.lock() {
                *ended = Some(Instant::now());
            }
        }
    }

    pub fn phase(&self) -> Phase {
        Phase::from_u8(self.phase.load(Ordering::Relaxed))
    }

    fn expired(&self, now: Instant) -> bool {
        self.ended
            .lock()
            .ok()
            .and_then(|ended| *ended)
            .is_some_and(|at| now.duration_since(at) > KEEP_AFTER_END)
    }
}

/// Every import's progress by key.
#[derive(Debug, Default)]
pub struct ProgressBoard {
    runs: Mutex<HashMap<String, Arc<Progress>>>,
}

impl ProgressBoard {
    /// A new progress under `key` for `user` (one started again under the same key starts afresh); drops the
    /// progress of imports that ended long enough ago.
    pub fn start(&self, key: &str, user: i64) -> Arc<Progress> {
        let progress = Arc::new(Progress::new(user));
        if let Ok(mut runs) = self.runs.lock() {
            let now = Instant::now();
            runs.retain(|_, run| !run.expired(now));
            runs.insert(key.to_owned(), Arc::clone(&progress));
        }
        progress
    }

    /// The progress under `key` if `user` started it.
    pub fn get(&self, key: &str, user: i64) -> Option<Arc<Progress>> {
        let runs = self.runs.lock().ok()?;
        runs.get(key).filter(|run| run.user == user).cloned()
    }
}
