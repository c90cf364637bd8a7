//! A dashboard as a printed document: its widgets turned into parts the page template draws (`report.typ`) and the
//! spreadsheet lists (`sheet.rs`). Every figure is formatted here, once, as the console formats it; charts keep
//! their numbers and get their axis. Consecutive figures become one row of boxes; other widgets sit side by side
//! where the dashboard's grid has them side by side (spans of 12).

use schema_registry::dashboard::{Format, Paper, WidgetKind};
use serde::{Serialize, Serializer};
use serde_json::Value;

use super::figures::{figure_of, format_cell, format_number, number_of};
use crate::pipeline::compile::dashboard::{Dashboard, DashboardWidget};

/// Most rows a table prints; the spreadsheet has them all.
pub const MAX_PRINTED_ROWS: usize = 500;

/// What `report.typ` reads as `data.json`.
#[derive(Debug, Serialize)]
pub struct PrintDocument {
    pub title: String,
    /// What the figures cover: a package, a corridor, a programme, or all the reader's packages.
    pub scope: String,
    pub note: String,
    pub generated: String,
    pub by: String,
    pub paper: &'static str,
    pub landscape: bool,
    pub rows: Vec<Vec<Part>>,
}

#[derive(Debug, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Part {
    Stats { span: u8, items: Vec<Stat> },
    Table(TablePart),
    Chart(ChartPart),
}

#[derive(Debug, Serialize)]
pub struct Stat {
    pub title: String,
    pub value: Cell,
}

#[derive(Debug, Serialize)]
pub struct TablePart {
    pub title: String,
    pub span: u8,
    pub headers: Vec<String>,
    /// Right-aligned (figures) or not.
    pub numeric: Vec<bool>,
    /// Each long text column's share of the width left by the others (sized to their content): its longest
    /// text, up to 60 characters, so that a name gets room. 0 for a figure or a short text.
    pub weights: Vec<u32>,
    pub rows: Vec<Vec<Cell>>,
    /// More rows than `MAX_PRINTED_ROWS`: the page says so (the spreadsheet lists all).
    pub truncated: bool,
}

#[derive(Debug, Serialize)]
pub struct ChartPart {
    pub title: String,
    pub span: u8,
    /// `line` or `bar`.
    pub chart: &'static str,
    pub stacked: bool,
    pub x_label: String,
    pub x: Vec<String>,
    pub series: Vec<ChartSeries>,
    pub min: f64,
    pub max: f64,
    pub ticks: Vec<Tick>,
}

#[derive(Debug, Serialize)]
pub struct ChartSeries {
    pub label: String,
    /// `#rrggbb`.
    pub colour: &'static str,
    pub values: Vec<Option<f64>>,
}

#[derive(Debug, Serialize)]
pub struct Tick {
    pub at: f64,
    pub label: String,
}

/// A cell: the text printed, and the number behind it for the spreadsheet with the decimals it is printed with
/// (the sheet's number format). Serialized as its text alone.
#[derive(Debug, Clone)]
pub struct Cell {
    pub text: String,
    pub number: Option<f64>,
    /// Decimals of a count or an amount (`Integer` 0, `Decimal` and `Money` 2): the sheet shows the number with
    /// them, grouped the Indian way. `None`: as the number is.
    pub decimals: Option<u8>,
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

impl Cell {
    /// A text cell (nothing behind it for the spreadsheet).
    pub fn text(text: String) -> Cell {
        Cell {
            text,
            number: None,
            decimals: None,
        }
    }

    fn of(value: Option<&Value>, format: Option<Format>) -> Cell {
        let number = match format {
            Some(Format::Text | Format::Light | Format::Date) => None,
            _ => value.and_then(number_of),
        };
        Cell {
            text: format_cell(value, format),
            number,
            decimals: decimals_of(format),
        }
    }

