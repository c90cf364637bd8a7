//! A short-lived, in-process cache of resolved sessions, so that a request does not cost a session query.
//!
//! Correctness comes first: every change that ends or alters a session (logout, deactivation, password change,
//! permission change) sends `NOTIFY pmis_sessions, 'user:<id>'` in its transaction; every gateway replica
//! listens on its own connection and drops that user's entries when the change commits. While the listener is
//! not connected the cache is bypassed. What remains is the entry's age limit (`SESSION_CACHE_MS`, default
//! 2000): a session that reaches its expiry, or a row edited by hand in the database, is noticed within it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use deadpool_postgres::GenericClient;
use futures_util::StreamExt;
use tokio_postgres::AsyncMessage;

use crate::ops::database_tls::Tls;

use crate::error::ApiError;

use super::caller::Caller;

pub const CHANNEL: &str = "pmis_sessions";

/// Entries beyond this are dropped wholesale (a flood of distinct tokens must not grow memory).
const MAX_ENTRIES: usize = 10_000;

/// SHA-256 of an access token: the cache's key, as in `user_session`.
type TokenHash = Vec<u8>;

pub struct SessionCache {
    ttl: Duration,
    listening: AtomicBool,
    /// Moves on every eviction: a database read that began before an eviction must not be cached after it.
    epoch: AtomicU64,
    entries: Mutex<HashMap<TokenHash, (Arc<Caller>, Instant)>>,
}

impl SessionCache {
    pub fn new(ttl: Duration) -> Self {
        SessionCache {
            ttl,
            listening: AtomicBool::new(false),
            epoch: AtomicU64::new(0),
            entries: Mutex::new(HashMap::new()),
        }
    }

    fn usable(&self) -> bool {
        !self.ttl.is_zero() && self.listening.load(Ordering::Acquire)
    }

    pub fn get(&self, token_hash: &[u8]) -> Option<Arc<Caller>> {
        if !self.usable() {
            return None;
        }
        let entries = self.entries.lock().ok()?;
        entries
            .get(token_hash)
            .filter(|(_, stored)| stored.elapsed() < self.ttl)
            .map(|(caller, _)| Arc::clone(caller))
    }

    /// Read before resolving a session from the database; pass to [`SessionCache::put`].
    pub fn epoch(&self) -> u64 {
        self.epoch.load(Ordering::Acquire)
    }

    /// Caches `caller` unless an eviction happened since `epoch` was read (the read may be stale).
    pub fn put(&self, epoch: u64, token_hash: Vec<u8>, caller: &Arc<Caller>) {
        if !self.usable() {
            return;
        }
        if let Ok(mut entries) = self.entries.lock() {
            if self.epoch.load(Ordering::Acquire) != epoch {
                return;
            }
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
            entries.insert(token_hash, (Arc::clone(caller), Instant::now()));
        }
    }

    /// Drops every cached session of `user_id`.
    pub fn forget_user(&self, user_id: i64) {
        if let Ok(mut entries) = self.entries.lock() {
            self.epoch.fetch_add(1, Ordering::AcqRel);
            entries.retain(|_, (caller, _)| caller.user_id != user_id);
        }
    }

    fn forget_all(&self) {
        if let Ok(mut entries) = self.entries.lock() {
            self.epoch.fetch_add(1, Ordering::AcqRel);
            entries.clear();
        }
    }

    /// Listens for session changes on a connection of its own, reconnecting with backoff; runs for ever.
    pub async fn listen(self: std::sync::Arc<Self>, database_url: String, tls: Tls) {
        if self.ttl.is_zero() {
            return;
        }
        let mut delay = Duration::from_millis(250);
        loop {
            match self.listen_once(&database_url, tls.clone()).await {
                Ok(()) => delay = Duration::from_millis(250),
                Err(reason) => {
                    tracing::warn!(reason = %reason, "session cache listener lost; cache bypassed")
                }
            }
            self.listening.store(false, Ordering::Release);
            self.forget_all();
            tokio::time::sleep(delay).await;
            delay = (delay * 2).min(Duration::from_secs(5));
        }
    }

    async fn listen_once(&self, database_url: &str, tls: Tls) -> Result<(), String> {
        let (client, mut connection) = tokio_postgres::connect(database_url, tls)
            .await
            .map_err(|e| crate::ops::database::describe_pg_error(&e))?;
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        let statement = format!("LISTEN {CHANNEL}");
        {
            let listen = client.batch_execute(&statement);
            // The connection must be polled for LISTEN to complete.
            tokio::pin!(listen);
            loop {
                tokio::select! {
                    done = &mut listen => {
                        done.map_err(|e| crate::ops::database::describe_pg_error(&e))?;
                        break;
                    }
                    message = messages.next() => match message {
                        Some(Ok(_)) => {}
                        Some(Err(e)) => return Err(crate::ops::database::describe_pg_error(&e)),
                        None => return Err("connection closed".into()),
                    }
                }
            }
        }
        self.forget_all();
        self.listening.store(true, Ordering::Release);
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(notification)) => {
                    match notification
                        .payload()
                        .strip_prefix("user:")
                        .and_then(|id| id.parse().ok())
                    {
                        Some(user_id) => self.forget_user(user_id),
                        None => self.forget_all(),
                    }
                }
                Ok(_) => {}
                Err(e) => return Err(crate::ops::database::describe_pg_error(&e)),
            }
        }
        // `client` lives until here: dropping it would close the connection.
        drop(client);
        Err("connection closed".into())
    }
}

/// Tells every replica (this one included, through its listener) that `user_id`'s sessions changed; delivered
/// when the surrounding transaction commits.
pub async fn announce(client: &impl GenericClient, user_id: i64) -> Result<(), ApiError> {
    client
        .execute(
            "SELECT pg_notify($1, $2)",
            &[&CHANNEL, &format!("user:{user_id}")],
        )
        .await?;
    Ok(())
}
