//! `[[levels]]` of the package register: the programme levels a package belongs to, widest first (a programme, a
//! corridor). A dashboard's filter bar narrows its package-scoped widgets to the packages of a chosen level
//! (`GET /api/dashboard?<level>=<id>`), a printed report names the chosen level in its heading, and the packages the
//! bar offers follow a chosen level the package register holds in a column. The gateway and the console read the
//! levels from here, so neither names a level's register. See docs/registry.md "Programme levels".

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One programme level above a package (`[[levels]]`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LevelDef {
    /// The level's name: the dashboard's query parameter (`?corridor=<id>`) and the console address's.
    pub name: String,
    /// What people call it on the filter bar and in a printed heading ("Corridor").
    pub label: String,
    /// The register whose record is chosen (a look-up register: its display columns name it).
    pub entry: String,
    /// The package register's column looking up `entry`, when a package belongs to one record of the level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<String>,
    /// A register linking packages to the level's records, when a package may belong to several.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub through: Option<LevelLinkDef>,
}

/// A register of links between packages and a level's records (`through` of a level).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LevelLinkDef {
    /// The link register.
    pub entry: String,
    /// Its column looking up the package.
    pub package: String,
    /// Its column looking up the level's record.
    pub level: String,
}

/// Names a level may not take: the dashboard's own parameters.
pub const RESERVED_NAMES: &[&str] = &["route", "package", "format", "paper"];

/// The register package scope keys to: the one that declares the levels.
pub const SCOPE_ENTRY: &str = "package";
