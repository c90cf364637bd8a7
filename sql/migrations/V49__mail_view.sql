-- The mail view (/outlook): each person's mail is read back from the outbox by their address; what they have read
-- is kept here (no row: unread).
CREATE TABLE mail_read (
    n_user      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    n_outbox    bigint NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
    d_read_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (n_user, n_outbox)
);
CREATE INDEX mail_read_outbox_idx ON mail_read (n_outbox);

-- A person's mail, newest first.
CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (lower(c_to), id DESC);
