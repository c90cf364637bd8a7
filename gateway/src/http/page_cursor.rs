//! The `before` of a feed read newest first (the activity wall, the gallery): the `next` of the page before, an
//! item's time in microseconds since 1970 and its id, `<micros>-<id>`, both positive.

use schema_registry::text::quote;

use crate::error::ApiError;

/// `None` for no `before` (the newest page); a 400 naming `before` for anything that is not a page's `next`.
pub fn before(text: Option<&str>) -> Result<Option<(i64, i64)>, ApiError> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else {
        return Ok(None);
    };
    cursor(text).map(Some).ok_or_else(|| {
        ApiError::BadRequest(format!(
            "before must be the `next` of a page (like 1764148360123456-812), not `{}`",
            quote(text)
        ))
    })
}

fn cursor(text: &str) -> Option<(i64, i64)> {
    let (micros, id) = text.split_once('-')?;
    let micros = micros.parse::<i64>().ok().filter(|n| *n > 0)?;
    let id = id.parse::<i64>().ok().filter(|n| *n > 0)?;
    Some((micros, id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_next_is_read_and_anything_else_refused() {
        assert_eq!(before(None).ok(), Some(None));
        assert_eq!(before(Some(" ")).ok(), Some(None));
        assert_eq!(
            before(Some("1764148360123456-812")).ok(),
            Some(Some((1_764_148_360_123_456, 812)))
        );
        for bad in [
            "abc",
            "-5",
            "0-1",
            "5",
            "12-x",
            "1-2-3",
            "99999999999999999999-1",
        ] {
            assert!(before(Some(bad)).is_err(), "{bad}");
        }
    }
}
