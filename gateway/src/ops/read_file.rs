//! `gateway read-file`: one user's file read by this process under its own limits (`file_limits::isolated`), its
//! answer written as JSON. The gateway runs it for each uploaded document's text; the readers' property test runs
//! it for every reader (import rows, programmes, text) so that an input that aborts, loops or outgrows the budget
//! fails the test; an operator may run it on a file a user could not import, to see what the readers say of it.

use std::path::Path;
use std::process::ExitCode;

use crate::file_limits::isolated::{limit_self, write_answer, Answer, Reading};

/// This process's peak resident memory in KiB, from `/proc/self/status` (0 where there is none).
fn peak_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find_map(|line| {
                line.strip_prefix("VmHWM:")
                    .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            })
        })
        .unwrap_or(0)
}

pub fn run(
    reading: Reading,
    extension: &str,
    memory: u64,
    input: &Path,
    output: &Path,
) -> ExitCode {
    if let Err(e) = limit_self(memory) {
        eprintln!("read-file: cannot set the limits: {e}");
        return ExitCode::FAILURE;
    }
    let mut answer = match reading {
        Reading::Text => {
            let extracted = crate::files::text::extract_blocking(input, extension);
            Answer {
                text: Some(extracted.text),
                note: extracted.note,
                ..Answer::default()
            }
        }
        Reading::Rows => rows(input, extension),
        Reading::Programme => programme(input),
    };
    answer.peak_kib = peak_kib();
    match write_answer(output, &answer) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("read-file: cannot write the answer: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Every row of an import's file, as the importer reads it.
fn rows(input: &Path, extension: &str) -> Answer {
    let mut answer = Answer::default();
    let name = format!("upload.{extension}");
    let read = crate::import::source::read_rows(input, &name, None, None, |_, row| {
        answer.rows += 1;
        answer.cells += row.cells.len() as u64;
        true
    });
    if let Err(error) = read {
        answer.error = Some(error.to_string());
    }
    answer
}

/// A P6 programme, as the programme import reads it.
fn programme(input: &Path) -> Answer {
    match std::fs::read(input) {
        Ok(bytes) => match crate::schedule::xer::read(&bytes) {
            Ok(programme) => Answer {
                rows: programme.projects.len() as u64,
                cells: programme
                    .projects
                    .iter()
                    .map(|p| p.activities.len() as u64)
                    .sum(),
                ..Answer::default()
            },
            Err(error) => Answer {
                error: Some(error.to_string()),
                ..Answer::default()
            },
        },
        Err(error) => Answer {
            error: Some(error.to_string()),
            ..Answer::default()
        },
    }
}
