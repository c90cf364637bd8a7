//! Clipping text a client sent before it is quoted in a message or stored as a note: one rule for both crates.

/// How much of a client's text a message quotes.
pub const QUOTE_CHARS: usize = 80;

/// The first `max` characters of `text` (whole characters, never a split code point).
pub fn clip(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// `text` as a message quotes it: at most [`QUOTE_CHARS`] characters.
pub fn quote(text: &str) -> String {
    clip(text, QUOTE_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clips_whole_characters() {
        assert_eq!(clip("Śląsk", 2), "Śl");
        assert_eq!(clip("ab", 5), "ab");
        assert_eq!(quote(&"x".repeat(200)).chars().count(), QUOTE_CHARS);
    }
}
