//! The PDF engine: Typst compiled in-process over a world of two files, the page template (`report.typ`, built
//! into the gateway) and the document's data (`data.json`). Fonts are Typst's own (Libertinus Serif and the rest
//! of `typst-assets`), embedded in the binary, so a report is laid out the same on every server and prints the
//! same everywhere; nothing is read from the disk or the network.

use std::sync::LazyLock;

use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World};
use typst_layout::PagedDocument;

const TEMPLATE: &str = include_str!("report.typ");

/// Why a document could not be typeset: a fault of the template or the engine, never of the reader's input
/// (data is read as data, not as markup).
#[derive(Debug, thiserror::Error)]
#[error("the report could not be typeset: {0}")]
pub struct PdfError(String);

struct Fonts {
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
}

static FONTS: LazyLock<Fonts> = LazyLock::new(|| {
    let fonts: Vec<Font> = typst_assets::fonts()
        .flat_map(|data| Font::iter(Bytes::new(data)))
        .collect();
    Fonts {
        book: LazyHash::new(FontBook::from_fonts(&fonts)),
        fonts,
    }
});

static LIBRARY: LazyLock<LazyHash<Library>> = LazyLock::new(|| LazyHash::new(Library::default()));

fn file_id(path: &str) -> Result<FileId, PdfError> {
    let vpath = VirtualPath::new(path).map_err(|error| PdfError(format!("{path}: {error:?}")))?;
    Ok(RootedPath::new(VirtualRoot::Project, vpath).intern())
}

struct ReportWorld {
    main: Source,
    data_id: FileId,
    data: Bytes,
}

impl World for ReportWorld {
    fn library(&self) -> &LazyHash<Library> {
        &LIBRARY
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &FONTS.book
    }

    fn main(&self) -> FileId {
        self.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.main.id() {
            Ok(self.main.clone())
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.data_id {
            Ok(self.data.clone())
        } else if id == self.main.id() {
            Ok(Bytes::from_string(self.main.clone()))
        } else {
            Err(FileError::AccessDenied)
        }
    }

    fn font(&self, index: usize) -> Option<Font> {
        FONTS.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        // The template prints the time the gateway gives it, in the programme's time zone.
        None
    }
}

/// `data` (the JSON `report.typ` reads) typeset as a PDF. CPU-bound: call it off the async workers.
pub fn typeset(data: Vec<u8>) -> Result<Vec<u8>, PdfError> {
    let world = ReportWorld {
        main: Source::new(file_id("/report.typ")?, TEMPLATE.to_owned()),
        data_id: file_id("/data.json")?,
        data: Bytes::new(data),
    };
    let document = typst::compile::<PagedDocument>(&world)
        .output
        .map_err(|errors| PdfError(messages(errors.as_slice())))?;
    let pdf = typst_pdf::pdf(&document, &typst_pdf::PdfOptions::default())
        .map_err(|errors| PdfError(messages(errors.as_slice())))?;
    // Typst memoises across compilations; documents differ every time, so keep only what the last few used.
    typst::comemo::evict(4);
    Ok(pdf)
}

fn messages(errors: &[SourceDiagnostic]) -> String {
    errors
        .iter()
        .map(|error| error.message.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}