    pub fn figure(number: Option<f64>, format: Option<Format>) -> Cell {
        Cell {
            text: match number {
                Some(number) => format_number(number, format),
                None => super::figures::NOTHING.to_owned(),
            },
            number,
            decimals: decimals_of(format),
        }
    }
}

/// The decimals a sheet shows a figure of `format` with (see [`Cell::decimals`]).
fn decimals_of(format: Option<Format>) -> Option<u8> {
    match format {
        Some(Format::Integer) => Some(0),
        Some(Format::Decimal | Format::Money) => Some(2),
        _ => None,
    }
}

/// The heading facts of a printed dashboard.
pub struct Heading {
    pub scope: String,
    pub generated: String,
    pub by: String,
    pub paper: Paper,
    pub landscape: bool,
}

/// `dashboard` laid out for print.
pub fn document(dashboard: &Dashboard, heading: Heading) -> PrintDocument {
    let mut parts: Vec<Part> = Vec::new();
    for widget in &dashboard.widgets {
        let part = match widget.kind {
            WidgetKind::Stat => {
                let item = stat(widget);
                if let Some(Part::Stats { items, .. }) = parts.last_mut() {
                    items.push(item);
                    continue;
                }
                Part::Stats {
                    span: 12,
                    items: vec![item],
                }
            }
            WidgetKind::Table => Part::Table(table(widget)),
            WidgetKind::Donut => Part::Table(donut(widget)),
            WidgetKind::Network => Part::Table(network(widget)),
            WidgetKind::Bar | WidgetKind::Line => Part::Chart(chart(widget)),
        };
        parts.push(part);
    }
    PrintDocument {
        title: dashboard.title.clone(),
        scope: heading.scope,
        note: "Figures as the registers hold them when printed; schedule progress at each package's data date."
            .to_owned(),
        generated: heading.generated,
        by: heading.by,
        paper: heading.paper.name(),
        landscape: heading.landscape,
        rows: rows(parts),
    }
}

/// One table across the page (a custom report): its cells formatted by the caller.
pub fn table_document(
    title: String,
    note: String,
    heading: Heading,
    headers: Vec<String>,
    numeric: Vec<bool>,
    rows: Vec<Vec<Cell>>,
) -> PrintDocument {
    let table = table_part((String::new(), 12), headers, numeric, rows);
    PrintDocument {
        title,
        scope: heading.scope,
        note,
        generated: heading.generated,
        by: heading.by,
        paper: heading.paper.name(),
        landscape: heading.landscape,
        rows: vec![vec![Part::Table(table)]],
    }
}

/// A widget's title and grid span.
fn placed(widget: &DashboardWidget) -> (String, u8) {
    (widget.title.clone(), widget.span)
}

/// Parts in rows of at most 12 grid columns, in order.
fn rows(parts: Vec<Part>) -> Vec<Vec<Part>> {
    let mut rows: Vec<Vec<Part>> = Vec::new();
    let mut used = 12u32;
    for part in parts {
        let span = u32::from(part.span());
        if used + span > 12 || rows.is_empty() {
            rows.push(Vec::new());
            used = 0;
        }
        used += span;
        if let Some(row) = rows.last_mut() {
            row.push(part);
        }
    }
    rows
}

impl Part {
    fn span(&self) -> u8 {
        let span = match self {
            Part::Stats { span, .. } => *span,
            Part::Table(table) => table.span,
            Part::Chart(chart) => chart.span,
        };
        span.clamp(1, 12)
    }

