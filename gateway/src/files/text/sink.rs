//! What the readers fill and give back: the text collected up to its cap, or why there is none. A lower module the
//! readers and their dispatcher (`text`) both use, so neither imports the other.

/// Text kept per file at most (the rest is cut, with a note).
pub const MAX_TEXT_BYTES: usize = 2 * 1024 * 1024;

/// A PDF larger than this is not read for text (its parser holds the whole file in memory).
pub const MAX_PDF_BYTES: u64 = 64 * 1024 * 1024;

/// What a file gave.
#[derive(Debug, Clone, Default)]
pub struct Extracted {
    pub text: String,
    /// Why there is no text, or only part of it.
    pub note: Option<String>,
}

impl Extracted {
    pub(super) fn note(note: impl Into<String>) -> Self {
        Extracted {
            text: String::new(),
            note: Some(note.into()),
        }
    }

    pub fn chars(&self) -> usize {
        self.text.chars().count()
    }
}

/// Why a reader gave up.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("{0}")]
    Unreadable(String),
}

/// Collects text up to [`MAX_TEXT_BYTES`], one piece at a time, separating pieces with a space.
#[derive(Debug, Default)]
pub struct TextSink {
    text: String,
    pub cut: bool,
}

impl TextSink {
    /// Adds `piece`; false once full (the reader may stop).
    pub fn push(&mut self, piece: &str) -> bool {
        let piece = piece.trim();
        if piece.is_empty() {
            return !self.cut;
        }
        if self.cut {
            return false;
        }
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        let room = MAX_TEXT_BYTES.saturating_sub(self.text.len());
        if piece.len() <= room {
            self.text.push_str(piece);
            true
        } else {
            let mut end = room;
            while end > 0 && !piece.is_char_boundary(end) {
                end -= 1;
            }
            self.text.push_str(&piece[..end]);
            self.cut = true;
            false
        }
    }

    pub fn finish(self) -> Extracted {
        let note = self.cut.then(|| {
            format!(
                "Text cut at {}: only the beginning is searchable",
                crate::file_limits::human_size(MAX_TEXT_BYTES as u64)
            )
        });
        Extracted {
            text: self.text,
            note,
        }
    }
}
