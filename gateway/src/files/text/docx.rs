//! DOCX: the text runs (`w:t`) of the body (`word/document.xml`), paragraphs separated; read as a stream from the
//! archive after the package passes `file_limits` (parts, sizes, ratios), with the inflated bytes capped too.

use std::io::{BufReader, Read};
use std::path::Path;

use quick_xml::events::Event;
use quick_xml::Reader;

use super::sink::{Extracted, ReadError, TextSink};

/// Inflated bytes of the body read at most.
const MAX_XML_BYTES: u64 = 256 * 1024 * 1024;

pub fn read(path: &Path) -> Result<Extracted, ReadError> {
    let file = std::fs::File::open(path).map_err(|e| ReadError::Unreadable(e.to_string()))?;
    crate::file_limits::zip_package::check(&file, "the document", |_| None)
        .map_err(|e| ReadError::Unreadable(e.to_string()))?;
    let mut archive = zip::ZipArchive::new(BufReader::new(file))
        .map_err(|e| ReadError::Unreadable(format!("not a DOCX archive ({e})")))?;
    let body = archive
        .by_name("word/document.xml")
        .map_err(|_| ReadError::Unreadable("not a DOCX document (no word/document.xml)".into()))?;
    let mut reader = Reader::from_reader(BufReader::new(body.take(MAX_XML_BYTES)));
    let mut sink = TextSink::default();
    let mut in_text = false;
    let mut paragraph = String::new();
    let mut buffer = Vec::new();
    loop {
        match reader.read_event_into(&mut buffer) {
            Ok(Event::Start(e)) if e.local_name().as_ref() == b"t" => in_text = true,
            Ok(Event::End(e)) => match e.local_name().as_ref() {
                b"t" => in_text = false,
                b"p" => {
                    if !sink.push(&paragraph) {
                        break;
                    }
                    paragraph.clear();
                }
                _ => {}
            },
            Ok(Event::Empty(e)) if matches!(e.local_name().as_ref(), b"tab" | b"br") => {
                paragraph.push(' ')
            }
            Ok(Event::Text(t)) if in_text => {
                let piece = t.decode().map_err(|e| {
                    ReadError::Unreadable(format!("the document's XML is damaged ({e})"))
                })?;
                paragraph.push_str(&piece);
            }
            Ok(Event::GeneralRef(r)) if in_text => {
                // Entities inside a run (&amp; &lt; …) and character references.
                let name = r.decode().unwrap_or_default();
                let replaced = match name.as_ref() {
                    "amp" => "&".to_owned(),
                    "lt" => "<".to_owned(),
                    "gt" => ">".to_owned(),
                    "quot" => "\"".to_owned(),
                    "apos" => "'".to_owned(),
                    _ => r
                        .resolve_char_ref()
                        .ok()
                        .flatten()
                        .map(String::from)
                        .unwrap_or_default(),
                };
                paragraph.push_str(&replaced);
            }
            Ok(Event::Eof) => break,
            Err(e) => {
                return Err(ReadError::Unreadable(format!(
                    "the document's XML is damaged ({e})"
                )))
            }
            _ => {}
        }
        buffer.clear();
    }
    sink.push(&paragraph);
    Ok(sink.finish())
}
