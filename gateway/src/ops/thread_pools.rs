//! The serving connections, one small pool per thread that answers requests. A tokio-postgres connection is
//! driven by a task on the thread that opened it; shared by every HTTP worker, each query would wake a second
//! thread to write and read the socket and wake the first again with the answer. Kept on the thread that uses
//! it, a query costs the gateway and PostgreSQL less CPU (measured in `docs/performance.md`).

use std::ops::Deref;

use deadpool_postgres::Pool;
use thread_local::ThreadLocal;

use crate::ops::config::DatabaseSettings;
use crate::ops::database::{DatabaseError, PoolRecipe};

pub struct ThreadPools {
    recipe: PoolRecipe,
    /// Connections each thread may open: `DB_POOL_SIZE` (or `DB_READ_POOL_SIZE`) shared out among the HTTP
    /// workers.
    per_thread: usize,
    pools: ThreadLocal<Pool>,
}

impl ThreadPools {
    /// `total` connections to `url` shared out among `threads` workers, at least one each. The URL and TLS
    /// are checked here; each thread's pool is made on its first request and connects lazily.
    pub fn new(
        settings: &DatabaseSettings,
        url: &str,
        total: usize,
        threads: usize,
    ) -> Result<Self, DatabaseError> {
        Ok(Self {
            recipe: PoolRecipe::new(settings, url)?,
            per_thread: total.div_ceil(threads.max(1)).max(1),
            pools: ThreadLocal::new(),
        })
    }

    /// The calling thread's pool.
    pub fn local(&self) -> &Pool {
        self.pools.get_or(|| self.recipe.build(self.per_thread))
    }

    /// Every thread's pool made so far (tests read the gateway's own connections through these).
    pub fn all(&self) -> impl Iterator<Item = &Pool> {
        self.pools.iter()
    }

    pub fn per_thread(&self) -> usize {
        self.per_thread
    }

    /// A pool of its own of at most `size` connections to the same database, for work that is not a request's
    /// (made from the same checked settings: nothing is parsed or read again).
    pub fn separate(&self, size: usize) -> Pool {
        self.recipe.build(size)
    }
}

/// `state.pool.get()` and `&state.pool` reach the calling thread's pool.
impl Deref for ThreadPools {
    type Target = Pool;

    fn deref(&self) -> &Pool {
        self.local()
    }
}
