-- An Idempotency-Key sent again answers what its first request did only when it carries the same request: the
-- fingerprint (SHA-256 of the fields sent, or of the files uploaded) tells a retry from another request that reuses
-- the key, which is refused (422) instead of silently answered with the first one's result. Keys stored before
-- this migration have none and are judged by their request alone.
ALTER TABLE idempotent_request ADD COLUMN c_fingerprint text CHECK (c_fingerprint ~ '^[0-9a-f]{64}$');
