//! What a file is called and what it is: its name made safe to store and to send back, its type from its
//! extension (against the allow-list), and whether its first bytes are those of a program.

/// The longest name kept (characters).
const NAME_CHARS: usize = 200;

/// Invisible formatting characters: bidirectional embeddings, overrides and isolates (`evil\u{202e}gpj.txt`
/// displays as `eviltxt.jpg`), zero-width characters, the byte-order mark, interlinear annotations. Removed from
/// names, never shown.
fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
    )
}

/// A name people can read back: no folders, no control or invisible formatting characters, no characters file
/// systems refuse, not empty, at most 200 characters (the extension kept).
pub fn sanitise(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base
        .chars()
        .filter(|&c| !is_invisible_format(c))
        .map(|c| {
            if c.is_control() || matches!(c, ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '_'
            } else {
                c
            }
        })
        .collect();
    let cleaned = cleaned.trim().trim_start_matches('.').trim().to_owned();
    let cleaned = if cleaned.is_empty() {
        "file".to_owned()
    } else {
        cleaned
    };
    if cleaned.chars().count() <= NAME_CHARS {
        return cleaned;
    }
    let extension = extension(&cleaned)
        .map(|e| format!(".{e}"))
        .unwrap_or_default();
    let keep = NAME_CHARS.saturating_sub(extension.chars().count());
    let stem: String = cleaned.chars().take(keep).collect();
    format!("{stem}{extension}")
}

/// The lower-case extension, if the name has one.
pub fn extension(name: &str) -> Option<String> {
    let (stem, extension) = name.rsplit_once('.')?;
    (!stem.is_empty() && !extension.is_empty() && extension.len() <= 10)
        .then(|| extension.to_ascii_lowercase())
}

/// The media type sent back with a file of this extension.
pub fn content_type(extension: &str) -> &'static str {
    match extension {
        "pdf" => "application/pdf",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "tif" | "tiff" => "image/tiff",
        "txt" => "text/plain; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "xml" => "application/xml",
        "doc" => "application/msword",
        "docx" => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls" => "application/vnd.ms-excel",
        "xlsx" => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt" => "application/vnd.ms-powerpoint",
        "pptx" => "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "zip" => "application/zip",
        "eml" => "message/rfc822",
        _ => "application/octet-stream",
    }
}

/// Whether the first bytes are those of a program (Windows PE, ELF, Mach-O, a script with `#!`, a Java class),
/// whatever the file is called.
pub fn looks_executable(head: &[u8]) -> bool {
    head.starts_with(b"MZ")
        || head.starts_with(b"\x7fELF")
        || head.starts_with(b"#!")
        || head.starts_with(&[0xCA, 0xFE, 0xBA, 0xBE])
        || head.starts_with(&[0xFE, 0xED, 0xFA, 0xCE])
        || head.starts_with(&[0xFE, 0xED, 0xFA, 0xCF])
        || head.starts_with(&[0xCE, 0xFA, 0xED, 0xFE])
        || head.starts_with(&[0xCF, 0xFA, 0xED, 0xFE])
}

/// `Content-Disposition` naming the file: an ASCII fallback and the exact name (RFC 6266 / 5987).
pub fn disposition(kind: &str, name: &str) -> String {
    let fallback: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let mut encoded = String::new();
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&byte) {
            encoded.push(byte as char);
        } else {
            encoded.push_str(&format!("%{byte:02X}"));
        }
    }
    format!("{kind}; filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_folders_and_dangerous_characters() {
        assert_eq!(sanitise("../../etc/passwd"), "passwd");
        assert_eq!(
            sanitise("C:\\Users\\x\\Pier P112 <R2>.pdf"),
            "Pier P112 _R2_.pdf"
        );
        assert_eq!(sanitise(".htaccess"), "htaccess");
        assert_eq!(sanitise("   "), "file");
        assert_eq!(sanitise("a\u{0}b\nc.txt"), "a_b_c.txt");
        // A right-to-left override would show `evil\u{202e}gpj.txt` as `eviltxt.jpg`.
        assert_eq!(sanitise("evil\u{202e}gpj.txt"), "evilgpj.txt");
        assert_eq!(
            extension(&sanitise("evil\u{202e}gpj.txt")).as_deref(),
            Some("txt")
        );
        assert_eq!(
            sanitise("\u{feff}re\u{200b}port\u{2066}.pdf\u{2069}"),
            "report.pdf"
        );
        let long = format!("{}.pdf", "x".repeat(300));
        let kept = sanitise(&long);
        assert_eq!(kept.chars().count(), 200);
        assert!(kept.ends_with(".pdf"));
    }

    #[test]
    fn programs_are_recognised_by_their_first_bytes() {
        assert!(looks_executable(b"MZ\x90\x00"));
        assert!(looks_executable(b"\x7fELF\x02"));
        assert!(looks_executable(b"#!/bin/sh\n"));
        assert!(!looks_executable(b"%PDF-1.7"));
    }

    #[test]
    fn dispositions_carry_the_exact_name() {
        assert_eq!(
            disposition("attachment", "Pier cap – R2.pdf"),
            "attachment; filename=\"Pier cap _ R2.pdf\"; filename*=UTF-8''Pier%20cap%20%E2%80%93%20R2.pdf"
        );
    }
}
