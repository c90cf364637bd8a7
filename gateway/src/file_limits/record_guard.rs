//! A text file read one record at a time, none longer than [`MAX_RECORD_BYTES`]: the CSV reader grows its record
//! to whatever the file holds before a line ends, so a file without line breaks (or with a quote left open) would
//! be held whole. A record ends at a line break outside double quotes, as in RFC 4180 (`""` inside quotes toggles
//! twice and changes nothing).

use std::io::{self, Read};

use super::{LimitError, MAX_RECORD_BYTES};

/// Passes the text through, failing with [`LimitError::RecordTooLong`] (inside an `io::Error`, see
/// [`limit_of`]) at the first record past the limit.
pub struct RecordGuard<R> {
    inner: R,
    quoted: bool,
    length: usize,
    /// The record being read, 1-based.
    record: u64,
    limit: usize,
}

impl<R> RecordGuard<R> {
    pub fn new(inner: R) -> Self {
        RecordGuard::with_limit(inner, MAX_RECORD_BYTES)
    }

    pub fn with_limit(inner: R, limit: usize) -> Self {
        RecordGuard {
            inner,
            quoted: false,
            length: 0,
            record: 1,
            limit,
        }
    }
}

impl<R: Read> Read for RecordGuard<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let read = self.inner.read(buf)?;
        for &byte in &buf[..read] {
            match byte {
                b'"' => self.quoted = !self.quoted,
                b'\n' if !self.quoted => {
                    self.length = 0;
                    self.record += 1;
                    continue;
                }
                _ => {}
            }
            self.length += 1;
            if self.length > self.limit {
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    LimitError::RecordTooLong { row: self.record },
                ));
            }
        }
        Ok(read)
    }
}

/// The limit a reader stopped at, if that is why `error` happened.
pub fn limit_of(error: &io::Error) -> Option<LimitError> {
    error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<LimitError>())
        .cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &[u8], limit: usize) -> Result<Vec<u8>, Option<LimitError>> {
        let mut out = Vec::new();
        RecordGuard::with_limit(text, limit)
            .read_to_end(&mut out)
            .map(|_| out)
            .map_err(|e| limit_of(&e))
    }

    #[test]
    fn records_within_the_limit_pass_unchanged() {
        let text = b"a,b\n\"x\ny\",2\n";
        assert_eq!(read_all(text, 8).expect("passes"), text.to_vec());
    }

    #[test]
    fn a_long_record_is_refused_with_its_number() {
        assert_eq!(
            read_all(b"a,b\n1,2\n123456789\n", 8),
            Err(Some(LimitError::RecordTooLong { row: 3 }))
        );
        // A quote left open runs the record on past its line breaks.
        assert_eq!(
            read_all(b"a,\"b\n1,2\n3,4\n", 8),
            Err(Some(LimitError::RecordTooLong { row: 1 }))
        );
    }
}
