//! A cell as the record validator takes it, per column type: numbers without their grouping (`1,23,456.50`,
//! `1,234.5`), dates from the ways people and Excel write them (ISO, DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YYYY, Excel
//! serials), yes/no flags, choices in their canonical spelling. What cannot be understood goes through as
//! written, so the validator refuses it with the form's own message. Look-ups are resolved by `lookup`.

use schema_registry::record::FieldValue;
use schema_registry::{Column, SqlType};

use super::source::excel_dates::{serial_date, serial_timestamp};
use super::source::{number_text, Cell};

/// The value of `cell` for `column` (not a look-up).
pub fn value(column: &Column, cell: &Cell) -> Result<FieldValue, String> {
    let ty = column.sql_type;
    match cell {
        Cell::Empty => Ok(FieldValue::Null),
        Cell::Formula(_) => Err(String::new()),
        Cell::Error(error) => Err(format!(
            "{} holds the error value {error}; correct the cell",
            column.label
        )),
        Cell::Bool(flag) => Ok(match ty {
            SqlType::Boolean => FieldValue::Bool(*flag),
            _ if ty.is_integer() => FieldValue::Number(u8::from(*flag).to_string()),
            _ => FieldValue::Text(if *flag { "TRUE" } else { "FALSE" }.into()),
        }),
        Cell::Date(serial) => Ok(match ty {
            SqlType::Date => {
                FieldValue::Text(serial_date(*serial).unwrap_or_else(|| number_text(*serial)))
            }
            SqlType::Timestamp | SqlType::Timestamptz => {
                FieldValue::Text(serial_timestamp(*serial).unwrap_or_else(|| number_text(*serial)))
            }
            _ if ty.is_number() => FieldValue::Number(number_text(*serial)),
            _ => FieldValue::Text(serial_date(*serial).unwrap_or_else(|| number_text(*serial))),
        }),
        Cell::Number(number) => Ok(match ty {
            // A date typed as a number (a date cell without its format): Excel's serial day.
            SqlType::Date if (1.0..2_958_466.0).contains(number) => {
                FieldValue::Text(serial_date(*number).unwrap_or_else(|| number_text(*number)))
            }
            SqlType::Timestamp | SqlType::Timestamptz if (1.0..2_958_466.0).contains(number) => {
                FieldValue::Text(serial_timestamp(*number).unwrap_or_else(|| number_text(*number)))
            }
            _ if ty.is_number() => FieldValue::Number(number_text(*number)),
            SqlType::Boolean => FieldValue::Bool(*number != 0.0),
            _ => FieldValue::Text(number_text(*number)),
        }),
        Cell::Text(text) => Ok(text_value(column, text)),
    }
}

fn text_value(column: &Column, text: &str) -> FieldValue {
    let ty = column.sql_type;
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return FieldValue::Null;
    }
    if !column.enum_values.is_empty() {
        if let Some(choice) = column
            .enum_values
            .iter()
            .find(|choice| choice.trim().eq_ignore_ascii_case(trimmed))
        {
            return FieldValue::Text(choice.clone());
        }
    }
    if ty.is_number() {
        if let Some(number) = plain_number(trimmed) {
            return FieldValue::Number(number);
        }
        if ty.is_integer() {
            if let Some(flag) = flag(trimmed) {
                return FieldValue::Number(u8::from(flag).to_string());
            }
        }
    }
    match ty {
        SqlType::Boolean => flag(trimmed)
            .map(FieldValue::Bool)
            .unwrap_or_else(|| FieldValue::Text(trimmed.to_owned())),
        SqlType::Date => FieldValue::Text(date(trimmed).unwrap_or_else(|| trimmed.to_owned())),
        SqlType::Timestamp | SqlType::Timestamptz => {
            let (day, time) = trimmed.split_once([' ', 'T']).unwrap_or((trimmed, ""));
            match date(day) {
                Some(day) if time.is_empty() => FieldValue::Text(day),
                Some(day) => FieldValue::Text(format!("{day} {}", time.trim())),
                None => FieldValue::Text(trimmed.to_owned()),
            }
        }
        _ => FieldValue::Text(text.to_owned()),
    }
}

