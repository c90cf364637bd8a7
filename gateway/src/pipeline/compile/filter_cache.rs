//! Compiled `whrc` filters, kept by entry and text. Lists, dashboards and look-ups send the same few filters
//! again and again, and parsing and checking one took about a tenth of the gateway's CPU for a 50-row list
//! (perf; docs/performance.md). A cached filter is the same value the compiler would return: it depends only on
//! the entry's definition and the text, and an entry cut to a reader's columns is compiled afresh.

use std::collections::HashMap;
use std::sync::Mutex;

use schema_registry::{compile_filter, CompiledFilter, Entry, FilterError, FilterLimits};

/// Filters longer than this are compiled every time (a hand-written report filter is rarely sent twice).
const MAX_CACHED_TEXT: usize = 1024;

pub struct FilterCache {
    capacity: usize,
    compiled: Mutex<HashMap<String, CompiledFilter>>,
}

impl FilterCache {
    /// A cache of at most `capacity` filters; when full it starts again empty (no eviction bookkeeping on the
    /// hot path; the working set is small).
    pub fn new(capacity: usize) -> Self {
        FilterCache {
            capacity,
            compiled: Mutex::new(HashMap::new()),
        }
    }

    /// `compile_filter(entry, text)` with default limits. `whole_entry` says `entry` is the registry's own, not
    /// one cut to a reader's columns, which is the only kind cached.
    pub fn compile(
        &self,
        entry: &Entry,
        whole_entry: bool,
        text: &str,
    ) -> Result<CompiledFilter, FilterError> {
        if !whole_entry || self.capacity == 0 || text.len() > MAX_CACHED_TEXT {
            return compile_filter(entry, text, &FilterLimits::default());
        }
        let key = format!("{}\u{0}{text}", entry.name);
        if let Some(filter) = self.lock().get(&key) {
            return Ok(filter.clone());
        }
        let filter = compile_filter(entry, text, &FilterLimits::default())?;
        let mut compiled = self.lock();
        if compiled.len() >= self.capacity {
            compiled.clear();
        }
        compiled.insert(key, filter.clone());
        Ok(filter)
    }

    /// A poisoned lock only means another request panicked mid-insert; the map is still a valid cache.
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, CompiledFilter>> {
        self.compiled
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry() -> schema_registry::Registry {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../schema-registry/registry");
        schema_registry::Registry::load_dir(&dir).expect("the registry")
    }

    #[test]
    fn a_cached_filter_is_the_one_the_compiler_returns() {
        let registry = registry();
        let entry = registry
            .entry("activity_progress")
            .expect("activity_progress");
        let cache = FilterCache::new(2);
        let text =
            "n_package = 3 AND c_status = 'In progress' ORDER BY d_progress_date DESC LIMIT 50";
        let fresh = compile_filter(entry, text, &FilterLimits::default()).expect("compiles");
        for _ in 0..3 {
            let cached = cache.compile(entry, true, text).expect("compiles");
            assert_eq!(format!("{cached:?}"), format!("{fresh:?}"));
        }
        // Errors are not kept; a full cache starts again.
        assert!(cache.compile(entry, true, "no_such_column = 1").is_err());
        cache.compile(entry, true, "id = 1").expect("compiles");
        cache.compile(entry, true, "id = 2").expect("compiles");
        assert!(cache.lock().len() <= 2);
        assert_eq!(
            format!("{:?}", cache.compile(entry, true, text).expect("compiles")),
            format!("{fresh:?}")
        );
    }
}
