//! Printed dashboards (`GET /api/dashboard/print`, docs/reports.md "Predefined reports"): a dashboard read as the
//! caller may read it (`pipeline::dashboard`), laid out for paper once (`layout`), then written as a PDF by Typst
//! (`pdf`, with the page template `report.typ`) or as an XLSX sheet (`sheet`). Every dashboard prints; the
//! predefined reports are dashboards listed inside `/reports/predefined`.
//! - `figures`: numbers, amounts and dates as the console writes them;
//! - `store`: the heading's package, corridor or programme and the print time.

pub mod figures;
pub mod layout;
mod pdf;
mod sheet;
mod store;

use schema_registry::dashboard::Paper;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::compile::dashboard as compile_dashboard;
use crate::pipeline::{dashboard, execute};
use crate::state::AppState;

/// What a report is printed as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrintFormat {
    Pdf,
    Xlsx,
}

impl PrintFormat {
    pub fn parse(text: &str) -> Option<PrintFormat> {
        match text.trim().to_ascii_lowercase().as_str() {
            "pdf" => Some(PrintFormat::Pdf),
            "xlsx" => Some(PrintFormat::Xlsx),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            PrintFormat::Pdf => "application/pdf",
            PrintFormat::Xlsx => {
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            }
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            PrintFormat::Pdf => "pdf",
            PrintFormat::Xlsx => "xlsx",
        }
    }
}

/// A printed report: its bytes and the file name to save it under.
pub struct PrintedFile {
    pub bytes: Vec<u8>,
    pub file_name: String,
}

/// The dashboard at `route` as the caller may read it, narrowed, printed on `paper` (default: the dashboard's).
pub async fn print(
    state: &AppState,
    caller: &Caller,
    route: &str,
    query: &[(String, String)],
    paper: Option<Paper>,
    format: PrintFormat,
) -> Result<PrintedFile, ApiError> {
    let file = compile_dashboard::find(&state.registry, route)?;
    let print = file.def.print;
    // A printed report is an export: it takes an export slot, so that however many are asked for at once the
    // server keeps its CPU and connections for ordinary reads (429 beyond the limits).
    let _slot = state.exports.take(caller.user_id)?;
    let narrowing = compile_dashboard::narrowing(&state.registry, query)?;
    let answer = dashboard::read_narrowed(state, caller, route, &narrowing).await?;
    let facts = state
        .stale_read(async |client| store::print_facts(&client, &narrowing).await)
        .await?;
    let document = layout::document(
        &answer,
        layout::Heading {
            scope: facts.scope,
            generated: facts.generated,
            by: caller.name.clone(),
            paper: paper.unwrap_or(print.paper),
            landscape: print.landscape,
        },
    );
    let file_name = format!(
        "{}.{}",
        file_stem(&answer.title, &document.scope),
        format.extension()
    );
    Ok(PrintedFile {
        bytes: render(document, format).await?,
        file_name,
    })
}

/// `document` as a PDF (its tables cut to what prints) or an XLSX sheet (every row).
pub async fn render(
    mut document: layout::PrintDocument,
    format: PrintFormat,
) -> Result<Vec<u8>, ApiError> {
    match format {
        PrintFormat::Xlsx => sheet::workbook(&document).map_err(execute::internal),
        PrintFormat::Pdf => {
            layout::cut_for_print(&mut document);
            let data = serde_json::to_vec(&document).map_err(execute::internal)?;
            // Typesetting is CPU work of tens of milliseconds: off the async workers.
            actix_web::web::block(move || pdf::typeset(data))
                .await
                .map_err(execute::internal)?
                .map_err(execute::internal)
        }
    }
}

/// `Monthly progress report - Package C1 Viaduct` as a file name (`title - scope`), at most 120 characters.
pub fn file_stem(title: &str, scope: &str) -> String {
    let name = format!("{title} - {scope}");
    // Every character a file may hold on Windows, macOS and Linux (an em dash, ₹, Devanagari: the name travels as
    // UTF-8 in `filename*`); path separators, reserved marks and control characters become spaces.
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                ' '
            } else {
                c
            }
        })
        .collect();
    cleaned
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_matches(|c: char| c == '.' || c == ' ')
        .chars()
        .take(120)
        .collect()
}
