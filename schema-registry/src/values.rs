//! The text forms of values the registry's column types accept, shared by the filter compiler and record
//! validation: checked here so that a bad value gets a clear message instead of a database error, then sent to
//! PostgreSQL as text and cast there.

use std::cmp::Ordering;

use crate::model::SqlType;

/// Whether `text` is a value of `ty` (surrounding spaces allowed). JSON values are not compared as text.
pub fn fits(ty: SqlType, text: &str) -> bool {
    let text = text.trim();
    match ty {
        SqlType::Smallint => text.parse::<i16>().is_ok(),
        SqlType::Integer => text.parse::<i32>().is_ok(),
        SqlType::Bigint => text.parse::<i64>().is_ok(),
        SqlType::Numeric | SqlType::Real | SqlType::Double => is_decimal(text),
        SqlType::Boolean => matches!(
            text.to_ascii_lowercase().as_str(),
            "true" | "false" | "t" | "f" | "1" | "0" | "yes" | "no"
        ),
        SqlType::Date => is_iso_date(text),
        SqlType::Timestamp | SqlType::Timestamptz => is_iso_timestamp(text),
        SqlType::Time => is_time(text),
        SqlType::Uuid => is_uuid(text),
        SqlType::Text | SqlType::Varchar | SqlType::Char => true,
        SqlType::Json | SqlType::Jsonb => false,
    }
}

/// What a value of `ty` looks like, for messages ("… is not `expected`").
pub fn expected(ty: SqlType) -> &'static str {
    match ty {
        SqlType::Smallint => "a whole number between -32768 and 32767",
        SqlType::Integer => "a whole number between -2147483648 and 2147483647",
        SqlType::Bigint => "a whole number in range",
        SqlType::Numeric | SqlType::Real | SqlType::Double => "a number",
        SqlType::Boolean => "true or false",
        SqlType::Date => "a date in the form YYYY-MM-DD",
        SqlType::Timestamp | SqlType::Timestamptz => {
            "a timestamp in the form YYYY-MM-DD HH:MM[:SS][+HH:MM]"
        }
        SqlType::Time => "a time in the form HH:MM[:SS]",
        SqlType::Uuid => "a UUID",
        SqlType::Text | SqlType::Varchar | SqlType::Char => "text",
        SqlType::Json | SqlType::Jsonb => "a JSON value",
    }
}

/// A decimal number as written (`-12.50`, `1e3`), at most 100 characters; no `NaN` or infinities.
pub fn is_decimal(text: &str) -> bool {
    Decimal::parse(text).is_some()
}

/// A decimal number held exactly: `0.d₁d₂… × 10^exponent`, digits without leading or trailing zeros (none for
/// zero). Compares numbers of any size without rounding, and tells how many digits sit on each side of the point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decimal {
    negative: bool,
    digits: Vec<u8>,
    exponent: i64,
}

impl Decimal {
    pub fn parse(text: &str) -> Option<Decimal> {
        if text.len() > 100 {
            return None;
        }
        let (negative, body) = match text.as_bytes().first() {
            Some(b'-') => (true, &text[1..]),
            Some(b'+') => (false, &text[1..]),
            _ => (false, text),
        };
        let (mantissa, exponent) = match body.find(['e', 'E']) {
            Some(index) => {
                let written = &body[index + 1..];
                let unsigned = written.strip_prefix(['-', '+']).unwrap_or(written);
                if unsigned.is_empty()
                    || unsigned.len() > 4
                    || !unsigned.bytes().all(|b| b.is_ascii_digit())
                {
                    return None;
                }
                (&body[..index], written.parse::<i64>().ok()?)
            }
            None => (body, 0),
        };
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(whole) || !all_digits(fraction) || (whole.is_empty() && fraction.is_empty())
        {
            return None;
        }
        let mut digits: Vec<u8> = whole
            .bytes()
            .chain(fraction.bytes())
            .map(|b| b - b'0')
            .collect();
        let mut exponent = exponent + whole.len() as i64;
        let leading = digits.iter().take_while(|&&d| d == 0).count();
        digits.drain(..leading);
        exponent -= leading as i64;
        while digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.is_empty() {
            return Some(Decimal {
                negative: false,
                digits,
                exponent: 0,
            });
        }
        Some(Decimal {
            negative,
            digits,
            exponent,
        })
    }

    /// A bound written in a registry file (`min = 0`, `max = 99.5`).
    pub fn from_f64(value: f64) -> Option<Decimal> {
        // `Display` for f64 writes the shortest exact-enough form without an exponent.
        value
            .is_finite()
            .then(|| Decimal::parse(&value.to_string()))?
    }

    /// Digits before the decimal point (0 for numbers below 1).
    pub fn whole_digits(&self) -> u64 {
        self.exponent.max(0) as u64
    }

    /// Digits after the decimal point, trailing zeros not counted.
    pub fn fraction_digits(&self) -> u64 {
        (self.digits.len() as i64 - self.exponent).max(0) as u64
    }

