//! Excel's date serials (the 1900 system) as ISO text: below the readers and the value conversion, which both
//! need them.

/// Excel's serial day (1900 system: day 1 is 1900-01-01, and Excel's day 60 is its fictitious 1900-02-29) as
/// `YYYY-MM-DD`.
pub fn serial_date(serial: f64) -> Option<String> {
    if !(1.0..2_958_466.0).contains(&serial) {
        return None;
    }
    let day = serial.floor() as i64;
    // From 1 March 1900 on, day 0 is 1899-12-30 (the fictitious leap day absorbed).
    let days = if day >= 61 {
        day - 25_569
    } else {
        day - 25_568
    };
    let (y, m, d) = civil_from_days(days);
    Some(format!("{y:04}-{m:02}-{d:02}"))
}

/// A serial day with a time of day as `YYYY-MM-DD HH:MM:SS`.
pub fn serial_timestamp(serial: f64) -> Option<String> {
    let day = serial_date(serial)?;
    let seconds = ((serial - serial.floor()) * 86_400.0).round() as i64;
    let seconds = seconds.min(86_399);
    Some(format!(
        "{day} {:02}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    ))
}

/// Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serials_are_excel_days() {
        assert_eq!(serial_date(45_000.0).as_deref(), Some("2023-03-15"));
        assert_eq!(serial_date(1.0).as_deref(), Some("1900-01-01"));
        assert_eq!(serial_date(61.0).as_deref(), Some("1900-03-01"));
        assert_eq!(serial_date(0.5), None);
        assert_eq!(
            serial_timestamp(45_000.5).as_deref(),
            Some("2023-03-15 12:00:00")
        );
    }
}
