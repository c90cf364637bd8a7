//! PDF: the text layer, with `pdf-extract` (over `lopdf`). A scanned PDF has none (noted by the caller); an
//! encrypted or damaged one is unreadable.
//!
//! Before reading, the two "next line and show" operators (`'` and `"`, PDF 32000-1 §9.4.3, table 109) are spelled
//! out as the `T*` and `Tj` they stand for: report writers and older office suites draw whole pages with `'`, and
//! `pdf-extract` reads only `Tj` and `TJ`, so such a PDF read as one without text.

use std::path::Path;

// `lopdf`, as `pdf-extract` re-exports it (one version of the parser for both).
use pdf_extract::content::{Content, Operation};
use pdf_extract::{Document, Object, ObjectId};

use super::sink::{Extracted, ReadError, TextSink, MAX_PDF_BYTES};

pub fn read(path: &Path) -> Result<Extracted, ReadError> {
    let size = std::fs::metadata(path)
        .map_err(|e| ReadError::Unreadable(e.to_string()))?
        .len();
    if size > MAX_PDF_BYTES {
        return Ok(Extracted {
            text: String::new(),
            note: Some(format!(
                "The PDF is larger than {} and its text is not read: found by its metadata only",
                crate::file_limits::human_size(MAX_PDF_BYTES)
            )),
        });
    }
    let bytes = std::fs::read(path).map_err(|e| ReadError::Unreadable(e.to_string()))?;
    let unreadable =
        |e: &dyn std::fmt::Display| ReadError::Unreadable(format!("not a readable PDF ({e})"));
    let mut doc = Document::load_mem(&bytes).map_err(|e| unreadable(&e))?;
    if doc.is_encrypted() {
        // Many producers encrypt with an empty user password (printing and copying rights only).
        doc.decrypt("").map_err(|_| {
            ReadError::Unreadable(String::from("an encrypted PDF needing a password"))
        })?;
    }
    spell_out_next_line_shows(&mut doc);
    let mut text = String::new();
    {
        let mut output = pdf_extract::PlainTextOutput::new(&mut text);
        pdf_extract::output_doc(&doc, &mut output).map_err(|e| unreadable(&e))?;
    }
    let mut sink = TextSink::default();
    for line in text.lines() {
        if !sink.push(line) {
            break;
        }
    }
    Ok(sink.finish())
}

/// Rewrites every page's content and every form XObject (drawn by `Do`) that uses `'` or `"`.
fn spell_out_next_line_shows(doc: &mut Document) {
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    for page in pages {
        let Ok(raw) = doc.get_page_content(page) else {
            continue;
        };
        if let Some(rewritten) = rewritten_content(&raw) {
            // A page whose content cannot be replaced keeps it: its other text is still read.
            let _ = doc.change_page_content(page, rewritten);
        }
    }
    for object in doc.objects.values_mut() {
        let Object::Stream(stream) = object else {
            continue;
        };
        let is_form = stream
            .dict
            .get(b"Subtype")
            .and_then(Object::as_name)
            .is_ok_and(|name| name == b"Form");
        if !is_form {
            continue;
        }
        let raw = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        if let Some(rewritten) = rewritten_content(&raw) {
            stream.set_plain_content(rewritten);
        }
    }
}

/// The content with `'` and `"` spelled out, or `None` when it has neither (or cannot be parsed: left as it is).
fn rewritten_content(raw: &[u8]) -> Option<Vec<u8>> {
    // Most content has neither byte anywhere: it is not parsed twice (pdf-extract parses it again to read it).
    if !raw.iter().any(|b| matches!(b, b'\'' | b'"')) {
        return None;
    }
    let content = Content::decode(raw).ok()?;
    if !content
        .operations
        .iter()
        .any(|op| op.operator == "'" || op.operator == "\"")
    {
        return None;
    }
    let operations: Vec<Operation> = content.operations.into_iter().flat_map(spell_out).collect();
    Content { operations }.encode().ok()
}

/// `string '` is `T* string Tj`; `aw ac string "` is `aw Tw ac Tc string '` (table 109).
fn spell_out(operation: Operation) -> Vec<Operation> {
    match (operation.operator.as_str(), operation.operands.as_slice()) {
        ("'", [text]) => vec![
            Operation::new("T*", vec![]),
            Operation::new("Tj", vec![text.clone()]),
        ],
        ("\"", [word_spacing, char_spacing, text]) => vec![
            Operation::new("Tw", vec![word_spacing.clone()]),
            Operation::new("Tc", vec![char_spacing.clone()]),
            Operation::new("T*", vec![]),
            Operation::new("Tj", vec![text.clone()]),
        ],
        _ => vec![operation],
    }
}

#[cfg(test)]
mod tests {
    use lopdf::{dictionary, Stream};

    use super::*;

    /// A one-page PDF in Helvetica whose content stream is `content`, as a report writer produces it.
    fn pdf_drawing(content: &str) -> tempfile::NamedTempFile {
        let mut doc = Document::with_version("1.4");
        let pages_id = doc.new_object_id();
        let font_id = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica",
        });
        let resources_id = doc.add_object(dictionary! {
            "Font" => dictionary! { "F1" => font_id },
        });
        let content_id = doc.add_object(Stream::new(dictionary! {}, content.as_bytes().to_vec()));
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
        });
        doc.objects.insert(
            pages_id,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1,
                "Resources" => resources_id, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
            }),
        );
        let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
        doc.trailer.set("Root", catalog_id);
        let mut file = tempfile::NamedTempFile::new().expect("temp file");
        doc.save_to(&mut file).expect("write the PDF");
        file
    }

    #[test]
    fn text_drawn_with_the_next_line_operators_is_read() {
        let file = pdf_drawing(
            "BT /F1 12 Tf 14 TL 72 760 Td (Method statement for bearing replacement) Tj \
             (at pier P112 on viaduct) ' 2 0 (elastomeric bearings) \" ET",
        );
        let extracted = read(file.path()).expect("a readable PDF");
        let words: Vec<&str> = extracted.text.split_whitespace().collect();
        for word in ["bearing", "P112", "viaduct", "elastomeric"] {
            assert!(
                words.contains(&word),
                "{word} missing from {:?}",
                extracted.text
            );
        }
        assert!(extracted.note.is_none());
    }

    #[test]
    fn only_the_next_line_operators_are_rewritten() {
        assert!(rewritten_content(b"BT /F1 12 Tf (plain) Tj ET").is_none());
        let rewritten = rewritten_content(b"BT (a) ' 1 2 (b) \" ET").expect("rewritten");
        let operators: Vec<String> = Content::decode(&rewritten)
            .expect("decodes")
            .operations
            .into_iter()
            .map(|op| op.operator)
            .collect();
        assert_eq!(operators, ["BT", "T*", "Tj", "Tw", "Tc", "T*", "Tj", "ET"]);
    }
}
