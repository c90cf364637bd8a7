//! Every reader of users' files against hostile input (docs/security.md, "Hostile files"):
//! - a property test: a bounded corpus of files mutated from real seeds (CSV, XLSX, XER, DOCX, PDF), plus the
//!   hostile files an attack found, each read by the gateway binary's readers in a process of their own
//!   (`file_limits::isolated`) within the documented address space: every input ends in a value or an error — never
//!   an abort, a signal or a timeout — and reading holds no more than the memory budget;
//! - the hostile files sent to a running gateway as a contractor would: each answered 413 or 422 in words naming the
//!   limit, nothing written, and the gateway answering other users meanwhile.

use std::io::{Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use futures_util::StreamExt;
use gateway::file_limits::isolated::{self, Answer, Reading};
use gateway::file_limits::slots::ReadingSlots;
use gateway::file_limits::MEMORY_BUDGET;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::helpers::{spawn_seeded_app, TestApp};

/// The gateway binary, whose `read-file` the gateway runs for documents.
fn program() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_gateway"))
}

fn fixture(folder: &str, name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder)
        .join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A deterministic pseudo-random stream (xorshift64*): the corpus is the same on every run.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Tokens that reach the readers' edge cases: quotes and breaks, XER markers, huge counts and references.
const TOKENS: [&str; 14] = [
    "\"",
    "\n",
    "\r\n",
    "\t",
    "%R\t",
    "%F\t",
    "%T\tTASK\n",
    "<",
    "ZZZZZZZZZZZZ9",
    "99999999999999999999",
    r#" uniqueCount="4294967296" "#,
    r#"<f t="shared" si="2147483647" ref="A1:XFD1048576"/>"#,
    r#"<c r="XFE1048577"><v>1</v></c>"#,
    "\u{E000}\u{0000}\u{FEFF}",
];

/// One mutation of `bytes`: bytes changed, inserted, deleted, duplicated, cut, or a token put in.
fn mutate(bytes: &[u8], random: &mut Random) -> Vec<u8> {
    let mut out = bytes.to_vec();
    let at = random.below(out.len() + 1);
    match random.below(6) {
        0 => {
            for _ in 0..1 + random.below(8) {
                if !out.is_empty() {
                    let i = random.below(out.len());
                    out[i] = random.next() as u8;
                }
            }
        }
        1 => {
            let insert: Vec<u8> = (0..1 + random.below(64))
                .map(|_| random.next() as u8)
                .collect();
            out.splice(at..at, insert);
        }
        2 => {
            let end = (at + random.below(out.len() / 10 + 1)).min(out.len());
            out.drain(at..end);
        }
        3 => {
            let end = (at + random.below(4096)).min(out.len());
            let piece = out[at..end].to_vec();
            let to = random.below(out.len() + 1);
            for _ in 0..1 + random.below(16) {
                out.splice(to..to, piece.iter().copied());
            }
        }
        4 => out.truncate(at),
        _ => {
            let token = TOKENS[random.below(TOKENS.len())].as_bytes();
            out.splice(at..at, token.iter().copied());
        }
    }
    out
}

/// The parts of a zip package.
fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).expect("a seed zip");
    (0..archive.len())
        .map(|i| {
            let mut part = archive.by_index(i).expect("part");
            let mut body = Vec::new();
            part.read_to_end(&mut body).expect("read part");
            (part.name().expect("part name").into_owned(), body)
        })
        .collect()
}

fn zip(parts: &[(String, Vec<u8>)]) -> Vec<u8> {
    zip_at(parts, 1)
}

/// Packed at deflate `level` (9 packs a bomb as small as an attacker would).
fn zip_at(parts: &[(String, Vec<u8>)], level: i64) -> Vec<u8> {
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(level));
    for (name, body) in parts {
        writer
            .start_file(name.as_str(), options)
            .expect("start part");
        writer.write_all(body).expect("write part");
    }
    writer.finish().expect("finish zip").into_inner()
}

