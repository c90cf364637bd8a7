//! `[full_text]`: full-text search with facets as a register option (`GET /api/data/{entry}/search`). PostgreSQL
//! full text over a search copy of the register that the database keeps (one row per record: the words of its
//! fields and of its files as `tsvector`s, and the facet, read-rule and sort columns under the register's own
//! names), filtered by facets, ranked, one page of hits with a highlighted snippet, and facet counts over the hits
//! of every filter but the facet's own. The register's own read rule applies (its routes, package scope and
//! `readers_see`), compiled by the engine. See docs/registry.md "Full-text search".

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The search of a register (`[full_text]`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FullTextDef {
    /// The console routes whose screens search this register (the document search and explorer): the
    /// catalogue tells the console which register each searches (`searches`), so no screen names it. Holding
    /// such a route shows the screen; searching needs the register's read.
    #[serde(default)]
    pub screens: Vec<String>,
    /// The search copy: a table with one row per record, kept by the database, holding `key`, `words`,
    /// `title_words`, `file_chars` and every facet, `updated`, read-rule and package column under the
    /// register's names (searching reads it alone, through its GIN index on `words`).
    pub copy: String,
    /// The copy's column holding the record's key.
    pub key: String,
    /// The copy's `tsvector` of every word: the record's number and title (weight A), its other fields (B) and
    /// the text of its files (C). `matched_in` of a hit names the weights the words were found in.
    #[serde(default = "default_words")]
    pub words: String,
    /// The copy's `tsvector` of the record's own fields (no file text): it ranks a hit, and a phrase is checked
    /// on it before the whole vector.
    #[serde(default = "default_title_words")]
    pub title_words: String,
    /// The copy's count of file characters (0: no file text, so no snippet from the files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_chars: Option<String>,
    /// An SQL function of the record's key giving the text of its files, for a snippet of the words found there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_text: Option<String>,
    /// The register's text columns a snippet is cut from when the words are not in the files (joined by ". ").
    pub snippet: Vec<String>,
    /// The facets, in order: each a parameter of the search (repeated or comma-separated values) and a list of
    /// values with their counts in the answer.
    pub facets: Vec<FacetDef>,
    /// The facets an explorer of this register nests its virtual folders by, in order (project → package →
    /// discipline → document type): each the `name` of one of `facets`. A folder of the explorer's own register
    /// (`[tree]`) fixes the levels whose column it has under the same name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub browse: Vec<String>,
    /// The register's date-time column of the last change: the `from` and `to` filters, the `updated` facet
    /// (last 7, 30, 365 days, older) and the sort `updated`.
    pub updated: String,
    /// The fields a hit carries besides its key (`id`), `updated_at`, `snippet`, `matched_in` and `file`: each
    /// by its name in the API (a look-up as `{id, label}`).
    #[serde(default)]
    pub hit: Vec<FacetDef>,
    /// A child register (lines of this one) whose latest line with a file gives the hit its file (a document's
    /// revisions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files_in: Option<String>,
}

/// A facet or hit field: its name in the API and the register's column.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FacetDef {
    /// The name in the API (`package`, `doc_type`): a parameter of the search and a key of the answer.
    pub name: String,
    /// The register's column. A look-up column's values are keys, labelled by the looked-up entry's display
    /// column; a text column's values are checked against its `enum`, the workflow's states or its `pattern`.
    pub column: String,
    /// A hit field only: where a search screen shows it on a hit's card (none: the card leaves it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shows: Option<HitPlace>,
}

/// Where a hit's card shows a field.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum HitPlace {
    /// The record's number, linking to its form (one field).
    Number,
    /// The line under it (one field).
    Title,
    /// A badge beside the number (the workflow's state column as its state badge).
    Badge,
    /// The line of details under the title, joined by " · ".
    Detail,
}

fn default_words() -> String {
    "v_search".to_owned()
}

fn default_title_words() -> String {
    "v_meta".to_owned()
}

/// The parameter names a facet may not take (the search's own).
pub const RESERVED: [&str; 7] = ["q", "from", "to", "sort", "page", "size", "updated"];
