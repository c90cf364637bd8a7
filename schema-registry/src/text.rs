//! Clipping text a client sent before it is quoted in a message or stored as a note, and naming one of a register
//! in a message ("an IPC", "a BOQ item"): one rule for both crates.

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

/// `title` with its indefinite article as it is said: "an IPC", "an NCR", "an RFI" (an abbreviation is said by
/// its letters), "an inspection", "a BOQ item", "a DMS review", "a user".
pub fn a_or_an(title: &str) -> String {
    let first_word = title.split_whitespace().next().unwrap_or("");
    let letters: Vec<char> = first_word.chars().filter(|c| c.is_alphabetic()).collect();
    let spelt = letters.len() >= 2 && letters.iter().all(|c| c.is_uppercase());
    let an = match letters.first().map(|c| c.to_ascii_lowercase()) {
        // Letters said with a vowel sound: A, E, F, H, I, L, M, N, O, R, S, X.
        Some(c) if spelt => "aefhilmnorsx".contains(c),
        Some('a' | 'e' | 'i' | 'o') => true,
        // "a user", "a unit", "a utility"; "an update".
        Some('u') => !["uni", "use", "usu", "uti", "ure"]
            .iter()
            .any(|start| first_word.to_lowercase().starts_with(start)),
        _ => false,
    };
    format!("{} {title}", if an { "an" } else { "a" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_register_is_named_with_the_article_it_is_said_with() {
        for (title, said) in [
            ("IPC", "an IPC"),
            ("NCR", "an NCR"),
            ("RFI", "an RFI"),
            ("EOT", "an EOT"),
            ("BOQ item", "a BOQ item"),
            ("DMS review", "a DMS review"),
            ("Contract", "a Contract"),
            ("inspection", "an inspection"),
            ("Engineer's instruction", "an Engineer's instruction"),
            ("user", "a user"),
            ("update", "an update"),
            ("Hindrance", "a Hindrance"),
        ] {
            assert_eq!(a_or_an(title), said);
        }
    }

    #[test]
    fn clips_whole_characters() {
        assert_eq!(clip("Śląsk", 2), "Śl");
        assert_eq!(clip("ab", 5), "ab");
        assert_eq!(quote(&"x".repeat(200)).chars().count(), QUOTE_CHARS);
    }
}
