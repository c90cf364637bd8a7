//! Rows from PostgreSQL's binary protocol written as JSON objects, byte for byte as `row_to_json` /
//! `json_agg` write them: numbers exactly (numeric from its base-10000 digits, never through a float), dates and
//! timestamps in ISO 8601, text escaped as PostgreSQL escapes it. Rendering here instead of in the database keeps
//! PostgreSQL's work per query near a plain SELECT; the golden tests compare against `json_agg` itself.

use std::fmt::Write as _;

use schema_registry::{JsonSource, JsonText};
use tokio_postgres::types::{FromSql, Type};
use tokio_postgres::{Column, Row};

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("column `{column}` has type `{ty}`, which the JSON writer does not know")]
    UnknownType { column: String, ty: String },
    #[error("a `{ty}` value of {len} bytes is malformed")]
    Malformed { ty: &'static str, len: usize },
    #[error("the statement returns {got} columns, the read expects {expected}")]
    ColumnCount { got: usize, expected: usize },
    #[error(transparent)]
    Database(#[from] tokio_postgres::Error),
}

/// How one column's binary value becomes JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cell {
    Int2,
    Int4,
    Int8,
    Bool,
    Text,
    Json,
    Jsonb,
    Numeric,
    Date,
    Timestamp,
    Time,
    Uuid,
    Float4,
    Float8,
    /// PostgreSQL's text of a value, turned into JSON as [`JsonText`] says.
    TextOf(JsonText),
}

impl Cell {
    fn of(ty: &Type, text_of: Option<JsonText>) -> Option<Cell> {
        if let Some(kind) = text_of {
            return (*ty == Type::TEXT).then_some(Cell::TextOf(kind));
        }
        Some(match *ty {
            Type::INT2 => Cell::Int2,
            Type::INT4 | Type::OID => Cell::Int4,
            Type::INT8 => Cell::Int8,
            Type::BOOL => Cell::Bool,
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME | Type::CHAR => Cell::Text,
            Type::JSON => Cell::Json,
            Type::JSONB => Cell::Jsonb,
            Type::NUMERIC => Cell::Numeric,
            Type::DATE => Cell::Date,
            Type::TIMESTAMP => Cell::Timestamp,
            Type::TIME => Cell::Time,
            Type::UUID => Cell::Uuid,
            Type::FLOAT4 => Cell::Float4,
            Type::FLOAT8 => Cell::Float8,
            _ => return None,
        })
    }
}

/// Writes the rows of one prepared statement: the keys (`"name":`) are escaped once.
pub struct RowWriter {
    columns: Vec<(String, Cell)>,
    names: Vec<String>,
}

impl RowWriter {
    pub fn new(columns: &[Column], source: &JsonSource) -> Result<Self, RenderError> {
        if columns.len() != source.names.len() {
            return Err(RenderError::ColumnCount {
                got: columns.len(),
                expected: source.names.len(),
            });
        }
        let columns = columns
            .iter()
            .zip(&source.text_of)
            .map(|(column, text_of)| {
                let cell =
                    Cell::of(column.type_(), *text_of).ok_or_else(|| RenderError::UnknownType {
                        column: column.name().to_owned(),
                        ty: column.type_().name().to_owned(),
                    })?;
                let mut key = String::with_capacity(column.name().len() + 3);
                escape_into(column.name(), &mut key);
                key.push(':');
                Ok((key, cell))
            })
            .collect::<Result<Vec<_>, RenderError>>()?;
        Ok(RowWriter {
            columns,
            names: source.names.clone(),
        })
    }

    /// Appends `{"a":1,"b":"x"}`.
    pub fn write_row(&self, row: &Row, out: &mut String) -> Result<(), RenderError> {
        out.push('{');
        for (index, (key, cell)) in self.columns.iter().enumerate() {
            if index > 0 {
                out.push(',');
            }
            out.push_str(key);
            let raw: RawValue = row.try_get(index)?;
            match raw.0 {
                None => out.push_str("null"),
                Some(bytes) => write_value(*cell, bytes, out)?,
            }
        }
        out.push('}');
        Ok(())
    }

