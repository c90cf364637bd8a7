//! Figures as the console writes them on a dashboard (frontend `features/dashboards/chart-data.ts` `formatValue`
//! and `lib/format.ts`), so a printed report reads exactly like the screen: Indian digit grouping, amounts in
//! crores and lakhs, dates `DD MMM, YYYY`, an em dash for nothing.

use schema_registry::dashboard::Format;
use schema_registry::record::human_date;
use serde_json::Value;

/// A cell's number: a JSON number, or text that is one (numeric columns arrive as text to keep their digits).
pub fn number_of(value: &Value) -> Option<f64> {
    match value {
        Value::Number(number) => number.as_f64(),
        Value::String(text) => text.trim().parse::<f64>().ok().filter(|n| n.is_finite()),
        _ => None,
    }
}

/// A figure of `row`: its `column`, or with `of` the ratio of the two (× 100 for a percent; none when the
/// denominator is 0 or missing), as the console's `figureOf`.
pub fn figure_of(
    row: &Value,
    column: &str,
    of: Option<&str>,
    format: Option<Format>,
) -> Option<f64> {
    let value = row.get(column).and_then(number_of);
    let Some(of) = of else { return value };
    let whole = row.get(of).and_then(number_of)?;
    let value = value?;
    if whole == 0.0 {
        return None;
    }
    Some(if format == Some(Format::Percent) {
        100.0 * value / whole
    } else {
        value / whole
    })
}

/// A cell as the user reads it, by the column's format (or, without one, by its type).
pub fn format_cell(cell: Option<&Value>, format: Option<Format>) -> String {
    let Some(cell) = cell else {
        return NOTHING.to_owned();
    };
    match cell {
        Value::Null => NOTHING.to_owned(),
        Value::String(text) if text.is_empty() => NOTHING.to_owned(),
        Value::Bool(flag) => if *flag { "Yes" } else { "No" }.to_owned(),
        Value::String(text) => match format {
            Some(Format::Text | Format::Light) => text.clone(),
            Some(Format::Date) => human_date(text),
            None if is_iso_date(text) => human_date(text),
            _ => match number_of(cell) {
                Some(number) => format_number(number, format),
                None => text.clone(),
            },
        },
        Value::Number(_) => match (format, number_of(cell)) {
            (Some(Format::Text | Format::Light | Format::Date), _) | (_, None) => cell.to_string(),
            (_, Some(number)) => format_number(number, format),
        },
        other => other.to_string(),
    }
}

/// A number as the user reads it in `format` (none: as many decimals as it has, up to 2).
pub fn format_number(number: f64, format: Option<Format>) -> String {
    match format {
        Some(Format::Integer) => group_indian(number, 0),
        Some(Format::Decimal) => group_indian(number, 2),
        Some(Format::Money) => money(number),
        Some(Format::Percent) => format!("{}%", group_indian(number, 1)),
        Some(Format::Days) => {
            let whole = number.fract() == 0.0;
            let unit = if number.abs() == 1.0 { "day" } else { "days" };
            format!("{} {unit}", group_indian(number, if whole { 0 } else { 1 }))
        }
        _ => group_indian(number, if number.fract() == 0.0 { 0 } else { 2 }),
    }
}

/// What an empty cell shows.
pub const NOTHING: &str = "—";