    fn magnitude_cmp(&self, other: &Decimal) -> Ordering {
        match (self.digits.is_empty(), other.digits.is_empty()) {
            (true, true) => Ordering::Equal,
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            // Without leading zeros a larger exponent is a larger number; equal exponents compare digit by digit
            // (a prefix is smaller, as there are no trailing zeros).
            (false, false) => self
                .exponent
                .cmp(&other.exponent)
                .then_with(|| self.digits.cmp(&other.digits)),
        }
    }
}

impl Ord for Decimal {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.negative, other.negative) {
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
            (false, false) => self.magnitude_cmp(other),
            (true, true) => other.magnitude_cmp(self),
        }
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `YYYY-MM-DD` naming a real day.
pub fn is_iso_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let number =
        |range: std::ops::Range<usize>| text.get(range).and_then(|s| s.parse::<u32>().ok());
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else {
        return false;
    };
    if !text[0..4].chars().all(|c| c.is_ascii_digit()) {
        return false;
    }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    year >= 1 && (1..=days).contains(&day)
}

pub fn is_time(text: &str) -> bool {
    let mut parts = text.split(':');
    let field = |part: Option<&str>, max: u32| {
        part.is_some_and(|p| {
            p.len() == 2
                && p.chars().all(|c| c.is_ascii_digit())
                && p.parse::<u32>().is_ok_and(|v| v <= max)
        })
    };
    let hour = field(parts.next(), 23);
    let minute = field(parts.next(), 59);
    let second = match parts.next() {
        None => true,
        Some(seconds) => {
            let (whole, fraction) = seconds.split_once('.').unwrap_or((seconds, "0"));
            field(Some(whole), 59)
                && !fraction.is_empty()
                && fraction.len() <= 6
                && fraction.chars().all(|c| c.is_ascii_digit())
        }
    };
    hour && minute && second && parts.next().is_none()
}

/// `YYYY-MM-DD`, optionally followed by ` ` or `T`, a time, and `Z` or an offset `±HH[:MM]`.
pub fn is_iso_timestamp(text: &str) -> bool {
    if text.len() < 10 || !text.is_char_boundary(10) || !is_iso_date(&text[..10]) {
        return false;
    }
    let rest = &text[10..];
    if rest.is_empty() {
        return true;
    }
    let Some(rest) = rest.strip_prefix([' ', 'T']) else {
        return false;
    };
    let (time, zone) = match rest.find(['Z', '+', '-']) {
        Some(index) => (&rest[..index], &rest[index..]),
        None => (rest, ""),
    };
    let zone_ok = match zone {
        "" | "Z" => true,
        _ => {
            let offset = &zone[1..];
            let (hours, minutes) = offset.split_once(':').unwrap_or((offset, "00"));
            hours.len() == 2
                && minutes.len() == 2
                && hours
                    .chars()
                    .chain(minutes.chars())
                    .all(|c| c.is_ascii_digit())
                && hours.parse::<u32>().is_ok_and(|h| h <= 15)
                && minutes.parse::<u32>().is_ok_and(|m| m <= 59)
        }
    };
    is_time(time) && zone_ok
}

pub fn is_uuid(text: &str) -> bool {
    let groups: Vec<&str> = text.split('-').collect();
    groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(group, len)| group.len() == len && group.chars().all(|c| c.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Decimal {
        Decimal::parse(text).unwrap_or_else(|| panic!("{text} should parse"))
    }

    #[test]
    fn decimals_compare_exactly() {
        assert!(d("100.0000000000000000001") > d("100"));
        assert!(d("-0.5") < d("0"));
        assert!(d("-2") < d("-1.999999999999999999"));
        assert_eq!(d("1e3").cmp(&d("1000.000")), Ordering::Equal);
        assert_eq!(d("-0").cmp(&d("0.00")), Ordering::Equal);
        assert!(d("0.125") > d("0.12"));
        assert!(d("12345678901234567890") > d("9999999999999999999.99"));
        assert_eq!(Decimal::from_f64(99.5), Some(d("99.50")));
    }

    #[test]
    fn decimals_count_digits_on_each_side() {
        assert_eq!(
            (d("123.450").whole_digits(), d("123.450").fraction_digits()),
            (3, 2)
        );
        assert_eq!(
            (d("0.001").whole_digits(), d("0.001").fraction_digits()),
            (0, 3)
        );
        assert_eq!(
            (d("1.5e3").whole_digits(), d("1.5e3").fraction_digits()),
            (4, 0)
        );
        assert_eq!((d("0").whole_digits(), d("0").fraction_digits()), (0, 0));
    }

    #[test]
    fn not_decimals() {
        for text in [
            "", ".", "-", "1.2.3", "NaN", "inf", "1e", "1e12345", "0x10", "1,000", " 1",
        ] {
            assert!(Decimal::parse(text).is_none(), "{text:?}");
        }
    }
}