    /// The value of the output column at `index` as text, as PostgreSQL's `CAST(… AS text)` writes a key
    /// (`12`, `C1`); `None` for SQL NULL.
    pub fn key_text(&self, row: &Row, index: usize) -> Result<Option<String>, RenderError> {
        let raw: RawValue = row.try_get(index)?;
        let Some(bytes) = raw.0 else {
            return Ok(None);
        };
        let mut out = String::new();
        match self.columns[index].1 {
            Cell::Int2 => push_int(
                &mut out,
                i64::from(i16::from_be_bytes(fixed(bytes, "int2")?)),
            ),
            Cell::Int4 => push_int(
                &mut out,
                i64::from(i32::from_be_bytes(fixed(bytes, "int4")?)),
            ),
            Cell::Int8 => push_int(&mut out, i64::from_be_bytes(fixed(bytes, "int8")?)),
            Cell::Text => out.push_str(text(bytes, "text")?),
            cell => {
                write_value(cell, bytes, &mut out)?;
                // A JSON string (a date, a uuid): its text without the quotes.
                if let Ok(unquoted) = serde_json::from_str::<String>(&out) {
                    out = unquoted;
                }
            }
        }
        Ok(Some(out))
    }

    /// The integer value of column `name` in `row` (a row version), if the read selects it.
    pub fn integer(&self, row: &Row, name: &str) -> Result<Option<i64>, RenderError> {
        let Some(index) = self.names.iter().position(|column| column == name) else {
            return Ok(None);
        };
        let raw: RawValue = row.try_get(index)?;
        Ok(match (raw.0, self.columns[index].1) {
            (Some(bytes), Cell::Int2) => Some(i64::from(i16::from_be_bytes(fixed(bytes, "int2")?))),
            (Some(bytes), Cell::Int4) => Some(i64::from(i32::from_be_bytes(fixed(bytes, "int4")?))),
            (Some(bytes), Cell::Int8) => Some(i64::from_be_bytes(fixed(bytes, "int8")?)),
            _ => None,
        })
    }
}

/// A value as its wire bytes, whatever its type (`None` for SQL NULL).
struct RawValue<'a>(Option<&'a [u8]>);

impl<'a> FromSql<'a> for RawValue<'a> {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(RawValue(Some(raw)))
    }

    fn from_sql_null(_: &Type) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(RawValue(None))
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

fn fixed<const N: usize>(bytes: &[u8], ty: &'static str) -> Result<[u8; N], RenderError> {
    bytes.try_into().map_err(|_| RenderError::Malformed {
        ty,
        len: bytes.len(),
    })
}

fn text<'a>(bytes: &'a [u8], ty: &'static str) -> Result<&'a str, RenderError> {
    std::str::from_utf8(bytes).map_err(|_| RenderError::Malformed {
        ty,
        len: bytes.len(),
    })
}

fn write_value(cell: Cell, bytes: &[u8], out: &mut String) -> Result<(), RenderError> {
    match cell {
        Cell::Int2 => push_int(out, i64::from(i16::from_be_bytes(fixed(bytes, "int2")?))),
        Cell::Int4 => push_int(out, i64::from(i32::from_be_bytes(fixed(bytes, "int4")?))),
        Cell::Int8 => push_int(out, i64::from_be_bytes(fixed(bytes, "int8")?)),
        Cell::Bool => out.push_str(match bytes {
            [0] => "false",
            [_] => "true",
            _ => {
                return Err(RenderError::Malformed {
                    ty: "bool",
                    len: bytes.len(),
                })
            }
        }),
        Cell::Text => escape_into(text(bytes, "text")?, out),
        Cell::Json => out.push_str(text(bytes, "json")?),
        // jsonb's binary form is a version byte (1) and then its text.
        Cell::Jsonb => match bytes.split_first() {
            Some((1, rest)) => out.push_str(text(rest, "jsonb")?),
            _ => {
                return Err(RenderError::Malformed {
                    ty: "jsonb",
                    len: bytes.len(),
                })
            }
        },
        Cell::Numeric => numeric_into(bytes, out)?,
        Cell::Date => {
            out.push('"');
            date_into(i32::from_be_bytes(fixed(bytes, "date")?), out);
            out.push('"');
        }
        Cell::Timestamp => {
            out.push('"');
            timestamp_into(i64::from_be_bytes(fixed(bytes, "timestamp")?), out);
            out.push('"');
        }
        Cell::Time => {
            out.push('"');
            time_into(i64::from_be_bytes(fixed(bytes, "time")?), out);
            out.push('"');
        }
        Cell::Uuid => {
            let bytes: [u8; 16] = fixed(bytes, "uuid")?;
            out.push('"');
            for (i, byte) in bytes.iter().enumerate() {
                if matches!(i, 4 | 6 | 8 | 10) {
                    out.push('-');
                }
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push(char::from(HEX[usize::from(byte >> 4)]));
                out.push(char::from(HEX[usize::from(byte & 0x0f)]));
            }
            out.push('"');
        }
        // Not produced by the gateway's reads (floats arrive as text, see `JsonText::Number`); the binary
        // form is written through Rust's shortest round-trip text, which differs from PostgreSQL's only in how
        // exponents are spelled.
        Cell::Float4 => number_text_into(
            &f32::from_be_bytes(fixed(bytes, "float4")?).to_string(),
            out,
        ),
        Cell::Float8 => number_text_into(
            &f64::from_be_bytes(fixed(bytes, "float8")?).to_string(),
            out,
        ),
        Cell::TextOf(JsonText::Number) => number_text_into(text(bytes, "float")?, out),
        Cell::TextOf(JsonText::Timestamptz) => {
            out.push('"');
            iso_timestamptz_into(text(bytes, "timestamptz")?, out);
            out.push('"');
        }
    }
    Ok(())
}