/// A package mutated inside: one of its XML parts mutated, then packed again (zip-level mutation rarely gets past
/// the checksums; this reaches the XML readers).
fn mutate_package(bytes: &[u8], random: &mut Random) -> Vec<u8> {
    let mut parts = unzip(bytes);
    let xml: Vec<usize> = (0..parts.len())
        .filter(|&i| parts[i].0.ends_with(".xml"))
        .collect();
    if let Some(&i) = xml.get(random.below(xml.len())) {
        for _ in 0..1 + random.below(3) {
            parts[i].1 = mutate(&parts[i].1, random);
        }
    }
    zip(&parts)
}

/// A workbook with one sheet `Data` (`sheet` inside `<worksheet>`) and a shared-strings part.
fn workbook(sheet: &str, shared: &str) -> Vec<u8> {
    workbook_at(sheet, shared, 1)
}

fn workbook_at(sheet: &str, shared: &str, level: i64) -> Vec<u8> {
    let parts = [
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>"#.to_owned()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.to_owned()),
        ("xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#.to_owned()),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>"#.to_owned()),
        ("xl/worksheets/sheet1.xml", format!(r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{sheet}</worksheet>"#)),
        ("xl/sharedStrings.xml", format!(r#"<?xml version="1.0" encoding="UTF-8"?>{shared}"#)),
    ];
    let parts: Vec<(String, Vec<u8>)> = parts
        .into_iter()
        .map(|(name, body)| (name.to_owned(), body.into_bytes()))
        .collect();
    zip_at(&parts, level)
}

/// A small, valid key-element workbook: a header and two rows.
fn seed_workbook() -> Vec<u8> {
    workbook(
        r#"<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c></row><row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2"><v>45000</v></c><c r="C2"><f>B2*2</f><v>90000</v></c></row><row r="3"><c r="A3" t="inlineStr"><is><t>P12</t></is></c><c r="B3"><v>12.5</v></c></row></sheetData><mergeCells count="1"><mergeCell ref="A5:B5"/></mergeCells>"#,
        r#"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4"><si><t>Element</t></si><si><t>Date</t></si><si><t>Twice</t></si><si><t>Pier cap P11</t></si></sst>"#,
    )
}

/// One input of the corpus.
struct Sample {
    label: String,
    reading: Reading,
    extension: &'static str,
    bytes: Vec<u8>,
}

fn sample(
    label: impl Into<String>,
    reading: Reading,
    extension: &'static str,
    bytes: Vec<u8>,
) -> Sample {
    Sample {
        label: label.into(),
        reading,
        extension,
        bytes,
    }
}

/// Mutants of each seed, the same every run.
const MUTANTS_PER_SEED: usize = 24;

fn corpus() -> Vec<Sample> {
    let seeds: Vec<(String, Reading, &'static str, Vec<u8>, bool)> = vec![
        (
            "importla.csv".into(),
            Reading::Rows,
            "csv",
            fixture("import", "importla.csv"),
            false,
        ),
        (
            "keyelementstatusimport.csv".into(),
            Reading::Rows,
            "csv",
            fixture("import", "keyelementstatusimport.csv"),
            false,
        ),
        (
            "workbook.xlsx".into(),
            Reading::Rows,
            "xlsx",
            seed_workbook(),
            true,
        ),
        (
            "itp-marrowstone.xlsx".into(),
            Reading::Rows,
            "xlsx",
            fixture("dms", "itp-marrowstone.xlsx"),
            true,
        ),
        (
            "itp-marrowstone.xlsx (text)".into(),
            Reading::Text,
            "xlsx",
            fixture("dms", "itp-marrowstone.xlsx"),
            true,
        ),
        (
            "small.xer".into(),
            Reading::Programme,
            "xer",
            fixture("xer", "small.xer"),
            false,
        ),
        (
            "two-projects.xer".into(),
            Reading::Programme,
            "xer",
            fixture("xer", "two-projects.xer"),
            false,
        ),
        (
            "windows-1252.xer".into(),
            Reading::Programme,
            "xer",
            fixture("xer", "windows-1252.xer"),
            false,
        ),
        (
            "launching-quillvane.docx".into(),
            Reading::Text,
            "docx",
            fixture("dms", "launching-quillvane.docx"),
            true,
        ),
        (
            "bearing-zyphorite.pdf".into(),
            Reading::Text,
            "pdf",
            fixture("dms", "bearing-zyphorite.pdf"),
            false,
        ),
    ];
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::new();
    for (label, reading, extension, bytes, package) in seeds {
        out.push(sample(
            format!("{label} (seed)"),
            reading,
            extension,
            bytes.clone(),
        ));
        for n in 0..MUTANTS_PER_SEED {
            // Half of a package's mutants are mutated inside, half as bytes.
            let mutant = if package && n % 2 == 0 {
                mutate_package(&bytes, &mut random)
            } else {
                let mut mutant = mutate(&bytes, &mut random);
                for _ in 0..random.below(3) {
                    mutant = mutate(&mutant, &mut random);
                }
                mutant
            };
            out.push(sample(
                format!("{label} mutant {n}"),
                reading,
                extension,
                mutant,
            ));
        }
    }
    out.extend(
        hostile()
            .into_iter()
            .map(|(label, reading, extension, bytes, _)| sample(label, reading, extension, bytes)),
    );
    out
}

/// The hostile files of the attack (and their cousins), with words their refusal must hold.
fn hostile() -> Vec<(String, Reading, &'static str, Vec<u8>, &'static str)> {
    let header = r#"<row r="1"><c r="A1" t="s"><v>0</v></c></row>"#;
    let sst = |count: &str| {
        format!(
            r#"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="{count}"><si><t>Element</t></si></sst>"#
        )
    };
    let bomb_strings: String = std::iter::once(
        r#"<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">"#.to_owned(),
    )
    .chain(std::iter::repeat_n(
        "<si><t>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</t></si>".to_owned(),
        900_000,
    ))
    .chain(std::iter::once("</sst>".to_owned()))
    .collect();
    let wide_header = (0..20_000)
        .map(|i| format!("c{i}"))
        .collect::<Vec<_>>()
        .join(",")
        + "\n1\n";
    let endless_line = "a,".repeat(1_600_000);
    let xer_head = "ERMHDR\t8.0\t2024-01-01\tProject\tadmin\tAdmin\tdbxDatabaseNoName\tProject Management\tUSD\n";
    let many_fields = format!(
        "{xer_head}%T\tTASK\n%F\t{}\n%E\n",
        (0..2_000)
            .map(|i| format!("f{i}"))
            .collect::<Vec<_>>()
            .join("\t")
    );
    let empty_values = format!(
        "{xer_head}%T\tTASK\n%F\t{}\n{}%E\n",
        (0..1_000)
            .map(|i| format!("f{i}"))
            .collect::<Vec<_>>()
            .join("\t"),
        format!("%R{}\n", "\t".repeat(999)).repeat(9_000)
    );
    let long_xer_line = format!(
        "{xer_head}%T\tTASK\n%F\ttask_id\n%R\t{}\n%E\n",
        "x".repeat(1_200_000)
    );
    let docx_bomb = zip_at(
        &[
            ("[Content_Types].xml".to_owned(), b"<Types/>".to_vec()),
            (
                "word/document.xml".to_owned(),
                [
                    b"<w:document><w:body><w:p><w:r><w:t>".to_vec(),
                    vec![b'a'; 30 * 1024 * 1024],
                    b"</w:t></w:r></w:p></w:body></w:document>".to_vec(),
                ]
                .concat(),
            ),
        ],
        9,
    );
    vec![
        (
            "uniqueCount 100000000000".into(),
            Reading::Rows,
            "xlsx",
            workbook(
                &format!("<sheetData>{header}</sheetData>"),
                &sst("100000000000"),
            ),
            "can hold at most",
        ),
        (
            "cell AAAAA2".into(),
            Reading::Rows,
            "xlsx",
            workbook(
                &format!(
                    r#"<sheetData>{header}<row r="2"><c r="AAAAA2"><v>1</v></c></row></sheetData>"#
                ),
                &sst("1"),
            ),
            "column 4,75,255; Excel stops at 16,384 (XFD)",
        ),
        (
            "cell ZZZZZZZ2".into(),
            Reading::Rows,
            "xlsx",
            workbook(
                &format!(
                    r#"<sheetData>{header}<row r="2"><c r="ZZZZZZZ2"><v>1</v></c></row></sheetData>"#
                ),
                &sst("1"),
            ),
            "Excel stops at 16,384 (XFD)",
        ),
        (
            "row 1048577".into(),
            Reading::Rows,
            "xlsx",
            workbook(
                &format!(
                    r#"<sheetData>{header}<row r="1048577"><c r="A1048577"><v>1</v></c></row></sheetData>"#
                ),
                &sst("1"),
            ),
            "Excel stops at 10,48,576",
        ),
        (
            "shared formula 4000000000".into(),
            Reading::Rows,
            "xlsx",
            workbook(
                &format!(
                    r#"<sheetData>{header}<row r="2"><c r="A2"><f t="shared" si="4000000000" ref="A2:A3">1+1</f><v>2</v></c></row></sheetData>"#
                ),
                &sst("1"),
            ),
            "shared formula",
        ),
        (
            "shared strings bomb".into(),
            Reading::Rows,
            "xlsx",
            workbook_at(
                &format!("<sheetData>{header}</sheetData>"),
                &bomb_strings,
                9,
            ),
            "zip bomb",
        ),
        (
            "20,000 header columns".into(),
            Reading::Rows,
            "csv",
            wide_header.into_bytes(),
            "row 1 has 20,000 columns; Excel stops at 16,384 (XFD)",
        ),
        (
            "a 3 MB line".into(),
            Reading::Rows,
            "csv",
            endless_line.into_bytes(),
            "row 1 is longer than 1 MB",
        ),
        (
            "2,000 XER fields".into(),
            Reading::Programme,
            "xer",
            many_fields.into_bytes(),
            "more than 1,024 fields",
        ),
        (
            "9 million empty XER values".into(),
            Reading::Programme,
            "xer",
            empty_values.into_bytes(),
            "values in the tables a programme import reads",
        ),
        (
            "a 1.2 MB XER line".into(),
            Reading::Programme,
            "xer",
            long_xer_line.into_bytes(),
            "longer than 1 MB",
        ),
        (
            "document bomb".into(),
            Reading::Text,
            "docx",
            docx_bomb,
            "zip bomb",
        ),
    ]
}

/// What one sample gave: the reader's answer (a value or the reader's refusal).
async fn read(sample: &Sample, slots: &ReadingSlots) -> Result<Answer, String> {
    let mut file = tempfile::NamedTempFile::new().expect("temp file");
    file.write_all(&sample.bytes).expect("write sample");
    match sample.reading {
        // Documents' text is always read in a process of its own: the gateway's own call, which never fails.
        Reading::Text => {
            let extracted = gateway::files::text::extract(
                Some(&program()),
                slots,
                file.path(),
                sample.extension,
            )
            .await;
            Ok(Answer {
                text: Some(extracted.text),
                note: extracted.note,
                ..Answer::default()
            })
        }
        reading => isolated::run::<Answer>(
            &program(),
            reading,
            sample.extension,
            file.path(),
            isolated::MEMORY_LIMIT,
            Duration::from_secs(120),
        )
        .await
        .map_err(|stopped| stopped.to_string()),
    }
}

#[tokio::test]
async fn every_reader_ends_every_input_in_a_value_or_an_error_within_its_budget() {
    let samples = corpus();
    let slots = ReadingSlots::new(2);
    let results: Vec<(usize, Result<Answer, String>)> =
        futures_util::stream::iter(samples.iter().enumerate())
            .map(|(index, sample)| {
                let slots = slots.clone();
                async move { (index, read(sample, &slots).await) }
            })
            .buffer_unordered(2)
            .collect()
            .await;
    let mut stopped = Vec::new();
    let mut peak_kib = 0;
    let (mut values, mut errors) = (0, 0);
    for (index, result) in &results {
        let sample = &samples[*index];
        match result {
            Ok(answer) => {
                peak_kib = peak_kib.max(answer.peak_kib);
                assert!(
                    answer.peak_kib <= MEMORY_BUDGET / 1024,
                    "{}: reading took {} KiB, over the budget",
                    sample.label,
                    answer.peak_kib
                );
                if answer.error.is_some()
                    || answer
                        .note
                        .as_deref()
                        .is_some_and(|n| n.starts_with("Unreadable"))
                {
                    errors += 1;
                } else {
                    values += 1;
                }
            }
            Err(why) => stopped.push(format!("{}: {why}", sample.label)),
        }
    }
    println!(
        "readers: {} inputs, {values} read, {errors} refused in words, peak resident {peak_kib} KiB",
        samples.len()
    );
    assert!(
        stopped.is_empty(),
        "readers that did not end in a value or an error: {stopped:#?}"
    );
    // The corpus reaches both outcomes: mutants the readers take and mutants they refuse.
    assert!(
        values > 20 && errors > 20,
        "{values} values, {errors} errors"
    );
}

#[tokio::test]
async fn hostile_files_are_refused_with_the_limit_they_pass() {
    let slots = ReadingSlots::new(2);
    for (label, reading, extension, bytes, words) in hostile() {
        let sample = sample(label.clone(), reading, extension, bytes);
        let answer = read(&sample, &slots)
            .await
            .unwrap_or_else(|why| panic!("{label}: {why}"));
        let said = answer.error.or(answer.note).unwrap_or_default();
        assert!(
            said.contains(words),
            "{label}: \"{said}\" should say \"{words}\""
        );
    }
}

/// POSTs `bytes` as the file of an import preview.
async fn preview(app: &TestApp, entry: &str, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = Form::new().part("file", Part::bytes(bytes).file_name(name.to_owned()));
    app.send_form(&format!("/api/import/{entry}/preview"), form)
        .await
}

#[tokio::test]
async fn a_contractors_hostile_spreadsheets_get_words_and_the_gateway_keeps_answering() {
    let app = spawn_seeded_app().await;
    let contractor = app.with_token(&app.sign_in("contractor", "Contractor@123").await);
    let runs_before = app.count("SELECT count(*) FROM import_run").await;
    for (label, reading, extension, bytes, words) in hostile() {
        if reading != Reading::Rows {
            continue;
        }
        let (status, body) = preview(
            &contractor,
            "keyelementstatus",
            &format!("hostile.{extension}"),
            bytes,
        )
        .await;
        assert!(status == 413 || status == 422, "{label}: {status} {body}");
        let message = body["message"].as_str().unwrap_or_default();
        assert!(
            message.contains(words),
            "{label}: \"{message}\" should say \"{words}\""
        );
        let health = app.get("/api/health").await;
        assert_eq!(
            health.status(),
            200,
            "{label}: the gateway stopped answering"
        );
    }
    assert_eq!(
        runs_before,
        app.count("SELECT count(*) FROM import_run").await,
        "a preview writes nothing"
    );
    // A CSV row with more values than the header has columns is refused by row, as COPY refuses it.
    let (status, body) = preview(
        &contractor,
        "keyelementstatus",
        "wide.csv",
        b"Package,Element type,Element ID,Progress %\nC1-V01,Pile,P101,80,a, stray comma\n"
            .to_vec(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        body["rows"][0],
        serde_json::json!(["C1-V01", "Pile", "P101", "80"])
    );
    let form = Form::new().text("options", r#"{"dry_run": true}"#).part(
        "file",
        Part::bytes(
            b"Package,Element type,Element ID,Progress %\nC1-V01,Pile,P101,80,a, stray comma\n"
                .to_vec(),
        )
        .file_name("wide.csv"),
    );
    let response = contractor
        .post("/api/import/keyelementstatus")
        .multipart(form)
        .send()
        .await
        .expect("dry run");
    let body: Value = response.json().await.expect("summary");
    assert_eq!(body["refused"], 1, "{body}");
    let message = body["errors"][0]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("a value in column E, right of the last header (D)"),
        "{message}"
    );
}
