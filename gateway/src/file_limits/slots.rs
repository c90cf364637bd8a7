//! At most a few users' files are read at once (`FILE_READERS`, default 4), each on a blocking thread within
//! [`super::MEMORY_BUDGET`], so that what reading files may hold together is bounded whatever is uploaded. A
//! reading that finds every slot taken waits up to [`WAIT`], then is told to try again (503).

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Files read at once unless `FILE_READERS` says otherwise.
pub const DEFAULT_READERS: usize = 4;
/// How long a reading waits for a slot.
pub const WAIT: Duration = Duration::from_secs(20);

/// The slots; cloned handles share them.
#[derive(Debug, Clone)]
pub struct ReadingSlots {
    semaphore: Arc<Semaphore>,
    readers: usize,
}

/// Every slot stayed taken for [`WAIT`].
#[derive(Debug, Clone, Copy, thiserror::Error)]
#[error("the gateway is reading other files; try again in a minute")]
pub struct SlotsBusy;

impl ReadingSlots {
    pub fn new(readers: usize) -> Self {
        let readers = readers.max(1);
        ReadingSlots {
            semaphore: Arc::new(Semaphore::new(readers)),
            readers,
        }
    }

    /// `FILE_READERS` from the environment (a positive number), else [`DEFAULT_READERS`].
    pub fn from_env() -> Self {
        ReadingSlots::new(
            std::env::var("FILE_READERS")
                .ok()
                .and_then(|v| v.trim().parse::<usize>().ok())
                .filter(|&n| n > 0)
                .unwrap_or(DEFAULT_READERS),
        )
    }

    pub fn readers(&self) -> usize {
        self.readers
    }

    /// A slot, held until the permit is dropped.
    pub async fn take(&self) -> Result<OwnedSemaphorePermit, SlotsBusy> {
        match tokio::time::timeout(WAIT, self.semaphore.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(SlotsBusy),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn slots_are_shared_and_given_back() {
        let slots = ReadingSlots::new(1);
        let first = slots.take().await.expect("a slot");
        assert_eq!(slots.semaphore.available_permits(), 0);
        drop(first);
        assert!(slots.take().await.is_ok());
    }
}