fn push_int(out: &mut String, value: i64) {
    let mut buffer = itoa::Buffer::new();
    out.push_str(buffer.format(value));
}

/// `value` in at least `width` digits, zeros in front (`{:0width$}` without the formatting machinery, which
/// cost more than the rest of a date: every row has several of these).
fn push_padded(out: &mut String, value: u64, width: usize) {
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(value);
    for _ in digits.len()..width {
        out.push('0');
    }
    out.push_str(digits);
}

/// PostgreSQL's `escape_json`: `"` `\` and the control characters escaped (`\b \f \n \r \t`, others as
/// `\u00XX` in lower case), everything else as it is.
pub fn escape_into(value: &str, out: &mut String) {
    out.push('"');
    let bytes = value.as_bytes();
    let mut start = 0;
    for (index, &byte) in bytes.iter().enumerate() {
        let escaped = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0x08 => "\\b",
            0x0c => "\\f",
            0..=0x1f => "",
            _ => continue,
        };
        out.push_str(&value[start..index]);
        if escaped.is_empty() {
            let _ = write!(out, "\\u{byte:04x}");
        } else {
            out.push_str(escaped);
        }
        start = index + 1;
    }
    out.push_str(&value[start..]);
    out.push('"');
}

/// A number's text as JSON: itself when it is a JSON number, else a string (`NaN`, `Infinity`), as
/// PostgreSQL's `IsValidJsonNumber` decides.
fn number_text_into(value: &str, out: &mut String) {
    if is_json_number(value) {
        out.push_str(value);
    } else {
        escape_into(value, out);
    }
}

/// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
fn is_json_number(value: &str) -> bool {
    let bytes = value.as_bytes();
    let mut i = usize::from(bytes.first() == Some(&b'-'));
    let digits = |i: &mut usize| {
        let start = *i;
        while bytes.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    let whole_start = i;
    let whole = digits(&mut i);
    if whole == 0 || (whole > 1 && bytes[whole_start] == b'0') {
        return false;
    }
    if bytes.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(bytes.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(bytes.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == bytes.len()
}

const NUMERIC_NEG: u16 = 0x4000;
const NUMERIC_NAN: u16 = 0xC000;
const NUMERIC_PINF: u16 = 0xD000;
const NUMERIC_NINF: u16 = 0xF000;

/// numeric's binary form (digit count, weight, sign, display scale, base-10000 digits) as `numeric_out`
/// writes it: every integer digit, then exactly `dscale` fraction digits. NaN and infinities are strings, as
/// in `to_json`.
fn numeric_into(bytes: &[u8], out: &mut String) -> Result<(), RenderError> {
    let malformed = || RenderError::Malformed {
        ty: "numeric",
        len: bytes.len(),
    };
    let word = |at: usize| -> Result<u16, RenderError> {
        bytes
            .get(at..at + 2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
            .ok_or_else(malformed)
    };
    let ndigits = usize::from(word(0)?);
    let weight = i32::from(word(2)? as i16);
    let sign = word(4)?;
    let dscale = i32::from(word(6)?);
    if bytes.len() != 8 + 2 * ndigits {
        return Err(malformed());
    }
    match sign {
        NUMERIC_NAN => {
            out.push_str("\"NaN\"");
            return Ok(());
        }
        NUMERIC_PINF => {
            out.push_str("\"Infinity\"");
            return Ok(());
        }
        NUMERIC_NINF => {
            out.push_str("\"-Infinity\"");
            return Ok(());
        }
        NUMERIC_NEG => out.push('-'),
        0 => {}
        _ => return Err(malformed()),
    }
    let digit = |index: i32| -> u16 {
        usize::try_from(index)
            .ok()
            .filter(|&i| i < ndigits)
            .map_or(0, |i| {
                u16::from_be_bytes([bytes[8 + 2 * i], bytes[9 + 2 * i]])
            })
    };
    if weight < 0 {
        out.push('0');
    } else {
        for index in 0..=weight {
            if index == 0 {
                push_int(out, i64::from(digit(0)));
            } else {
                push_padded(out, u64::from(digit(index)), 4);
            }
        }
    }
    if dscale > 0 {
        out.push('.');
        let mut written = 0;
        let mut index = weight + 1;
        while written < dscale {
            let take = usize::try_from((dscale - written).min(4)).unwrap_or(4);
            push_padded(out, u64::from(digit(index)), 4);
            // A group is four ASCII digits (base 10,000); the display scale may end inside one.
            out.truncate(out.len() - (4 - take));
            written += 4;
            index += 1;
        }
    }
    Ok(())
}

/// Days from 2000-01-01 (PostgreSQL's epoch) to a civil date (proleptic Gregorian; year 0 is 1 BC).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    // Howard Hinnant's days_from_civil inverse, shifted from 1970 to 2000 (10,957 days).
    let z = days + 10_957 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `YYYY-MM-DD`; whether the year is BC (year 0 is 1 BC), which `to_json` writes as a ` BC` suffix after
/// the whole value.
fn ymd_into(days: i64, out: &mut String) -> bool {
    let (year, month, day) = civil_from_days(days);
    let bc = year <= 0;
    let year = if bc { 1 - year } else { year };
    push_padded(out, year.unsigned_abs(), 4);
    out.push('-');
    push_padded(out, u64::from(month), 2);
    out.push('-');
    push_padded(out, u64::from(day), 2);
    bc
}

fn date_into(days: i32, out: &mut String) {
    match days {
        i32::MAX => out.push_str("infinity"),
        i32::MIN => out.push_str("-infinity"),
        days => {
            if ymd_into(i64::from(days), out) {
                out.push_str(" BC");
            }
        }
    }
}

const MICROS_PER_DAY: i64 = 86_400_000_000;

fn timestamp_into(micros: i64, out: &mut String) {
    match micros {
        i64::MAX => out.push_str("infinity"),
        i64::MIN => out.push_str("-infinity"),
        micros => {
            let bc = ymd_into(micros.div_euclid(MICROS_PER_DAY), out);
            out.push('T');
            time_into(micros.rem_euclid(MICROS_PER_DAY), out);
            if bc {
                out.push_str(" BC");
            }
        }
    }
}

/// `HH:MM:SS`, with the fraction of a second only when there is one, trailing zeros dropped.
fn time_into(micros: i64, out: &mut String) {
    let seconds = micros / 1_000_000;
    let fraction = micros % 1_000_000;
    push_padded(out, (seconds / 3600).unsigned_abs(), 2);
    out.push(':');
    push_padded(out, (seconds / 60 % 60).unsigned_abs(), 2);
    out.push(':');
    push_padded(out, (seconds % 60).unsigned_abs(), 2);
    if fraction != 0 {
        out.push('.');
        let mut fraction = fraction.unsigned_abs();
        let mut width = 6;
        while fraction.is_multiple_of(10) {
            fraction /= 10;
            width -= 1;
        }
        push_padded(out, fraction, width);
    }
}

/// `timestamptz` text in DateStyle ISO (`2026-11-21 06:52:00.5+05:30`, `+00`, `… BC`) as `to_json` writes it:
/// `T` between date and time, the offset always with minutes, a BC suffix kept.
fn iso_timestamptz_into(value: &str, out: &mut String) {
    let Some((date, rest)) = value.split_once(' ') else {
        // `infinity` / `-infinity`.
        escape_value_body(value, out);
        return;
    };
    let (rest, bc) = match rest.strip_suffix(" BC") {
        Some(rest) => (rest, true),
        None => (rest, false),
    };
    out.push_str(date);
    out.push('T');
    // The offset starts at the last sign after the time (`HH:MM:SS[.f]±HH[:MM[:SS]]`).
    match rest.rfind(['+', '-']) {
        Some(at) => {
            out.push_str(&rest[..at]);
            let offset = &rest[at..];
            out.push_str(offset);
            if offset.len() == 3 {
                out.push_str(":00");
            }
        }
        None => out.push_str(rest),
    }
    if bc {
        out.push_str(" BC");
    }
}

/// The characters of `value` inside an already opened JSON string (texts PostgreSQL writes for dates hold
/// nothing to escape, but a surprise must not break the JSON).
fn escape_value_body(value: &str, out: &mut String) {
    let mut quoted = String::with_capacity(value.len() + 2);
    escape_into(value, &mut quoted);
    out.push_str(&quoted[1..quoted.len() - 1]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numeric(ndigits: &[u16], weight: i16, sign: u16, dscale: u16) -> String {
        let mut bytes = Vec::new();
        bytes.extend((ndigits.len() as u16).to_be_bytes());
        bytes.extend(weight.to_be_bytes());
        bytes.extend(sign.to_be_bytes());
        bytes.extend(dscale.to_be_bytes());
        for digit in ndigits {
            bytes.extend(digit.to_be_bytes());
        }
        let mut out = String::new();
        numeric_into(&bytes, &mut out).expect("numeric");
        out
    }

    #[test]
    fn numeric_digits_are_written_exactly() {
        assert_eq!(numeric(&[], 0, 0, 0), "0");
        assert_eq!(numeric(&[], 0, 0, 3), "0.000");
        // The scale is kept, as PostgreSQL's text of numeric(12,4) keeps its trailing zeros.
        assert_eq!(numeric(&[12, 3456, 7800], 1, 0, 4), "123456.7800");
        assert_eq!(numeric(&[12, 3456, 7800], 1, 0, 2), "123456.78");
        assert_eq!(numeric(&[5000], -1, NUMERIC_NEG, 1), "-0.5");
        assert_eq!(numeric(&[1], -2, 0, 8), "0.00000001");
        assert_eq!(numeric(&[1], 2, 0, 0), "100000000");
        assert_eq!(numeric(&[], 0, NUMERIC_NAN, 0), "\"NaN\"");
        assert_eq!(numeric(&[], 0, NUMERIC_NINF, 0), "\"-Infinity\"");
    }

    #[test]
    fn dates_and_times_are_iso() {
        let mut out = String::new();
        date_into(0, &mut out);
        out.push(' ');
        date_into(-10_958, &mut out);
        out.push(' ');
        timestamp_into(-1, &mut out);
        out.push(' ');
        time_into(45_296_500_000, &mut out);
        assert_eq!(
            out,
            "2000-01-01 1969-12-31 1999-12-31T23:59:59.999999 12:34:56.5"
        );
    }

    #[test]
    fn timestamptz_text_becomes_iso_8601() {
        let iso = |text: &str| {
            let mut out = String::new();
            iso_timestamptz_into(text, &mut out);
            out
        };
        assert_eq!(iso("2026-11-21 06:52:00+00"), "2026-11-21T06:52:00+00:00");
        assert_eq!(
            iso("2026-11-21 06:52:00.5+05:30"),
            "2026-11-21T06:52:00.5+05:30"
        );
        assert_eq!(
            iso("1800-01-01 05:53:28+05:53:28"),
            "1800-01-01T05:53:28+05:53:28"
        );
        assert_eq!(
            iso("1960-01-01 00:00:00-03:30"),
            "1960-01-01T00:00:00-03:30"
        );
        assert_eq!(
            iso("0044-03-15 12:00:00+00 BC"),
            "0044-03-15T12:00:00+00:00 BC"
        );
        assert_eq!(iso("infinity"), "infinity");
    }

    #[test]
    fn json_numbers_are_recognised_as_postgresql_does() {
        for good in [
            "0",
            "-0",
            "1.5",
            "1e+300",
            "1.5e-07",
            "-12",
            "123456789012345",
        ] {
            assert!(is_json_number(good), "{good}");
        }
        for bad in [
            "NaN",
            "Infinity",
            "-Infinity",
            "01",
            "1.",
            ".5",
            "1e",
            "+1",
            "",
        ] {
            assert!(!is_json_number(bad), "{bad}");
        }
    }

    #[test]
    fn text_is_escaped_like_postgresql() {
        let mut out = String::new();
        escape_into("a\"b\\c\n\t\u{1}\u{7f}é/", &mut out);
        assert_eq!(out, "\"a\\\"b\\\\c\\n\\t\\u0001\u{7f}é/\"");
    }
}
