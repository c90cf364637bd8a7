//! The `multipart/form-data` bodies, described for the OpenAPI document so that a generated client can send them.
//! The handlers read the parts as they stream in (`actix-multipart`); these types are never deserialised.

use std::collections::BTreeMap;

/// Files added to a record.
#[derive(utoipa::ToSchema)]
pub struct FilesForm {
    /// A file; send one part named `file` for each file.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// A file read by the import preview.
#[derive(utoipa::ToSchema)]
pub struct ImportPreviewForm {
    /// The CSV or XLSX file.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// The XLSX sheet to read (the first when absent).
    pub sheet: Option<String>,
}

/// A file imported into an entry. `file` must be the last part: the fields before it say how to read it.
#[derive(utoipa::ToSchema)]
pub struct ImportForm {
    /// JSON: `{header: column}`, which column each header of the file fills.
    #[schema(example = r#"{"Corridor code": "c_code"}"#)]
    pub mapping: String,
    /// JSON: `{column: value}`, values given to every row.
    pub fixed: Option<String>,
    /// JSON: `{"dry_run": bool, "valid_only": bool, "sheet": text}`.
    pub options: Option<String>,
    /// The CSV or XLSX file.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// A Primavera P6 XER export.
#[derive(utoipa::ToSchema)]
pub struct XerForm {
    /// The XER file.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// A record uploaded with its files (a register's `[upload]`): its file(s) and its fields by column name (the
/// register's schema says which and what each takes).
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct RecordUploadForm {
    /// A file; send one part named `file` for each file.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// The record's fields, a part per column.
    #[serde(flatten)]
    pub fields: BTreeMap<String, String>,
}

/// The next line of files of a record: its file(s) and the line's fields the register's `[upload] next_fields`
/// names (a document revision's `c_description`).
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct LineUploadForm {
    /// A file; send one part named `file` for each file.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
    /// The line's fields, a part per column.
    #[serde(flatten)]
    pub fields: BTreeMap<String, String>,
}
