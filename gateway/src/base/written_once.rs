//! A text the server may serve but most runs are never asked for (the OpenAPI document): written on its first
//! request and kept, instead of at start, where it would be held by every idle gateway.

use std::sync::OnceLock;

type Writer = Box<dyn Fn() -> Option<String> + Send + Sync>;

pub struct WrittenOnce {
    write: Writer,
    text: OnceLock<Option<String>>,
}

impl WrittenOnce {
    pub fn new(write: impl Fn() -> Option<String> + Send + Sync + 'static) -> WrittenOnce {
        WrittenOnce {
            write: Box::new(write),
            text: OnceLock::new(),
        }
    }

    /// The text, written now if this is the first time (`None` if it could not be written).
    pub fn text(&self) -> Option<&str> {
        self.text.get_or_init(|| (self.write)()).as_deref()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use super::*;

    #[test]
    fn is_written_on_the_first_request_only() {
        let writes = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&writes);
        let text = WrittenOnce::new(move || {
            counted.fetch_add(1, Ordering::SeqCst);
            Some("{}".to_owned())
        });
        assert_eq!(writes.load(Ordering::SeqCst), 0);
        assert_eq!(text.text(), Some("{}"));
        assert_eq!(text.text(), Some("{}"));
        assert_eq!(writes.load(Ordering::SeqCst), 1);
    }
}
