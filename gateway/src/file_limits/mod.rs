//! The limits every reader of a user's file checks before it trusts the file's bytes (docs/security.md, "Hostile
//! files"). A file is read by the importer (CSV, XLSX), the programme importer (XER) and the document register's
//! text extraction (PDF, DOCX, XLSX, text); each asks this module first, so that the next reader cannot bring back a
//! file that stops the process:
//! - [`zip_package`]: a zip package (XLSX, DOCX) by its directory alone: how many parts, how large each unpacks to,
//!   and by how much it grows (zip bombs);
//! - [`xlsx_package`]: a workbook's shared strings against what their part can hold, and a sheet's cell references
//!   and merged regions against Excel's own grid (16,384 columns, 1,048,576 rows);
//! - [`record_guard`]: text files read a record (a line, quotes aside) of at most [`MAX_RECORD_BYTES`];
//! - [`slots`]: at most a few files are read at once, off the async workers, each within [`MEMORY_BUDGET`];
//! - [`isolated`]: a file read in a process of its own, under the operating system's limits.
//!
//! A file over a limit is refused with words that name the limit; nothing of it is written.

pub mod isolated;
pub mod record_guard;
pub mod slots;
pub mod xlsx_package;
pub mod zip_package;

/// Excel's last column (XFD).
pub const EXCEL_MAX_COLUMNS: u64 = 16_384;
/// Excel's last row.
pub const EXCEL_MAX_ROWS: u64 = 1_048_576;
/// A record of a text file (a CSV row, an XER line) at most, in bytes of UTF-8.
pub const MAX_RECORD_BYTES: usize = 1024 * 1024;
/// Parts of a zip package at most (a workbook or a document has tens).
pub const ZIP_MAX_ENTRIES: u64 = 10_000;
/// The zip's central directory at most (46 bytes and a name per part).
pub const ZIP_MAX_DIRECTORY_BYTES: u64 = 16 * 1024 * 1024;
/// What one part may unpack to.
pub const ZIP_MAX_ENTRY_BYTES: u64 = 256 * 1024 * 1024;
/// What all the parts together may unpack to.
pub const ZIP_MAX_TOTAL_BYTES: u64 = 1024 * 1024 * 1024;
/// How much a part may grow when unpacked (Apache POI's default for Office files, 1 : 100).
pub const ZIP_MAX_RATIO: u64 = 100;
/// Parts that unpack to less than this are not held to the ratio (a small XML part of repeated tags packs well).
pub const ZIP_RATIO_GRACE_BYTES: u64 = 1024 * 1024;
/// A workbook's shared-strings part at most (the reader keeps every shared string in memory).
pub const SHARED_STRINGS_MAX_BYTES: u64 = 32 * 1024 * 1024;
/// Shared strings at most.
pub const SHARED_STRINGS_MAX_COUNT: u64 = 1_048_576;
/// The fewest bytes one shared string takes in its part (`<si/>`).
pub const SHARED_STRING_MIN_BYTES: u64 = 5;
/// Any other XML part of a workbook (its styles, names, relationships), which the reader keeps whole.
pub const XML_PART_MAX_BYTES: u64 = 16 * 1024 * 1024;
/// Merged regions a sheet may have.
pub const MAX_MERGED_REGIONS: u64 = 65_536;
/// Shared formulas a sheet may number (the reader keeps a table as long as the largest number).
pub const MAX_SHARED_FORMULAS: u64 = 262_144;
/// What reading one file may hold in memory at most, by the limits above (measured in docs/security.md).
pub const MEMORY_BUDGET: u64 = 256 * 1024 * 1024;

