//! The console's language files (`GET /assets/api/langs/<key>.json`, docs/console.md "Languages"), each made
//! once at start from three layers, later ones winning: the product's file in the built console
//! (`STATIC_DIR/assets/api/langs/hi.json`), the site's own (`SITE_LANGS_DIR/hi.json`, default `site/langs`, for
//! texts of the site's menus and dashboards or a different word for a product text) and the registry files'
//! `[languages.hi]` (a site register's own texts, docs/registry.md "Languages"). So a site translates its registers
//! without editing the product's file, and a product upgrade keeps the site's words.
//!
//! Answers carry an `ETag` of their bytes (a browser revalidates, `Cache-Control: no-cache` as every file under
//! `/assets/api/`), and gzip when the browser takes it, compressed once here.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::io::Write as _;
use std::path::{Path, PathBuf};

use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use schema_registry::languages::is_language_key;
use schema_registry::Registry;
use sha2::{Digest, Sha256};

/// Where the product's files are, inside the built console.
pub const PRODUCT_FOLDER: &str = "assets/api/langs";

#[derive(Debug, thiserror::Error)]
pub enum LanguageFileError {
    #[error("cannot read the language file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the language file {path} is not a JSON object of texts (each English text → its translation): {reason}"
    )]
    Shape { path: PathBuf, reason: String },
}

/// One language's merged file, as sent.
#[derive(Debug, Clone)]
struct Made {
    json: web::Bytes,
    gzip: web::Bytes,
    etag: String,
}

/// Every language's file, made at start.
#[derive(Debug, Default)]
pub struct LanguageFiles {
    files: HashMap<String, Made>,
}

impl LanguageFiles {
    /// The merged files of every language the product, the site folder or the registry has (English too, as the
    /// product ships it: empty, its keys being its texts). A site file that is not a JSON object of strings stops
    /// the start, naming it.
    pub fn make(
        static_dir: &Path,
        site_dir: Option<&Path>,
        registry: &Registry,
    ) -> Result<LanguageFiles, LanguageFileError> {
        let product = read_folder(&static_dir.join(PRODUCT_FOLDER))?;
        let site = match site_dir {
            Some(dir) => read_folder(dir)?,
            None => BTreeMap::new(),
        };
        let languages: BTreeSet<String> = product
            .keys()
            .chain(site.keys())
            .cloned()
            .chain(registry.languages())
            .collect();
        let mut files = HashMap::new();
        for language in languages {
            let mut texts = product.get(&language).cloned().unwrap_or_default();
            texts.extend(site.get(&language).cloned().unwrap_or_default());
            texts.extend(registry.translations(&language));
            files.insert(language, made(&texts));
        }
        Ok(LanguageFiles { files })
    }

    /// The languages there are files of.
    pub fn languages(&self) -> BTreeSet<&str> {
        self.files.keys().map(String::as_str).collect()
    }
}

/// `<key>.json` files of a folder, each a JSON object of strings; an absent folder has none.
fn read_folder(
    dir: &Path,
) -> Result<BTreeMap<String, BTreeMap<String, String>>, LanguageFileError> {
    let mut out = BTreeMap::new();
    let Ok(listing) = std::fs::read_dir(dir) else {
        return Ok(out);
    };
    for item in listing.flatten() {
        let path = item.path();
        let Some(language) = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| name.strip_suffix(".json"))
            .filter(|key| is_language_key(key))
        else {
            continue;
        };
        let text = std::fs::read_to_string(&path).map_err(|source| LanguageFileError::Read {
            path: path.clone(),
            source,
        })?;
        let texts: BTreeMap<String, String> =
            serde_json::from_str(&text).map_err(|error| LanguageFileError::Shape {
                path: path.clone(),
                reason: error.to_string(),
            })?;
        out.insert(language.to_owned(), texts);
    }
    Ok(out)
}

fn made(texts: &BTreeMap<String, String>) -> Made {
    // A map of strings always serialises.
    let json = serde_json::to_vec_pretty(texts).unwrap_or_default();
    let digest = Sha256::digest(&json);
    let etag = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to memory does not fail; without gzip (empty) the plain file is sent.
    let gzip = encoder
        .write_all(&json)
        .and_then(|()| encoder.finish())
        .unwrap_or_default();
    Made {
        json: json.into(),
        gzip: gzip.into(),
        etag,
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/assets/api/langs/{language:[a-z]{2}}.json",
        web::get().to(language_file),
    );
}