/// `12345678.9` → `1,23,45,678.90` with `decimals` places: thousands, then lakhs and crores by two digits.
pub fn group_indian(number: f64, decimals: usize) -> String {
    if !number.is_finite() {
        return number.to_string();
    }
    let text = round_half_up(number.abs(), decimals);
    let (whole, fraction) = match text.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (text.as_str(), None),
    };
    let mut grouped = String::with_capacity(text.len() + text.len() / 2);
    if whole.len() <= 3 {
        grouped.push_str(whole);
    } else {
        let (head, last3) = whole.split_at(whole.len() - 3);
        let lead = head.len() % 2;
        for (index, digit) in head.chars().enumerate() {
            if index > 0 && (index + 2 - lead) % 2 == 0 {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        grouped.push(',');
        grouped.push_str(last3);
    }
    if let Some(fraction) = fraction {
        grouped.push('.');
        grouped.push_str(fraction);
    }
    let zero = text.bytes().all(|b| b == b'0' || b == b'.');
    if number < 0.0 && !zero {
        format!("-{grouped}")
    } else {
        grouped
    }
}

/// `value` (≥ 0) with `decimals` places, a half rounded up as the console's `groupIndian` does (from the number's
/// exact digits; Rust's own formatting rounds a half to even).
fn round_half_up(value: f64, decimals: usize) -> String {
    let exact = format!("{value:.20}");
    let (whole, fraction) = exact.split_once('.').unwrap_or((exact.as_str(), ""));
    let mut digits: Vec<u8> = whole
        .bytes()
        .chain(fraction.bytes().take(decimals))
        .collect();
    if fraction
        .as_bytes()
        .get(decimals)
        .is_some_and(|d| *d >= b'5')
    {
        let mut carry = true;
        for digit in digits.iter_mut().rev() {
            if *digit == b'9' {
                *digit = b'0';
            } else {
                *digit += 1;
                carry = false;
                break;
            }
        }
        if carry {
            digits.insert(0, b'1');
        }
    }
    let split = digits.len() - decimals;
    let (whole, fraction) = digits.split_at(split);
    let whole = String::from_utf8_lossy(whole);
    if decimals == 0 {
        whole.into_owned()
    } else {
        format!("{whole}.{}", String::from_utf8_lossy(fraction))
    }
}

/// An amount as Indian finance reads it on a dashboard: crores (10⁷) and lakhs (10⁵) with two decimals, smaller
/// amounts in full (`₹104.58 Cr`).
pub fn money(amount: f64) -> String {
    let sign = if amount < 0.0 { "-" } else { "" };
    let size = amount.abs();
    if size >= 1e7 {
        format!("{sign}₹{} Cr", group_indian(size / 1e7, 2))
    } else if size >= 1e5 {
        format!("{sign}₹{} L", group_indian(size / 1e5, 2))
    } else {
        format!("{sign}₹{}", group_indian(size, 2))
    }
}

/// A date-time as the console writes one (`formatIndianDateTime`): `2026-11-20 16:45:00+05:30` (PostgreSQL's text
/// of a `timestamptz` in the session's zone, the programme's, or ISO with a `T`) → `20 Nov, 2026, 4:45:00 pm`;
/// other text unchanged.
pub fn human_date_time(text: &str) -> String {
    let time = text
        .get(11..19)
        .filter(|_| is_iso_date(text) && matches!(text.as_bytes().get(10), Some(b' ' | b'T')));
    let Some((hour, minute, second)) = time.and_then(|time| {
        let mut parts = time.split(':').map(|part| part.parse::<u32>().ok());
        Some((parts.next()??, parts.next()??, parts.next()??))
    }) else {
        return text.to_owned();
    };
    let (hour12, half) = match hour {
        0 => (12, "am"),
        1..=11 => (hour, "am"),
        12 => (12, "pm"),
        _ => (hour - 12, "pm"),
    };
    format!(
        "{}, {hour12}:{minute:02}:{second:02} {half}",
        human_date(&text[..10])
    )
}

fn is_iso_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() >= 10
        && bytes[..10].iter().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                *b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn date_times_read_as_the_console_writes_them() {
        assert_eq!(
            human_date_time("2026-11-20 16:45:00+05:30"),
            "20 Nov, 2026, 4:45:00 pm"
        );
        assert_eq!(
            human_date_time("2026-01-02T00:05:09.25+05:30"),
            "02 Jan, 2026, 12:05:09 am"
        );
        assert_eq!(
            human_date_time("2026-01-02 12:00:00"),
            "02 Jan, 2026, 12:00:00 pm"
        );
        assert_eq!(human_date_time("2026-01-02"), "2026-01-02");
        assert_eq!(human_date_time("soon"), "soon");
    }

    #[test]
    fn numbers_are_grouped_the_indian_way() {
        assert_eq!(group_indian(0.0, 0), "0");
        assert_eq!(group_indian(999.0, 0), "999");
        assert_eq!(group_indian(1000.0, 0), "1,000");
        assert_eq!(group_indian(123456.0, 0), "1,23,456");
        // 12345678.905 is 12345678.90499… in binary, as the console rounds it; an exact half rounds up.
        assert_eq!(group_indian(12345678.905, 2), "1,23,45,678.90");
        assert_eq!(group_indian(0.125, 2), "0.13");
        assert_eq!(group_indian(999.96, 1), "1,000.0");
        assert_eq!(group_indian(-1234567.0, 1), "-12,34,567.0");
        assert_eq!(group_indian(-0.001, 1), "0.0");
    }

    #[test]
    fn cells_read_as_on_the_dashboard() {
        assert_eq!(money(1_045_849_030.0), "₹104.58 Cr");
        assert_eq!(money(250_000.0), "₹2.50 L");
        assert_eq!(money(-999.5), "-₹999.50");
        assert_eq!(
            format_cell(Some(&json!("2026-01-05")), None),
            "05 Jan, 2026"
        );
        assert_eq!(
            format_cell(Some(&json!("12.5")), Some(Format::Percent)),
            "12.5%"
        );
        assert_eq!(format_cell(Some(&json!(1)), Some(Format::Days)), "1 day");
        assert_eq!(format_cell(Some(&json!(-3)), Some(Format::Days)), "-3 days");
        assert_eq!(
            format_cell(Some(&json!("Amber")), Some(Format::Light)),
            "Amber"
        );
        assert_eq!(
            format_cell(Some(&Value::Null), Some(Format::Money)),
            NOTHING
        );
        assert_eq!(format_cell(None, None), NOTHING);
        let row = json!({"n_earned": "45", "n_weight": 180, "n_zero": 0});
        assert_eq!(
            figure_of(&row, "n_earned", Some("n_weight"), Some(Format::Percent)),
            Some(25.0)
        );
        assert_eq!(
            figure_of(&row, "n_earned", Some("n_zero"), Some(Format::Percent)),
            None
        );
    }
}
