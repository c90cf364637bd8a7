//! A CSV file's text: its encoding (a BOM says UTF-8 or UTF-16; otherwise UTF-8 when the bytes are valid UTF-8,
//! else Windows-1252, what Excel writes on Indian and western Windows), decoded to UTF-8 as it is read, and its
//! delimiter (`,` `;` TAB `|`, whichever splits the first lines into the same number of fields).

use std::io::{self, Read};

use encoding_rs::{Decoder, Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};

/// Bytes looked at to decide the encoding and the delimiter.
pub const HEAD: usize = 64 * 1024;

/// What the first bytes say about the text.
#[derive(Debug, Clone, Copy)]
pub struct TextKind {
    pub encoding: &'static Encoding,
    /// Binary data (NUL bytes outside UTF-16).
    pub binary: bool,
}

pub fn detect(head: &[u8]) -> TextKind {
    if let Some((encoding, _)) = Encoding::for_bom(head) {
        return TextKind {
            encoding,
            binary: false,
        };
    }
    let binary = head.contains(&0);
    let encoding = match std::str::from_utf8(head) {
        Ok(_) => UTF_8,
        // Cut in the middle of a character at the end of the head: still UTF-8.
        Err(error) if error.error_len().is_none() => UTF_8,
        Err(_) => WINDOWS_1252,
    };
    TextKind { encoding, binary }
}

/// The delimiter that splits the first lines of `text` into the same number of fields most often.
pub fn delimiter(text: &str) -> u8 {
    let lines: Vec<&str> = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .take(10)
        .collect();
    // A last line cut off by the end of the head is not counted.
    let lines = if lines.len() > 1 && !text.ends_with('\n') {
        &lines[..lines.len() - 1]
    } else {
        &lines[..]
    };
    let mut best = (b',', 0usize, 0usize);
    for candidate in [b',', b';', b'\t', b'|'] {
        let counts: Vec<usize> = lines
            .iter()
            .map(|line| count_outside_quotes(line, candidate as char))
            .collect();
        let Some(&first) = counts.first() else {
            continue;
        };
        if first == 0 {
            continue;
        }
        let agreeing = counts.iter().filter(|&&count| count == first).count();
        if (agreeing, first) > (best.1, best.2) {
            best = (candidate, agreeing, first);
        }
    }
    best.0
}

fn count_outside_quotes(line: &str, delimiter: char) -> usize {
    let mut quoted = false;
    let mut count = 0;
    for c in line.chars() {
        if c == '"' {
            quoted = !quoted;
        } else if c == delimiter && !quoted {
            count += 1;
        }
    }
    count
}

/// The encoding's name as the preview shows it.
pub fn name(encoding: &'static Encoding) -> &'static str {
    if encoding == UTF_16LE {
        "UTF-16LE"
    } else if encoding == UTF_16BE {
        "UTF-16BE"
    } else {
        encoding.name()
    }
}

/// A reader of UTF-8 text decoded from `inner` (a BOM is dropped), in constant memory.
pub struct Decoding<R> {
    inner: R,
    decoder: Decoder,
    raw: Vec<u8>,
    raw_start: usize,
    raw_end: usize,
    out: Vec<u8>,
    out_start: usize,
    out_end: usize,
    ended: bool,
}

impl<R: Read> Decoding<R> {
    pub fn new(inner: R, encoding: &'static Encoding) -> Self {
        Decoding {
            inner,
            decoder: encoding.new_decoder_with_bom_removal(),
            raw: vec![0; 32 * 1024],
            raw_start: 0,
            raw_end: 0,
            out: vec![0; 3 * 32 * 1024 + 16],
            out_start: 0,
            out_end: 0,
            ended: false,
        }
    }
}

impl<R: Read> Read for Decoding<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.out_start == self.out_end {
            if self.ended && self.raw_start == self.raw_end {
                return Ok(0);
            }
            if self.raw_start == self.raw_end && !self.ended {
                let read = self.inner.read(&mut self.raw)?;
                self.raw_start = 0;
                self.raw_end = read;
                if read == 0 {
                    self.ended = true;
                }
            }
            let (_, read, written, _) = self.decoder.decode_to_utf8(
                &self.raw[self.raw_start..self.raw_end],
                &mut self.out,
                self.ended,
            );
            self.raw_start += read;
            self.out_start = 0;
            self.out_end = written;
            if self.ended && written == 0 && self.raw_start == self.raw_end {
                return Ok(0);
            }
        }
        let n = buf.len().min(self.out_end - self.out_start);
        buf[..n].copy_from_slice(&self.out[self.out_start..self.out_start + n]);
        self.out_start += n;
        Ok(n)
    }
}

/// The head decoded (for the delimiter), its BOM dropped.
pub fn decode_head(head: &[u8], encoding: &'static Encoding) -> String {
    let (text, _) = encoding.decode_with_bom_removal(head);
    text.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_encoding() {
        assert_eq!(detect(b"\xEF\xBB\xBFa,b").encoding, UTF_8);
        assert_eq!(detect(b"\xFF\xFEa\0,\0").encoding, UTF_16LE);
        assert!(!detect(b"\xFF\xFEa\0,\0").binary);
        assert_eq!(detect(b"Caf\xE9,b").encoding, WINDOWS_1252);
        assert_eq!(detect("Café,b".as_bytes()).encoding, UTF_8);
        assert!(detect(b"\x7fELF\0\0\0").binary);
    }

    #[test]
    fn finds_the_delimiter() {
        assert_eq!(delimiter("a;b;c\n1;\"2;3\";4\n"), b';');
        assert_eq!(delimiter("a,b\n1,2\n"), b',');
        assert_eq!(delimiter("a\tb\tc\n1\t2\t3\n"), b'\t');
        assert_eq!(delimiter("a|b\n1|2\n"), b'|');
        assert_eq!(delimiter("name\nx\n"), b',');
    }

    #[test]
    fn decodes_utf16_and_1252() {
        let bytes: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain("a,é\n".encode_utf16().flat_map(|u| u.to_le_bytes()))
            .collect();
        let mut text = String::new();
        Decoding::new(&bytes[..], UTF_16LE)
            .read_to_string(&mut text)
            .unwrap_or_default();
        assert_eq!(text, "a,é\n");
        let mut text = String::new();
        Decoding::new(&b"Caf\xE9 \x80"[..], WINDOWS_1252)
            .read_to_string(&mut text)
            .unwrap_or_default();
        assert_eq!(text, "Café €");
    }
}