/// One language's file: 304 when the browser's copy is current, gzip when it takes it, 404 for a language
/// there is no file of.
async fn language_file(
    request: HttpRequest,
    language: web::Path<String>,
    languages: web::Data<LanguageFiles>,
) -> HttpResponse {
    let Some(file) = languages.files.get(language.as_str()) else {
        return HttpResponse::NotFound().finish();
    };
    let gzip = !file.gzip.is_empty()
        && request
            .headers()
            .get(header::ACCEPT_ENCODING)
            .and_then(|value| value.to_str().ok())
            .is_some_and(|accept| {
                crate::http::static_files::accepted_encodings(accept)
                    .contains(&ContentEncoding::Gzip)
            });
    // Each encoding is its own representation, with its own tag.
    let etag = if gzip {
        format!("\"{}-gzip\"", file.etag)
    } else {
        format!("\"{}\"", file.etag)
    };
    let current = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|tag| tag.trim().trim_start_matches("W/") == etag)
        });
    let mut response = if current {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    response
        .insert_header((header::ETAG, etag))
        .insert_header((header::VARY, HeaderValue::from_static("accept-encoding")));
    if current {
        return response.finish();
    }
    response.content_type("application/json");
    if gzip {
        response
            .insert_header((header::CONTENT_ENCODING, HeaderValue::from_static("gzip")))
            .body(file.gzip.clone())
    } else {
        response.body(file.json.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_s_words_win_over_the_product_s_and_the_registry_s_over_both() {
        let root = std::env::temp_dir().join(format!("pmis-langs-{}", std::process::id()));
        let product = root.join("dist").join(PRODUCT_FOLDER);
        let site = root.join("site");
        std::fs::create_dir_all(&product).expect("folder");
        std::fs::create_dir_all(&site).expect("folder");
        std::fs::write(
            product.join("hi.json"),
            r#"{"Open": "खुला", "Status": "स्थिति", "Save": "सहेजें"}"#,
        )
        .expect("file");
        std::fs::write(product.join("en.json"), "{}").expect("file");
        std::fs::write(product.join("languages.json"), "[]").expect("file");
        std::fs::write(
            site.join("hi.json"),
            r#"{"Open": "खुला हुआ", "Site office": "साइट कार्यालय"}"#,
        )
        .expect("file");
        std::fs::write(site.join("mr.json"), r#"{"Save": "जतन करा"}"#).expect("file");
        let registry = Registry::from_files(
            &[(
                "site/registry/notes.toml",
                "notes",
                r#"
title = "Site notes"
read_only = true
[[columns]]
name = "id"
type = "bigint"
label = "ID"
[[columns]]
name = "c_state"
type = "text"
label = "Status"
enum = ["Open"]
[languages.hi]
"Site notes" = "साइट नोट्स"
"Open" = "खुला (नोट)"
"Status" = "अवस्था"
"#,
            )],
            &[],
        )
        .expect("registry");
        let files = LanguageFiles::make(&root.join("dist"), Some(&site), &registry).expect("made");
        assert_eq!(files.languages(), BTreeSet::from(["en", "hi", "mr"]));
        assert_eq!(&files.files["en"].json[..], b"{}");
        let hindi: BTreeMap<String, String> =
            serde_json::from_slice(&files.files["hi"].json).expect("json");
        assert_eq!(hindi["Save"], "सहेजें");
        assert_eq!(hindi["Site office"], "साइट कार्यालय");
        assert_eq!(hindi["Open"], "खुला (नोट)");
        assert_eq!(hindi["Status"], "स्थिति");
        assert_eq!(hindi["registry.notes.c_state"], "अवस्था");
        assert_eq!(hindi["Site notes"], "साइट नोट्स");

        std::fs::write(site.join("hi.json"), r#"{"Open": 1}"#).expect("file");
        let error =
            LanguageFiles::make(&root.join("dist"), Some(&site), &registry).expect_err("refused");
        assert!(
            error
                .to_string()
                .contains("site/hi.json is not a JSON object of texts"),
            "{error}"
        );
        std::fs::remove_dir_all(&root).ok();
    }
}