    /// The heading of the part (a row of figures has none).
    pub fn title(&self) -> Option<&str> {
        match self {
            Part::Stats { .. } => None,
            Part::Table(table) => Some(table.title.as_str()),
            Part::Chart(chart) => Some(chart.title.as_str()),
        }
        .filter(|title| !title.is_empty())
    }
}

fn stat(widget: &DashboardWidget) -> Stat {
    let row = widget.rows.first().cloned().unwrap_or(Value::Null);
    let value = widget.value.as_ref().map_or_else(
        || Cell::figure(None, None),
        |value| {
            Cell::figure(
                figure_of(&row, &value.column, value.of.as_deref(), value.format),
                value.format,
            )
        },
    );
    Stat {
        title: widget.title.clone(),
        value,
    }
}

/// A table part with its column weights worked out from its cells.
fn table_part(
    (title, span): (String, u8),
    headers: Vec<String>,
    numeric: Vec<bool>,
    rows: Vec<Vec<Cell>>,
) -> TablePart {
    let longest: Vec<Option<usize>> = numeric
        .iter()
        .enumerate()
        .map(|(index, figure)| {
            (!figure).then(|| {
                rows.iter()
                    .filter_map(|row| row.get(index))
                    .map(|cell| cell.text.chars().count())
                    .chain(headers.get(index).map(|h| h.chars().count()))
                    .max()
                    .unwrap_or(1)
            })
        })
        .collect();
    // Short texts (codes, dates, states) are sized to their content like figures while a long one takes the
    // rest; a table of short texts only shares the width among them.
    let any_long = longest.iter().flatten().any(|n| *n > 16);
    let weights = longest
        .iter()
        .map(|n| match n {
            Some(n) if *n > 16 || !any_long => u32::try_from((*n).clamp(6, 60)).unwrap_or(60),
            _ => 0,
        })
        .collect();
    TablePart {
        title,
        span,
        headers,
        numeric,
        weights,
        rows,
        truncated: false,
    }
}

fn table(widget: &DashboardWidget) -> TablePart {
    let headers = widget.columns.iter().map(|c| c.label.clone()).collect();
    let numeric = widget
        .columns
        .iter()
        .map(|c| {
            c.of.is_some()
                || matches!(
                    c.format,
                    Some(
                        Format::Integer
                            | Format::Decimal
                            | Format::Money
                            | Format::Percent
                            | Format::Days
                    )
                )
        })
        .collect();
    let rows = widget
        .rows
        .iter()
        .map(|row| {
            widget
                .columns
                .iter()
                .map(|column| match &column.of {
                    Some(of) => Cell::figure(
                        figure_of(row, &column.column, Some(of), column.format),
                        column.format,
                    ),
                    None => Cell::of(row.get(&column.column), column.format),
                })
                .collect()
        })
        .collect();
    table_part(placed(widget), headers, numeric, rows)
}

/// A donut prints as its slices: label, figure and share of the whole.
fn donut(widget: &DashboardWidget) -> TablePart {
    let (Some(x), Some(value)) = (&widget.x, &widget.value) else {
        return empty_table(widget);
    };
    let figures: Vec<Option<f64>> = widget
        .rows
        .iter()
        .map(|row| figure_of(row, &value.column, None, value.format))
        .collect();
    let whole: f64 = figures.iter().flatten().sum();
    let rows = widget
        .rows
        .iter()
        .zip(&figures)
        .map(|(row, figure)| {
            let share = figure.filter(|_| whole != 0.0).map(|f| 100.0 * f / whole);
            vec![
                Cell::of(row.get(&x.column), None),
                Cell::figure(*figure, value.format),
                Cell::figure(share, Some(Format::Percent)),
            ]
        })
        .collect();
    table_part(
        placed(widget),
        vec![x.label.clone(), value.label.clone(), "Share".to_owned()],
        vec![false, true, true],
        rows,
    )
}

/// A line diagram prints as its nodes, line by line, with their status and the progress after each.
fn network(widget: &DashboardWidget) -> TablePart {
    let (Some(line), Some(x), Some(value)) = (&widget.line, &widget.x, &widget.value) else {
        return empty_table(widget);
    };
    let status = widget.status.as_ref();
    let mut headers = vec![line.label.clone(), x.label.clone()];
    if let Some(status) = status {
        headers.push(status.label.clone());
    }
    headers.push(value.label.clone());
    let mut numeric = vec![false; headers.len() - 1];
    numeric.push(true);
    let rows = widget
        .rows
        .iter()
        .map(|row| {
            let mut cells = vec![
                Cell::of(row.get(&line.column), Some(Format::Text)),
                Cell::of(row.get(&x.column), Some(Format::Text)),
            ];
            if let Some(status) = status {
                cells.push(Cell::of(row.get(&status.column), Some(Format::Text)));
            }
            cells.push(Cell::figure(
                figure_of(row, &value.column, value.of.as_deref(), value.format),
                value.format.or(Some(Format::Percent)),
            ));
            cells
        })
        .collect();
    table_part(placed(widget), headers, numeric, rows)
}

fn empty_table(widget: &DashboardWidget) -> TablePart {
    table_part(placed(widget), Vec::new(), Vec::new(), Vec::new())
}

fn chart(widget: &DashboardWidget) -> ChartPart {
    let x = widget.x.as_ref();
    let labels: Vec<String> = widget
        .rows
        .iter()
        .map(|row| {
            x.map_or_else(String::new, |x| {
                format_cell(row.get(&x.column), Some(Format::Text))
            })
        })
        .collect();
    let series: Vec<ChartSeries> = widget
        .series
        .iter()
        .enumerate()
        .map(|(index, series)| ChartSeries {
            label: series.label.clone(),
            colour: colour(series.colour.as_deref(), index),
            values: widget
                .rows
                .iter()
                .map(|row| figure_of(row, &series.column, series.of.as_deref(), series.format))
                .collect(),
        })
        .collect();
    let stacked = widget.stacked && widget.kind == WidgetKind::Bar;
    let highest = if stacked {
        (0..labels.len())
            .map(|i| {
                series
                    .iter()
                    .filter_map(|s| s.values.get(i).copied().flatten())
                    .filter(|v| *v > 0.0)
                    .sum::<f64>()
            })
            .fold(0.0, f64::max)
    } else {
        series
            .iter()
            .flat_map(|s| s.values.iter().flatten())
            .copied()
            .fold(0.0, f64::max)
    };
    let lowest = series
        .iter()
        .flat_map(|s| s.values.iter().flatten())
        .copied()
        .fold(0.0, f64::min);
    let format = widget.series.first().and_then(|s| s.format);
    let (min, max, ticks) = axis(lowest, highest, format);
    ChartPart {
        title: widget.title.clone(),
        span: widget.span,
        chart: if widget.kind == WidgetKind::Line {
            "line"
        } else {
            "bar"
        },
        stacked,
        x_label: x.map(|x| x.label.clone()).unwrap_or_default(),
        x: labels,
        series,
        min,
        max,
        ticks,
    }
}

/// A value axis from `lowest` (0 or below) to `highest` in about four steps of 1, 2, 2.5 or 5 × 10ⁿ.
fn axis(lowest: f64, highest: f64, format: Option<Format>) -> (f64, f64, Vec<Tick>) {
    let span = (highest - lowest).max(if format == Some(Format::Percent) {
        10.0
    } else {
        1.0
    });
    let rough = span / 4.0;
    let magnitude = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|step| *step >= rough)
        .unwrap_or(10.0 * magnitude);
    let min = (lowest / step).floor() * step;
    let max = ((highest / step).ceil() * step).max(min + step);
    let count = ((max - min) / step).round() as usize;
    let ticks = (0..=count)
        .map(|i| {
            let at = min + step * i as f64;
            Tick {
                at,
                label: tick_label(at, step, format),
            }
        })
        .collect();
    (min, max, ticks)
}

