//! Custom reports (`/reports/customreports`, docs/reports.md "Custom reports"): a person's report over one register,
//! run with the reader's own grants every time (a shared report never shows anyone more than the register's
//! screen would), saved and shared (`store`), exported as CSV, XLSX or PDF (`files`), and mailed on a schedule
//! (`mailing`).

pub mod files;
pub mod mailing;
pub mod store;

use deadpool_postgres::GenericClient;
use schema_registry::Registry;
use serde::Serialize;

use crate::auth::Caller;
use crate::error::ApiError;
use crate::pipeline::authorise::{authorise, reads_whole, Access};
use crate::pipeline::compile::custom_report::{plan, ReportColumn};
use crate::pipeline::compile::filter_cache::FilterCache;
use crate::pipeline::compile::{self};
use crate::pipeline::execute;
use crate::pipeline::report_definition::ReportDefinition;

/// The console route; holding it lets one build, save and run reports (over the registers one reads).
pub const ROUTE: &str = "/reports/customreports";
/// Rows a preview shows.
pub const PREVIEW_ROWS: u64 = 200;
/// Rows an export or a mailing carries at most.
pub const EXPORT_ROWS: u64 = 10_000;

/// A report's answer: its columns and rows, every value as text (numbers as PostgreSQL writes them, dates as
/// `YYYY-MM-DD`), `null` for nothing.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ReportAnswer {
    /// The register's title.
    pub register: String,
    pub columns: Vec<ReportColumn>,
    pub rows: Vec<Vec<Option<String>>>,
    /// More rows than the answer carries (a preview's 200, an export's 10,000).
    pub truncated: bool,
}

/// What a reader may do with a report: see it on screen, or take it away (an export, a mailing), which needs the
/// register's export right as a register export does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    Read,
    Export,
}

/// `definition` run as `caller` may read its register: at most `rows` rows.
pub async fn run(
    registry: &Registry,
    filters: &FilterCache,
    client: &impl GenericClient,
    caller: &Caller,
    definition: &ReportDefinition,
    rows: u64,
    purpose: Use,
) -> Result<ReportAnswer, ApiError> {
    let entry = compile::entry(registry, &definition.entry)?;
    // A register read whole, through its screen: a look-up's names or the records waiting on one are not a
    // register to report on.
    if !reads_whole(caller, entry) {
        return Err(ApiError::Forbidden);
    }
    let access = match purpose {
        Use::Read => Access::View,
        Use::Export => Access::Export,
    };
    let grant = authorise(caller, entry, access)?;
    let mut target = compile::target(registry, entry, &grant, caller)?;
    compile::display_lookups(registry, &mut target)?;
    let plan = plan(filters, &target, definition, rows + 1)?;
    let sql = plan.summary.sql().map_err(execute::internal)?;
    let found = execute::query(client, &sql).await?;
    let truncated = found.len() as u64 > rows;
    let width = plan.columns.len();
    let mut answer_rows = Vec::with_capacity(found.len().min(rows as usize));
    for row in found.iter().take(rows as usize) {
        let mut values = Vec::with_capacity(width);
        for index in 0..width {
            values.push(row.try_get::<_, Option<String>>(index)?);
        }
        answer_rows.push(values);
    }
    Ok(ReportAnswer {
        register: entry.title().to_owned(),
        columns: plan.columns,
        rows: answer_rows,
        truncated,
    })
}
