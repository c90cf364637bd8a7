//! A report's answer as a file: CSV (values as stored, for other programs), XLSX and PDF (laid out by `print`, the
//! printed dashboards' engine: figures as the console writes them, numbers as numbers in the sheet).

use schema_registry::dashboard::Paper;
use schema_registry::query::neutralise_formula;
use schema_registry::record::human_date;

use super::ReportAnswer;
use crate::error::ApiError;
use crate::pipeline::compile::custom_report::ValueKind;
use crate::pipeline::execute;
use crate::print::layout::{self, Cell, Heading};
use crate::print::{self, figures, PrintFormat};

/// What a report is exported as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    Csv,
    Xlsx,
    Pdf,
}

impl ReportFormat {
    pub fn parse(text: &str) -> Option<ReportFormat> {
        match text.trim().to_ascii_lowercase().as_str() {
            "csv" => Some(ReportFormat::Csv),
            "xlsx" => Some(ReportFormat::Xlsx),
            "pdf" => Some(ReportFormat::Pdf),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            ReportFormat::Csv => "text/csv; charset=utf-8",
            ReportFormat::Xlsx => PrintFormat::Xlsx.content_type(),
            ReportFormat::Pdf => PrintFormat::Pdf.content_type(),
        }
    }

    fn extension(self) -> &'static str {
        match self {
            ReportFormat::Csv => "csv",
            ReportFormat::Xlsx => PrintFormat::Xlsx.extension(),
            ReportFormat::Pdf => PrintFormat::Pdf.extension(),
        }
    }
}

/// A report file and the name to save it under.
pub struct ReportFile {
    pub bytes: Vec<u8>,
    pub file_name: String,
}

/// Who printed the report and when (the programme's time zone), for the heading.
pub struct Printed {
    pub generated: String,
    pub by: String,
}

pub async fn write(
    answer: &ReportAnswer,
    title: &str,
    printed: Printed,
    format: ReportFormat,
) -> Result<ReportFile, ApiError> {
    let file_name = format!(
        "{}.{}",
        print::file_stem(title, &answer.register),
        format.extension()
    );
    let bytes = match format {
        ReportFormat::Csv => csv(answer).map_err(execute::internal)?,
        ReportFormat::Xlsx => {
            print::render(document(answer, title, printed), PrintFormat::Xlsx).await?
        }
        ReportFormat::Pdf => {
            print::render(document(answer, title, printed), PrintFormat::Pdf).await?
        }
    };
    Ok(ReportFile { bytes, file_name })
}

/// UTF-8 with a byte-order mark (as the register exports: Excel then reads it as UTF-8), a header of labels, the
/// values as stored. Text a spreadsheet would take for a formula gets a leading `'` (OWASP, CSV injection).
fn csv(answer: &ReportAnswer) -> Result<Vec<u8>, csv::Error> {
    let mut bytes = "\u{feff}".as_bytes().to_vec();
    {
        let mut writer = csv::Writer::from_writer(&mut bytes);
        writer.write_record(answer.columns.iter().map(|c| c.label.as_str()))?;
        for row in &answer.rows {
            writer.write_record(row.iter().zip(&answer.columns).map(|(value, column)| {
                let value = value.as_deref().unwrap_or("");
                if column.kind == ValueKind::Text {
                    neutralise_formula(value).into_owned()
                } else {
                    value.to_owned()
                }
            }))?;
        }
        writer.flush()?;
    }
    Ok(bytes)
}

/// The report as one table across a landscape page (A4; a report has as many columns as a person chose).
fn document(answer: &ReportAnswer, title: &str, printed: Printed) -> layout::PrintDocument {
    let headers = answer.columns.iter().map(|c| c.label.clone()).collect();
    let numeric = answer
        .columns
        .iter()
        .map(|c| c.kind == ValueKind::Number)
        .collect();
    let rows = answer
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .zip(&answer.columns)
                .map(|(value, column)| cell(value.as_deref(), column.kind))
                .collect()
        })
        .collect();
    let note = if answer.truncated {
        format!(
            "The first {} rows; narrow the filter for the rest.",
            answer.rows.len()
        )
    } else {
        format!("{} rows.", answer.rows.len())
    };
    layout::table_document(
        title.to_owned(),
        note,
        Heading {
            scope: answer.register.clone(),
            generated: printed.generated,
            by: printed.by,
            paper: Paper::A4,
            landscape: true,
        },
        headers,
        numeric,
        rows,
    )
}

fn cell(value: Option<&str>, kind: ValueKind) -> Cell {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return Cell::text(figures::NOTHING.to_owned());
    };
    match kind {
        ValueKind::Number => match value.parse::<f64>() {
            Ok(number) => Cell::figure(Some(number), None),
            Err(_) => Cell::text(value.to_owned()),
        },
        ValueKind::Date => Cell::text(human_date(value)),
        ValueKind::Text | ValueKind::DateTime => Cell::text(value.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::compile::custom_report::ReportColumn;

    fn answer() -> ReportAnswer {
        ReportAnswer {
            register: "NCR".into(),
            columns: vec![
                ReportColumn {
                    key: "c_title".into(),
                    label: "Title".into(),
                    kind: ValueKind::Text,
                },
                ReportColumn {
                    key: "sum:n_amount".into(),
                    label: "Sum of Amount".into(),
                    kind: ValueKind::Number,
                },
            ],
            rows: vec![
                vec![Some("=HYPERLINK(\"x\")".into()), Some("-12.50".into())],
                vec![None, Some("1234567".into())],
            ],
            truncated: false,
        }
    }

    #[test]
    fn csv_neutralises_formulas_in_text_but_not_negative_numbers() {
        let text = String::from_utf8(csv(&answer()).unwrap()).unwrap();
        assert_eq!(
            text,
            "\u{feff}Title,Sum of Amount\n\"'=HYPERLINK(\"\"x\"\")\",-12.50\n,1234567\n"
        );
    }

    #[test]
    fn printed_cells_are_written_as_the_console_writes_them() {
        assert_eq!(cell(Some("1234567"), ValueKind::Number).text, "12,34,567");
        assert_eq!(
            cell(Some("1234567"), ValueKind::Number).number,
            Some(1234567.0)
        );
        assert_eq!(
            cell(Some("2026-03-05"), ValueKind::Date).text,
            "05 Mar, 2026"
        );
        assert_eq!(cell(None, ValueKind::Text).text, figures::NOTHING);
    }
}