fn tick_label(at: f64, step: f64, format: Option<Format>) -> String {
    match format {
        Some(Format::Money) => super::figures::money(at),
        Some(Format::Percent) => format!("{}%", super::figures::group_indian(at, 0)),
        _ => super::figures::group_indian(at, if step.fract() == 0.0 { 0 } else { 1 }),
    }
}

/// A series' colour on paper: the Okabe–Ito palette the console uses for colour-blind readers, which also
/// stays apart in greyscale print.
fn colour(name: Option<&str>, index: usize) -> &'static str {
    const ROTATION: [&str; 8] = [
        "blue", "orange", "teal", "grape", "yellow", "cyan", "red", "gray",
    ];
    let turn = ROTATION[index % ROTATION.len()];
    match name.unwrap_or(turn) {
        "blue" | "indigo" => "#0072B2",
        "cyan" => "#56B4E9",
        "teal" | "green" | "lime" => "#009E73",
        "yellow" => "#F0E442",
        "orange" => "#E69F00",
        "red" => "#D55E00",
        "pink" | "grape" | "violet" => "#CC79A7",
        "gray" => "#999999",
        "dark" => "#000000",
        _ => colour(None, index),
    }
}

/// Tables cut to what prints (the spreadsheet is written before this).
pub fn cut_for_print(document: &mut PrintDocument) {
    for row in &mut document.rows {
        for part in row {
            if let Part::Table(table) = part {
                if table.rows.len() > MAX_PRINTED_ROWS {
                    table.rows.truncate(MAX_PRINTED_ROWS);
                    table.truncated = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_axis_has_round_steps_covering_the_values() {
        let (min, max, ticks) = axis(0.0, 83.0, Some(Format::Percent));
        assert_eq!((min, max), (0.0, 100.0));
        assert_eq!(
            ticks.iter().map(|t| t.label.as_str()).collect::<Vec<_>>(),
            ["0%", "25%", "50%", "75%", "100%"]
        );
        let (min, max, _) = axis(-12.0, 30.0, Some(Format::Days));
        assert!(min <= -12.0 && max >= 30.0);
        let (_, max, ticks) = axis(0.0, 0.0, Some(Format::Integer));
        assert!(max > 0.0 && ticks.len() >= 2);
    }
}