/// Digits with `,` grouping (Indian `1,23,456.50` or western `1,234.5`) and an optional sign and decimals, as
/// plain digits; `None` for anything else.
pub fn plain_number(text: &str) -> Option<String> {
    let text = text.trim();
    let (sign, rest) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, fraction) = match rest.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (rest, None),
    };
    if whole.is_empty() && fraction.is_none() {
        return None;
    }
    if fraction.is_some_and(|f| f.is_empty() || !f.chars().all(|c| c.is_ascii_digit())) {
        return None;
    }
    let groups: Vec<&str> = whole.split(',').collect();
    let digits_only = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_digit());
    let grouped_ok = match groups.as_slice() {
        [one] => one.is_empty() || one.chars().all(|c| c.is_ascii_digit()),
        [first, rest @ ..] => {
            let last = rest.last().copied().unwrap_or_default();
            digits_only(first)
                && first.len() <= 3
                && last.len() == 3
                && digits_only(last)
                && rest[..rest.len() - 1]
                    .iter()
                    .all(|middle| digits_only(middle) && (middle.len() == 2 || middle.len() == 3))
        }
        [] => false,
    };
    if !grouped_ok {
        return None;
    }
    let mut out = String::from(sign);
    out.push_str(&groups.concat());
    if out.len() == sign.len() {
        out.push('0');
    }
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    Some(out)
}

fn flag(text: &str) -> Option<bool> {
    match text.to_ascii_lowercase().as_str() {
        "yes" | "y" | "true" | "t" | "1" => Some(true),
        "no" | "n" | "false" | "f" | "0" => Some(false),
        _ => None,
    }
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// `YYYY-MM-DD` from ISO, DD-MM-YYYY, DD/MM/YYYY, DD.MM.YYYY or DD-Mon-YYYY (DD Mon YYYY); `None` otherwise or
/// for a day that does not exist.
pub fn date(text: &str) -> Option<String> {
    let parts: Vec<&str> = text
        .split(['-', '/', '.', ' '])
        .filter(|p| !p.is_empty())
        .collect();
    let [a, b, c] = parts.as_slice() else {
        return None;
    };
    let number = |s: &str| s.parse::<u32>().ok();
    let (year, month, day) = if a.len() == 4 {
        (number(a)?, number(b)?, number(c)?)
    } else {
        let month = match number(b) {
            Some(month) => month,
            None => {
                let lower = b.to_ascii_lowercase();
                MONTHS
                    .iter()
                    .position(|m| lower.starts_with(m))
                    .map(|i| i as u32 + 1)?
            }
        };
        let year = match c.len() {
            4 => number(c)?,
            2 => 2000 + number(c)?,
            _ => return None,
        };
        (year, month, number(a)?)
    };
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    Some(format!("{year:04}-{month:02}-{day:02}"))
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if (year.is_multiple_of(4) && !year.is_multiple_of(100)) || year.is_multiple_of(400) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_lose_their_grouping() {
        assert_eq!(plain_number("1,23,456.50").as_deref(), Some("123456.50"));
        assert_eq!(plain_number("1,234.5").as_deref(), Some("1234.5"));
        assert_eq!(plain_number("-12").as_deref(), Some("-12"));
        assert_eq!(plain_number(".5").as_deref(), Some("0.5"));
        assert_eq!(plain_number("1,2"), None);
        assert_eq!(plain_number("12a"), None);
        assert_eq!(plain_number("1,23,4567"), None);
    }

    #[test]
    fn dates_in_common_spellings() {
        assert_eq!(date("2026-11-23").as_deref(), Some("2026-11-23"));
        assert_eq!(date("23-11-2026").as_deref(), Some("2026-11-23"));
        assert_eq!(date("23/11/2026").as_deref(), Some("2026-11-23"));
        assert_eq!(date("23-Nov-2026").as_deref(), Some("2026-11-23"));
        assert_eq!(date("31-02-2026"), None);
    }
}
