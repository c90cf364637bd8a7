//! A report's answer as a file: CSV (values as stored, for other programs), XLSX and PDF (laid out by `print`, the
//! printed dashboards' engine: figures as the console writes them, numbers as numbers in the sheet).

use schema_registry::dashboard::{Format, Paper};
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
    let decimals: Vec<usize> = (0..answer.columns.len())
        .map(|at| {
            column_decimals(
                answer
                    .rows
                    .iter()
                    .map(|row| row.get(at).and_then(Option::as_deref)),
            )
        })
        .collect();
    let rows = answer
        .rows
        .iter()
        .map(|row| {
            row.iter()
                .zip(&answer.columns)
                .zip(&decimals)
                .map(|((value, column), decimals)| cell(value.as_deref(), column.kind, *decimals))
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

/// The decimals a number column is printed with, as the console's preview shows it (`columnDecimals` of
/// `report-preview.tsx`): 2 when any of its values has a fraction, else none, so that a column reads alike down its
/// length (`15,78,36,000.00` above `25,87,51,624.40`, an average of 5 as `5.00` beside `4.67`).
fn column_decimals<'a>(values: impl Iterator<Item = Option<&'a str>>) -> usize {
    let fractional = |value: &str| {
        value.split_once('.').is_some_and(|(_, fraction)| {
            fraction.bytes().any(|digit| (b'1'..=b'9').contains(&digit))
        })
    };
    if values.flatten().any(fractional) {
        2
    } else {
        0
    }
}

fn cell(value: Option<&str>, kind: ValueKind, decimals: usize) -> Cell {
    let Some(value) = value.filter(|v| !v.is_empty()) else {
        return Cell::text(figures::NOTHING.to_owned());
    };
    match kind {
        ValueKind::Number => match value.parse::<f64>() {
            Ok(number) => Cell::figure(
                Some(number),
                Some(if decimals == 0 {
                    Format::Integer
                } else {
                    Format::Decimal
                }),
            ),
            Err(_) => Cell::text(value.to_owned()),
        },
        ValueKind::Date => Cell::text(human_date(value)),
        ValueKind::DateTime => Cell::text(figures::human_date_time(value)),
        ValueKind::Text => Cell::text(value.to_owned()),
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
        assert_eq!(
            cell(Some("1234567"), ValueKind::Number, 0).text,
            "12,34,567"
        );
        assert_eq!(
            cell(Some("1234567"), ValueKind::Number, 0).number,
            Some(1234567.0)
        );
        assert_eq!(
            cell(Some("2026-03-05"), ValueKind::Date, 0).text,
            "05 Mar, 2026"
        );
        assert_eq!(
            cell(Some("2026-10-24 10:30:00+05:30"), ValueKind::DateTime, 0).text,
            "24 Oct, 2026, 10:30:00 am"
        );
        assert_eq!(cell(None, ValueKind::Text, 0).text, figures::NOTHING);
    }

    /// A column reads alike down its length, as in the preview: worked by hand, a sum column of
    /// 157836000.00 and 258751624.40 has a fraction, so both print with two decimals; an average column of
    /// 5.0000000000000000 and 4.6666666666666667 prints 5.00 and 4.67; counts print none.
    #[test]
    fn a_number_column_has_one_format_down_its_length() {
        let amounts = [Some("157836000.00"), Some("258751624.40"), None];
        assert_eq!(column_decimals(amounts.into_iter()), 2);
        let printed: Vec<String> = amounts
            .iter()
            .map(|value| cell(*value, ValueKind::Number, 2).text)
            .collect();
        assert_eq!(printed, ["15,78,36,000.00", "25,87,51,624.40", "—"]);
        let averages = [Some("5.0000000000000000"), Some("4.6666666666666667")];
        assert_eq!(column_decimals(averages.into_iter()), 2);
        assert_eq!(cell(averages[0], ValueKind::Number, 2).text, "5.00");
        assert_eq!(cell(averages[1], ValueKind::Number, 2).text, "4.67");
        let counts = [Some("12"), Some("3"), Some("7.00")];
        assert_eq!(column_decimals(counts.into_iter()), 0);
        assert_eq!(cell(counts[2], ValueKind::Number, 0).text, "7");
    }

    /// A title keeps what people write in it (an em dash, the rupee sign); what no file system takes goes.
    #[test]
    fn file_names_keep_the_title_s_own_characters() {
        assert_eq!(
            print::file_stem("Payments — ₹ certified: Q3/2026", "IPC"),
            "Payments — ₹ certified Q3 2026 - IPC"
        );
        assert_eq!(print::file_stem("..\\secret<>", "NCR"), "secret - NCR");
    }
}
