//! A zip package (XLSX, DOCX) judged by its directory before anything is unpacked: the end-of-directory record
//! read by hand first (the zip reader keeps one record per part in memory, so the number of parts is checked
//! before it is asked), then each part's packed and unpacked sizes. The zip reader itself refuses a part that
//! unpacks to more than its directory says ("larger than its declared uncompressed size"), so the sizes checked
//! here bound what reading the package can unpack.

use std::io::{Read, Seek, SeekFrom};

use super::{
    LimitError, ZIP_MAX_DIRECTORY_BYTES, ZIP_MAX_ENTRIES, ZIP_MAX_ENTRY_BYTES, ZIP_MAX_RATIO,
    ZIP_MAX_TOTAL_BYTES, ZIP_RATIO_GRACE_BYTES,
};

/// One part of a package as its directory describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    pub name: String,
    pub packed: u64,
    pub unpacked: u64,
}

/// The package's parts, each within the limits (`max_part` says how large a named part may unpack to, for parts
/// a reader keeps whole in memory; `None`: [`ZIP_MAX_ENTRY_BYTES`]).
pub fn check<R: Read + Seek>(
    mut reader: R,
    file_name: &str,
    max_part: impl Fn(&str) -> Option<u64>,
) -> Result<Vec<Part>, LimitError> {
    let not_zip = |why: String| LimitError::NotZip(file_name.to_owned(), why);
    let end = end_of_directory(&mut reader).map_err(not_zip)?;
    if end.entries > ZIP_MAX_ENTRIES {
        return Err(LimitError::TooManyParts {
            entries: end.entries,
        });
    }
    if end.directory_bytes > ZIP_MAX_DIRECTORY_BYTES {
        return Err(LimitError::DirectoryTooLarge {
            bytes: end.directory_bytes,
        });
    }
    reader
        .seek(SeekFrom::Start(0))
        .map_err(|e| not_zip(e.to_string()))?;
    let mut archive = zip::ZipArchive::new(reader).map_err(|e| not_zip(e.to_string()))?;
    if archive.len() as u64 > ZIP_MAX_ENTRIES {
        return Err(LimitError::TooManyParts {
            entries: archive.len() as u64,
        });
    }
    let mut parts = Vec::with_capacity(archive.len());
    let mut total: u64 = 0;
    for index in 0..archive.len() {
        let file = archive
            .by_index_raw(index)
            .map_err(|e| not_zip(e.to_string()))?;
        let part = Part {
            name: file
                .name()
                .map_err(|e| not_zip(e.to_string()))?
                .into_owned(),
            packed: file.compressed_size(),
            unpacked: file.size(),
        };
        drop(file);
        // A bomb is named as one before its size is, whatever its size.
        if part.unpacked > ZIP_RATIO_GRACE_BYTES
            && part.unpacked / part.packed.max(1) > ZIP_MAX_RATIO
        {
            return Err(LimitError::Ratio {
                part: part.name,
                packed: part.packed,
                unpacked: part.unpacked,
            });
        }
        let max = max_part(&part.name).unwrap_or(ZIP_MAX_ENTRY_BYTES);
        if part.unpacked > max {
            return Err(LimitError::PartTooLarge {
                part: part.name,
                unpacked: part.unpacked,
                max,
            });
        }
        total = total.saturating_add(part.unpacked);
        if total > ZIP_MAX_TOTAL_BYTES {
            return Err(LimitError::TotalTooLarge { unpacked: total });
        }
        parts.push(part);
    }
    Ok(parts)
}

/// What the end-of-central-directory record says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct EndOfDirectory {
    entries: u64,
    directory_bytes: u64,
}

const END_SIGNATURE: [u8; 4] = [0x50, 0x4b, 0x05, 0x06];
const ZIP64_LOCATOR_SIGNATURE: [u8; 4] = [0x50, 0x4b, 0x06, 0x07];
const ZIP64_END_SIGNATURE: [u8; 4] = [0x50, 0x4b, 0x06, 0x06];
/// The record's fixed part; a comment of up to 65,535 bytes may follow it.
const END_BYTES: u64 = 22;

