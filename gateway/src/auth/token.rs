//! Access and reset tokens: 32 random bytes, base64url on the wire, SHA-256 in the database.

use actix_web::http::header::{HeaderMap, AUTHORIZATION};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

use crate::error::ApiError;

/// A new random token (43 characters).
pub fn generate() -> Result<String, ApiError> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError::Internal(anyhow::anyhow!("no randomness for a token: {e}")))?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

/// What the database stores instead of the token.
pub fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// The token of a request: `x-access-token` (what the console sends), else `Authorization: Bearer`.
pub fn from_headers(headers: &HeaderMap) -> Option<String> {
    if let Some(value) = headers.get("x-access-token").and_then(|v| v.to_str().ok()) {
        let value = value.trim();
        if !value.is_empty() {
            return Some(value.to_owned());
        }
    }
    let authorization = headers.get(AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = authorization.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty())
        .then(|| token.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_long_random_and_hashed() {
        let a = generate().unwrap();
        let b = generate().unwrap();
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_eq!(hash(&a).len(), 32);
        assert_ne!(hash(&a), hash(&b));
    }
}