/// Why a file is refused before it is read. `Size`-like limits answer 413, a file outside Excel's grid 422.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    #[error("{0} is not a zip package that can be read ({1}); open it in its program, save it again and upload that")]
    NotZip(String, String),
    #[error("the file is a zip package of {entries} parts; a workbook or document has at most {max}", entries = group(*entries), max = group(ZIP_MAX_ENTRIES))]
    TooManyParts { entries: u64 },
    #[error("the zip package's directory takes {}; at most {} is read", human_size(*bytes), human_size(ZIP_MAX_DIRECTORY_BYTES))]
    DirectoryTooLarge { bytes: u64 },
    #[error("the part {part} unpacks to {}; a part may unpack to at most {}", human_size(*unpacked), human_size(*max))]
    PartTooLarge {
        part: String,
        unpacked: u64,
        max: u64,
    },
    #[error("the part {part} grows from {} to {} when unpacked ({ratio}:1); a file that grows more than {ZIP_MAX_RATIO}:1 is refused as a zip bomb", human_size(*packed), human_size(*unpacked), ratio = group(*unpacked / (*packed).max(1)))]
    Ratio {
        part: String,
        packed: u64,
        unpacked: u64,
    },
    #[error("the file's parts unpack to {} together; at most {} is read", human_size(*unpacked), human_size(ZIP_MAX_TOTAL_BYTES))]
    TotalTooLarge { unpacked: u64 },
    #[error("the workbook's shared strings say there are {} of them, but their part of {} can hold at most {}: the file is damaged; open it in Excel and save it again", group(*declared), human_size(*part_bytes), group(*part_bytes / SHARED_STRING_MIN_BYTES))]
    SharedStringsDeclared { declared: u64, part_bytes: u64 },
    #[error("the workbook holds {} different texts; at most {} are read at once: split the sheet", group(*count), group(SHARED_STRINGS_MAX_COUNT))]
    SharedStringsCount { count: u64 },
    #[error("the sheet {sheet} has a cell in column {}; Excel stops at {} (XFD)", group(*column), group(EXCEL_MAX_COLUMNS))]
    Column { sheet: String, column: u64 },
    #[error("the sheet {sheet} has a cell in row {}; Excel stops at {}", group(*row), group(EXCEL_MAX_ROWS))]
    Row { sheet: String, row: u64 },
    #[error("the sheet {sheet} has a cell reference that is not a cell (\"{reference}\")")]
    Reference { sheet: String, reference: String },
    #[error("the sheet {sheet} numbers a shared formula {}; a sheet has at most {} of them: the file is damaged; open it in Excel and save it again", group(*index), group(MAX_SHARED_FORMULAS))]
    SharedFormula { sheet: String, index: u64 },
    #[error("the workbook has no sheet part for {sheet}: the file is damaged; open it in Excel and save it again")]
    NoSheetPart { sheet: String },
    #[error("the sheet {sheet} has more than {} merged regions; unmerge the cells (Home › Merge & Center) and save it again", group(MAX_MERGED_REGIONS))]
    MergedRegions { sheet: String },
    #[error("row {row} has {} columns; Excel stops at {} (XFD)", group(*columns), group(EXCEL_MAX_COLUMNS))]
    Width { row: u64, columns: u64 },
    #[error("row {row} is longer than {}: a row of a file is read up to that length (is a quote left open?)", human_size(MAX_RECORD_BYTES as u64))]
    RecordTooLong { row: u64 },
    #[error(
        "the file holds more than {} of values at once; split it into smaller files",
        human_size(MEMORY_BUDGET)
    )]
    Memory,
}

impl LimitError {
    /// A file outside Excel's grid or not readable at all is unprocessable (422); one that is too much is too large
    /// (413).
    pub fn too_large(&self) -> bool {
        !matches!(
            self,
            LimitError::NotZip(..)
                | LimitError::Column { .. }
                | LimitError::Row { .. }
                | LimitError::Reference { .. }
                | LimitError::SharedStringsDeclared { .. }
                | LimitError::SharedFormula { .. }
                | LimitError::NoSheetPart { .. }
        )
    }
}

/// `475254` as `4,75,254`, the way the console and the printed reports group numbers (Indian style).
pub fn group(number: u64) -> String {
    crate::print::figures::group_indian(number as f64, 0)
}

/// "100 MB", "97.7 KB", "512 bytes" (binary units, as file managers show them).
pub fn human_size(bytes: u64) -> String {
    const KB: u64 = 1024;
    const MB: u64 = 1024 * 1024;
    const GB: u64 = 1024 * 1024 * 1024;
    let (value, unit) = match bytes {
        b if b >= GB => (b as f64 / GB as f64, "GB"),
        b if b >= MB => (b as f64 / MB as f64, "MB"),
        b if b >= KB => (b as f64 / KB as f64, "KB"),
        b => return format!("{b} bytes"),
    };
    let text = format!("{value:.1}");
    format!("{} {unit}", text.trim_end_matches(".0"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_the_indian_way() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1_000), "1,000");
        assert_eq!(group(16_384), "16,384");
        assert_eq!(group(475_254), "4,75,254");
        assert_eq!(group(1_048_576), "10,48,576");
        assert_eq!(group(100_000_000_000), "1,00,00,00,00,000");
    }

    #[test]
    fn the_column_message_names_the_limit() {
        let error = LimitError::Column {
            sheet: "Sheet1".into(),
            column: 475_255,
        };
        assert_eq!(
            error.to_string(),
            "the sheet Sheet1 has a cell in column 4,75,255; Excel stops at 16,384 (XFD)"
        );
        assert!(!error.too_large());
    }
}