/// The end-of-directory record (the zip64 one when the classic record says its fields overflowed).
fn end_of_directory<R: Read + Seek>(reader: &mut R) -> Result<EndOfDirectory, String> {
    let length = reader.seek(SeekFrom::End(0)).map_err(|e| e.to_string())?;
    if length < END_BYTES {
        return Err("it is too short to be one".into());
    }
    let tail_length = length.min(END_BYTES + u64::from(u16::MAX));
    let tail_start = length - tail_length;
    reader
        .seek(SeekFrom::Start(tail_start))
        .map_err(|e| e.to_string())?;
    let mut tail = vec![0u8; tail_length as usize];
    reader.read_exact(&mut tail).map_err(|e| e.to_string())?;
    let at = (0..=tail.len() - END_BYTES as usize)
        .rev()
        .find(|&i| tail[i..i + 4] == END_SIGNATURE)
        .ok_or("it has no end-of-directory record")?;
    let record = &tail[at..];
    let entries = u16::from_le_bytes([record[10], record[11]]);
    let directory_bytes = u32::from_le_bytes([record[12], record[13], record[14], record[15]]);
    if entries != u16::MAX && directory_bytes != u32::MAX {
        return Ok(EndOfDirectory {
            entries: u64::from(entries),
            directory_bytes: u64::from(directory_bytes),
        });
    }
    // Zip64: a 20-byte locator just before the record gives the zip64 record's offset.
    let record_offset = tail_start + at as u64;
    if record_offset < 20 {
        return Err("its zip64 locator is missing".into());
    }
    let mut locator = [0u8; 20];
    reader
        .seek(SeekFrom::Start(record_offset - 20))
        .map_err(|e| e.to_string())?;
    reader.read_exact(&mut locator).map_err(|e| e.to_string())?;
    if locator[..4] != ZIP64_LOCATOR_SIGNATURE {
        return Err("its zip64 locator is missing".into());
    }
    let offset = u64::from_le_bytes(locator[8..16].try_into().map_err(|_| "short locator")?);
    if offset >= length {
        return Err("its zip64 record lies outside the file".into());
    }
    let mut zip64 = [0u8; 56];
    reader
        .seek(SeekFrom::Start(offset))
        .map_err(|e| e.to_string())?;
    reader.read_exact(&mut zip64).map_err(|e| e.to_string())?;
    if zip64[..4] != ZIP64_END_SIGNATURE {
        return Err("its zip64 end-of-directory record is missing".into());
    }
    let word = |from: usize| -> Result<u64, String> {
        Ok(u64::from_le_bytes(
            zip64[from..from + 8]
                .try_into()
                .map_err(|_| "short zip64 record".to_owned())?,
        ))
    };
    Ok(EndOfDirectory {
        entries: word(32)?,
        directory_bytes: word(40)?,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::{Cursor, Write};

    use super::*;

    /// A zip of `parts` (name, bytes), deflated.
    pub fn zip_of(parts: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in parts {
            writer.start_file(*name, options).expect("start part");
            writer.write_all(bytes).expect("write part");
        }
        writer.finish().expect("finish zip").into_inner()
    }

    #[test]
    fn an_ordinary_package_passes_with_its_parts() {
        let bytes = zip_of(&[("a.xml", b"<a/>"), ("b.xml", b"<b>text</b>")]);
        let parts = check(Cursor::new(bytes), "book.xlsx", |_| None).expect("passes");
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[1].name, "b.xml");
        assert_eq!(parts[1].unpacked, 11);
    }

    #[test]
    fn a_part_that_grows_more_than_a_hundredfold_is_a_bomb() {
        let zeros = vec![b'a'; 8 * 1024 * 1024];
        let bytes = zip_of(&[("xl/sharedStrings.xml", &zeros)]);
        let error = check(Cursor::new(bytes), "bomb.xlsx", |_| None).expect_err("refused");
        assert!(matches!(error, LimitError::Ratio { .. }), "{error}");
        assert!(error.to_string().contains("zip bomb"), "{error}");
        assert!(error.too_large());
    }

    #[test]
    fn a_named_part_is_held_to_its_own_limit() {
        let text: Vec<u8> = (0..200_000u32)
            .flat_map(|i| i.to_string().into_bytes())
            .collect();
        let bytes = zip_of(&[("xl/sharedStrings.xml", &text)]);
        let error = check(Cursor::new(bytes), "book.xlsx", |name| {
            (name == "xl/sharedStrings.xml").then_some(1000)
        })
        .expect_err("refused");
        assert!(
            matches!(error, LimitError::PartTooLarge { max: 1000, .. }),
            "{error}"
        );
    }

    #[test]
    fn too_many_parts_are_refused_before_the_directory_is_read() {
        let mut bytes = zip_of(&[("a.xml", b"<a/>")]);
        // The record's entry counts say 60,000 parts.
        let at = bytes.len() - 22;
        bytes[at + 8..at + 10].copy_from_slice(&60_000u16.to_le_bytes());
        bytes[at + 10..at + 12].copy_from_slice(&60_000u16.to_le_bytes());
        let error = check(Cursor::new(bytes), "parts.docx", |_| None).expect_err("refused");
        assert_eq!(error, LimitError::TooManyParts { entries: 60_000 });
    }

    #[test]
    fn what_is_not_a_zip_says_so() {
        let error =
            check(Cursor::new(b"hello, world".to_vec()), "a.xlsx", |_| None).expect_err("refused");
        assert!(matches!(error, LimitError::NotZip(..)), "{error}");
        let error = check(Cursor::new(Vec::new()), "a.xlsx", |_| None).expect_err("refused");
        assert!(matches!(error, LimitError::NotZip(..)), "{error}");
    }

    #[test]
    fn a_part_that_unpacks_to_more_than_it_declares_stops_the_reader() {
        let text = vec![b'x'; 4096];
        let mut bytes = zip_of(&[("a.xml", &text)]);
        // Both the local header (offset 22) and the directory entry (offset 24 within it) say 100 bytes.
        bytes[22..26].copy_from_slice(&100u32.to_le_bytes());
        let directory = bytes
            .windows(4)
            .rposition(|w| w == [0x50, 0x4b, 0x01, 0x02])
            .expect("directory entry");
        bytes[directory + 24..directory + 28].copy_from_slice(&100u32.to_le_bytes());
        let parts = check(Cursor::new(bytes.clone()), "a.xlsx", |_| None).expect("sizes pass");
        assert_eq!(parts[0].unpacked, 100);
        let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("archive");
        let mut part = archive.by_index(0).expect("part");
        let mut out = Vec::new();
        let read = part.read_to_end(&mut out);
        assert!(read.is_err(), "the zip reader stops at the declared size");
        assert!(out.len() <= 100 + 64 * 1024);
    }
}
