//! The text of an upload's files for search: a content read before keeps its first reading (not read again), a
//! new one is read in a process of its own (`files::text`) before the transaction starts, and kept inside it.

use serde::Serialize;

use crate::error::ApiError;
use crate::files::names;
use crate::files::text::{self, store, Extracted};
use crate::files::upload::Staged;
use crate::state::AppState;

/// What a file gave for search.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"file": "P112 bearing.pdf", "chars": 1234, "extracted": true, "note": null}))]
pub struct TextOutcome {
    pub file: String,
    pub chars: i64,
    pub extracted: bool,
    pub note: Option<String>,
}

/// Each staged file's text: what was read (empty for a content known already), whether it is new (to be kept),
/// and what it gave.
pub struct Texts {
    read: Vec<(Extracted, bool)>,
    pub outcomes: Vec<TextOutcome>,
}

/// Reads the text of each staged file not read before.
pub async fn read(state: &AppState, files: &[Staged]) -> Result<Texts, ApiError> {
    let mut read = Vec::with_capacity(files.len());
    let mut outcomes = Vec::with_capacity(files.len());
    // One look-up for every file, the connection given back before any file is read (reading may take seconds).
    let known = {
        let client = state.pool.get().await?;
        let contents: Vec<String> = files.iter().map(|f| f.sha256.clone()).collect();
        store::known_texts(&client, &contents).await?
    };
    for file in files {
        let (extracted, chars, note) = match known.get(&file.sha256).cloned() {
            Some((chars, note)) => (Extracted::default(), i64::from(chars), note),
            None => {
                let extension = names::extension(&file.name).unwrap_or_default();
                let extracted = text::extract(
                    state.file_settings.text_reader.as_deref(),
                    &state.file_readers,
                    file.temporary.path(),
                    &extension,
                )
                .await;
                let chars = i64::try_from(extracted.chars()).unwrap_or(i64::MAX);
                let note = extracted.note.clone();
                (extracted, chars, note)
            }
        };
        let fresh = extracted.note.is_some() || !extracted.text.is_empty();
        read.push((extracted, fresh));
        outcomes.push(TextOutcome {
            file: file.name.clone(),
            chars,
            extracted: chars > 0,
            note,
        });
    }
    Ok(Texts { read, outcomes })
}

impl Texts {
    /// Keeps the text read now (a content known already keeps its row).
    pub async fn save(
        &self,
        transaction: &deadpool_postgres::Transaction<'_>,
        files: &[Staged],
    ) -> Result<(), tokio_postgres::Error> {
        for (file, (extracted, fresh)) in files.iter().zip(&self.read) {
            if *fresh {
                store::save_text(transaction, &file.sha256, extracted).await?;
            }
        }
        Ok(())
    }
}
