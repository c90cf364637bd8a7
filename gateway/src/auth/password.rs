//! Password hashing with argon2id (PHC strings). Hashing is CPU-heavy: callers on the async runtime use
//! `hash_blocking`/`verify_blocking`, which move the work off the reactor threads.

use argon2::password_hash::{
    rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString,
};
use argon2::Argon2;

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// argon2id with the crate's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommended minimum).
pub fn hash(password: &str) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// True when `password` matches `phc`; a malformed or unusable stored hash (such as '!') never matches.
pub fn verify(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

pub async fn hash_blocking(password: String) -> Result<String, HashError> {
    tokio::task::spawn_blocking(move || hash(&password))
        .await
        .map_err(|e| HashError(e.to_string()))?
}

pub async fn verify_blocking(password: String, phc: String) -> bool {
    tokio::task::spawn_blocking(move || verify(&password, &phc))
        .await
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_its_password_and_no_other() {
        let phc = hash("Admin@123").unwrap();
        assert!(phc.starts_with("$argon2id$"), "{phc}");
        assert!(verify("Admin@123", &phc));
        assert!(!verify("admin@123", &phc));
    }

    #[test]
    fn the_unusable_marker_never_matches() {
        assert!(!verify("", "!"));
        assert!(!verify("!", "!"));
    }

    #[test]
    fn two_hashes_of_one_password_differ_by_salt() {
        assert_ne!(hash("Viewer@123").unwrap(), hash("Viewer@123").unwrap());
    }
}
