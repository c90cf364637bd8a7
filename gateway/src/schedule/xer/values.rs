//! Values of XER fields: dates ("YYYY-MM-DD HH:MM", local wall-clock time), numbers, flags.

/// A date as P6 writes it ("2026-03-01 08:00", seconds optional, or a bare day) in the form PostgreSQL reads as
/// `timestamp` ("2026-03-01 08:00:00"); `None` when it is not a real date and time.
pub fn timestamp(text: &str) -> Option<String> {
    let text = text.trim();
    let (day, time) = match text.split_once(' ') {
        Some((day, time)) => (day, time.trim()),
        None => (text, "00:00"),
    };
    let mut parts = day.split('-');
    let year: i32 = number_of(parts.next()?, 4)?;
    let month: u32 = number_of(parts.next()?, 2)?;
    let date: u32 = number_of(parts.next()?, 2)?;
    if parts.next().is_some() || !(1..=12).contains(&month) || date < 1 {
        return None;
    }
    if date > days_in_month(year, month) {
        return None;
    }
    let mut clock = time.split(':');
    let hour: u32 = number_of(clock.next()?, 2)?;
    let minute: u32 = number_of(clock.next()?, 2)?;
    let second: u32 = match clock.next() {
        Some(s) => number_of(s, 2)?,
        None => 0,
    };
    if clock.next().is_some() || hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    Some(format!(
        "{year:04}-{month:02}-{date:02} {hour:02}:{minute:02}:{second:02}"
    ))
}

fn number_of<T: std::str::FromStr>(text: &str, digits: usize) -> Option<T> {
    if text.len() != digits || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A number ("800", "0.88", "-16"); `None` when it is not one.
pub fn number(text: &str) -> Option<f64> {
    let value: f64 = text.trim().parse().ok()?;
    value.is_finite().then_some(value)
}

/// Rounded to 4 decimals, so 1/3 of a day stays readable.
pub fn round4(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_as_p6_writes_them() {
        assert_eq!(
            timestamp("2019-06-10 08:00").as_deref(),
            Some("2019-06-10 08:00:00")
        );
        assert_eq!(
            timestamp("2024-02-29").as_deref(),
            Some("2024-02-29 00:00:00")
        );
        assert_eq!(timestamp("2015-13-01 08:00"), None);
        assert_eq!(timestamp("2023-02-29 08:00"), None);
        assert_eq!(timestamp("2023-02-01 24:00"), None);
        assert_eq!(timestamp("01/02/2023"), None);
    }
}
