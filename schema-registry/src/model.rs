//! The registry file format: one TOML file per table or view. These types are the single source of truth for the
//! format; the committed JSON Schema (`registry.schema.json`) is generated from them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One registry file: a table or view the gateway may reach, its columns, and the screens that use it.
/// The entry's name (the `t` of selectall and datatable) is the file name without `.toml`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EntryDef {
    /// SQL name of the table or view in schema `public`. Defaults to the entry name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// Human title, shown as the screen heading and in the pending-document list.
    pub title: String,
    /// What one record is called, where the console and the mails name one ("New Safety observation", "Edit …",
    /// "Safety observation C1-V01-SO-0001 is waiting on you"). Default: the `title`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub singular: Option<String>,
    /// Primary-key column.
    #[serde(default = "default_primary_key")]
    pub primary_key: String,
    /// A view or otherwise not writable through the generic record endpoints.
    #[serde(default)]
    pub read_only: bool,
    /// A small list used by dropdowns: every signed-in user may read its display columns.
    #[serde(default)]
    pub lookup: bool,
    /// The columns of a lookup list every signed-in user may read. Default: the primary key, `c_code` and
    /// `c_name` when present, and every column another entry's lookup displays.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub display_columns: Vec<String>,
    /// What a look-up option shows a person, in order (they join the display columns): "C1-IPA-003 — 01 Oct, 2026
    /// — 31 Oct, 2026 — ₹12,34,567.00 — Certified". Default: the display columns less the key and the columns
    /// holding other rows' keys (look-ups), which mean nothing to a person.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub option_columns: Vec<String>,
    /// Rows every signed-in user may read without a screen permission (the console's header, footer and strip
    /// read these): a filter in the `whrc` language, `:user_id` standing for the caller, e.g.
    /// `n_user_id = :user_id`; `TRUE` for all rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub every_user_reads: Option<String>,
    /// The rows of this register anyone but a superadmin reaches, whatever grants them the register (its route,
    /// `every_user_reads`, a look-up): a filter in the `whrc` language, `:user_id` standing for the caller and
    /// `:org_id` for the caller's organisation, e.g. `c_state <> 'WIP' OR n_from_org = :org_id`. Applied to every
    /// read, export, count, look-up, history and file of the register and of its child registers (through the
    /// parent), and to every update, transition and delete: a row outside it does not exist for the caller (404).
    /// The rows waiting on the caller (ball-in-court) stay theirs. See docs/registry.md `readers_see`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readers_see: Option<String>,
    /// A read-only entry (a view) listing rows of registers that limit their readers (`readers_see`, package
    /// `scope`): each register whose rule its rows inherit, and its column holding that register's key, e.g.
    /// `reads_through = [{ entry = "dms_document", column = "n_document" }]`. A row is read only when the
    /// register's row it names is one the caller may read (that register's `readers_see` and scope applied for
    /// the caller); a row naming none (the column empty) is not limited by it. `check-registry` refuses a view
    /// over such a register that neither declares it here nor has a rule of its own (`readers_see` for a
    /// register with one, `scope` for a register scoped by package). See docs/registry.md "Read rules".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reads_through: Vec<ReadsThrough>,
    /// Order of rows when a request does not say.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub default_sort: Vec<SortKey>,
    /// The screens (console routes) whose main entry this is. A route belongs to one entry only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<String>,
    /// Adds the bookkeeping columns every register's table has, so the file lists only its own: `id` (first),
    /// `n_row_version`, `d_created_at`, `d_updated_at`, and `n_created_by` / `n_updated_by` (stamped from the
    /// session) unless another column already carries that stamp. A column the file lists itself wins.
    #[serde(default, skip_serializing_if = "is_false")]
    pub bookkeeping: bool,
    /// Every column the gateway may read or write. Columns not listed here are unreachable.
    #[serde(default)]
    pub columns: Vec<ColumnDef>,
    /// How the generic screen shows this entry.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub screen: Option<ScreenDef>,
    /// Which rows are "pending" for a user, for the header's pending-document list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_for_user: Option<PendingRule>,
    /// Rules over several columns, checked (all of them, with the field rules) before a write, by the gateway and
    /// the console alike, e.g. `check = "d_completion >= d_start"`. A rule naming a database CHECK (`constraint`)
    /// describes it: `check-registry` refuses a CHECK no rule or column rule describes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleDef>,
    /// A workflow: states, transitions and who performs them; the record waits on one person at a time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub workflow: Option<crate::workflow::WorkflowDef>,
    /// Document numbers the server assigns when a record is created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbering: Option<crate::workflow::NumberingDef>,
    /// Full-text search with facets over a search copy the database keeps (`GET /api/data/{entry}/search`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full_text: Option<crate::full_text::FullTextDef>,
    /// A record uploaded with its files in one call, the files on a line of a child register, and the next line
    /// uploaded while the state allows (`POST /api/data/{entry}/upload`, `…/{id}/upload`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload: Option<crate::upload::UploadDef>,
    /// The records sit inside one another (an explorer's folders): each under the record its `parent` look-up
    /// names. The engine refuses a record put inside itself or one of its own; see docs/registry.md "Trees".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<crate::tree::TreeDef>,
    /// The records are days on the console's calendar (`/calendar`): the date each sits on, its name, detail and
    /// colour; see docs/registry.md "Calendars".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub calendar: Option<crate::calendar::CalendarDef>,
    /// For the package register: the programme levels a package belongs to, widest first, by which dashboards
    /// narrow their package-scoped widgets; see docs/registry.md "Programme levels".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<crate::levels::LevelDef>,
    /// `package`: a user linked to packages (Administration › Package users, active on the day) reads, exports,
    /// searches and writes only the rows of those packages; a row of another package answers 404. Users with no
    /// package link, and superadmins, see all. The entry's column that looks up `package` decides (a child
    /// register: through its parent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<ScopeKind>,
    /// With `scope = "package"` on a register with a package column of its own: a row without a package (a
    /// folder, a template for every package) is read by everyone who reads the register; without it, such a row
    /// is read only by users linked to no package.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub package_optional: bool,
    /// A stored generated column of the table holding the lower-case text of every `searchable` column (with a
    /// trigram index): the data table's global search matches this one column (`LIKE`), so one index serves
    /// the search and a sort index can carry it (`INCLUDE`) for pages read from the index alone. Used when the
    /// reader may read every searchable column; otherwise the search matches column by column. `check-registry`
    /// checks the column is generated from each searchable column and trigram indexed. See docs/registry.md.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search_text: Option<String>,
    /// Records keep files (a Files tab: upload, list, download, preview, delete), in the configured file store.
    #[serde(default, skip_serializing_if = "is_false")]
    pub attachments: bool,
    /// Child registers edited inside this entry's form, each in its own tab.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub children: Vec<crate::workflow::ChildDef>,
    /// A record can be copied as a new one ("copy yesterday's daily report"), with some of its child lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copy: Option<crate::workflow::CopyDef>,
    /// New records a stored one starts (a letter's Reply, Reply all and Forward): each a button on its form opening
    /// a new record's form filled from it, for the person to finish and save.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub follow_ups: Vec<crate::workflow::FollowUpDef>,
    /// For a log of other entries' records (the audit log): the text column naming the registry entry each row
    /// is about. A reader who is not a superadmin sees only rows about entries they may read, and `snapshot`
    /// columns cut to the columns they could see on that entry's own screen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub records_of: Option<String>,
    /// Import screens (console routes drawn by the importer) that fill this entry from a CSV or XLSX file
    /// through the generic importer: what the screen asks once, fixed values, the mode and business key, and
    /// headers beyond the automatic matching. See docs/registry.md "Imports".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub imports: Vec<ImportDef>,
    /// The register's texts in other languages: `[languages.hi]` with each English text of this file (its title,
    /// a column's label, a section's title, a state's or button's label, a choice, a message) = its translation.
    /// The gateway adds them to the language file the console reads (`/assets/api/langs/hi.json`); a column's
    /// label is translated in this register only. See docs/registry.md "Languages".
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub languages: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>,
}

/// A register whose read rule a view's rows inherit, and the view's column naming that register's rows.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadsThrough {
    /// The register (an entry with `readers_see` or `scope`, or a child register following its parent's).
    pub entry: String,
    /// This entry's column holding that register's primary key.
    pub column: String,
}

/// One import preset: `[[imports]]` of the target entry's file.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ImportDef {
    /// The import screen's console route, e.g. `/dataentry/importla` (unique across entries).
    pub route: String,
    /// The screen's heading.
    pub title: String,
    /// Look-up columns chosen once on the screen and applied to every row (e.g. the IPA of `ipa_item` lines).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ask: Vec<String>,
    /// Fixed values given to every row (column → value).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub fixed: std::collections::BTreeMap<String, String>,
    /// `insert`, `update` or `upsert` (the screen may offer the others).
    #[serde(default = "default_import_mode")]
    pub mode: ImportMode,
    /// The business key that finds the record to update (update and upsert).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub key: Vec<String>,
    /// File headers mapped to columns beyond the automatic matching of labels and names.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub mapping: std::collections::BTreeMap<String, String>,
    /// Shown on the screen: what one row is, what to prepare.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// The workflow state the imported records arrive in instead of the initial one: a closed state, for the
    /// history of a register (last year's closed observations). Such a record waits on no one: nobody is handed
    /// it and nobody is mailed; its sections are the importer's to fill, whoever would edit them in the workflow.
    /// Insert mode only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrives_in: Option<String>,
}

/// How an import writes each row.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ImportMode {
    /// Every row is a new record.
    Insert,
    /// Every row updates the record its business key finds.
    Update,
    /// A row updates the record its key finds, or becomes a new one.
    Upsert,
}

impl ImportMode {
    pub fn as_str(self) -> &'static str {
        match self {
            ImportMode::Insert => "insert",
            ImportMode::Update => "update",
            ImportMode::Upsert => "upsert",
        }
    }
}

fn default_import_mode() -> ImportMode {
    ImportMode::Insert
}

/// What rows of an entry a user is limited to.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ScopeKind {
    Package,
}

fn default_primary_key() -> String {
    "id".to_owned()
}

fn default_true() -> bool {
    true
}

fn is_true(value: &bool) -> bool {
    *value
}

fn is_false(value: &bool) -> bool {
    !*value
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SortKey {
    pub column: String,
    #[serde(default)]
    pub direction: Direction,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    #[default]
    Asc,
    Desc,
}

/// One column. `type` must be compatible with the live column's type (checked at start).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ColumnDef {
    pub name: String,
    #[serde(rename = "type")]
    pub sql_type: SqlType,
    /// Label shown in lists, forms and export header rows.
    pub label: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub required: bool,
    /// Maximum length in characters (text types).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<u32>,
    /// Smallest allowed value: a number, or a `YYYY-MM-DD` date for date columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Bound>,
    /// Largest allowed value: a number, or a `YYYY-MM-DD` date for date columns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Bound>,
    /// Total significant digits a numeric column keeps (`numeric(precision, scale)`); must match the database.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precision: Option<u32>,
    /// Digits after the decimal point a numeric column keeps; more are refused rather than rounded away.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scale: Option<u32>,
    /// A well-known form the value must have, with its own message: `phone` (digits, spaces, `+ - ( )`, 7 to 20),
    /// `email` (an e-mail address), `code` (capital letters, digits and hyphens, starting with a letter or digit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    /// A regular expression the whole value must match (text columns), e.g. `^[A-Z0-9][A-Z0-9-]{0,19}$`. Forms
    /// check it too, so keep to the syntax JavaScript and Rust share (classes, ranges, repeats, anchors).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern: Option<String>,
    /// What the user is told when the value does not match `pattern`, e.g. "capital letters, digits and
    /// hyphens, starting with a letter or digit".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern_message: Option<String>,
    /// A hint under the field's input in every form, what to write or what choosing does, e.g. "Pier, chainage or
    /// grid" (shown in the user's language when the language file has it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub help: Option<String>,
    /// The only values allowed (a dropdown of fixed choices).
    #[serde(default, rename = "enum", skip_serializing_if = "Vec::is_empty")]
    pub enum_values: Vec<String>,
    /// What each of those values means to a person, where the value is a code (`B = "Approved with comments"`):
    /// forms and lists show "B — Approved with comments"; the value stored stays the code.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub meanings: std::collections::BTreeMap<String, String>,
    /// The column holds a key of another entry; forms show that entry's display column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lookup: Option<LookupDef>,
    /// Readable, never written by clients (keys, row versions, timestamps, computed columns).
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// Not readable by clients at all (neither selected nor usable in filters).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
    /// Part of the global search of data tables (text columns only; wants a trigram index).
    #[serde(default, skip_serializing_if = "is_false")]
    pub searchable: bool,
    /// Clients may order by it.
    #[serde(default = "default_true", skip_serializing_if = "is_true")]
    pub sortable: bool,
    /// A JSON object of the columns of the record a `records_of` row is about (before and after a change): cut,
    /// for each reader, to the columns of that entry they may see.
    #[serde(default, skip_serializing_if = "is_false")]
    pub snapshot: bool,
    /// Set by the server from the signed-in user: `creator` (who created the record) or `editor` (who changed it
    /// last), read-only columns holding a user's id, never set by the client; `organisation` (a column looking
    /// up `organization`: the creator's organisation) or `organisation_code` (a text column: the code of the
    /// creator's organisation, `organization.c_code`), set on create when the form leaves them empty. A value
    /// other than the caller's own organisation is refused (422) unless the caller holds the right to file for
    /// other organisations (the route `/rights/file-for-others`, granted on User permission; superadmins hold
    /// it). See docs/security.md "Who a record says it is from".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamp: Option<Stamp>,
    /// The value a new record's form starts with (the database's own DEFAULT applies when a client leaves the
    /// field out), e.g. `1` for an "Active" flag; `today` (a date column), `now` (a date-time column: the minute
    /// the form opens, in India), `me` (a column looking up users: the
    /// signed-in user), `my_package` (a column looking up packages: the user's package when they are linked to
    /// exactly one) or `only` (a look-up: the one row it offers the record, e.g. a package's only contract).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Bound>,
    /// A business formula the database keeps: the SQL expression of a stored generated column over this
    /// table's other columns, e.g. `(n_chainage_end_km - n_chainage_start_km) * 1000`. Written once, here;
    /// `gateway registry plan` makes the column `GENERATED ALWAYS AS (…) STORED`. The column is read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generated: Option<String>,
    /// Filled by imports only: the form shows it read-only and no create or update of a client may set it, but an
    /// import's file may (the number a record had in the register this one replaces; the day an imported closed
    /// record was closed, which the `close` step sets for the others). Implies `read_only` for everything but
    /// imports; a workflow step's `sets` may still fill it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub import_only: bool,
}

/// The well-known value forms of `format`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Phone,
    Email,
    Code,
}

impl Format {
    /// The regular expression (JavaScript and Rust alike) and the message of the form.
    pub fn rule(self) -> (&'static str, &'static str) {
        match self {
            Format::Phone => (
                r"^[+0-9 ()-]{7,20}$",
                "a phone number: digits, spaces and + - ( ), 7 to 20 characters",
            ),
            Format::Email => (
                r"^[^@\s]+@[^@\s]+\.[^@\s]+$",
                "an e-mail address such as name@example.com",
            ),
            Format::Code => (
                r"^[A-Z0-9][A-Z0-9-]*$",
                "capital letters, digits and hyphens, starting with a letter or digit",
            ),
        }
    }
}

/// Who a stamped column records.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Stamp {
    /// The user who created the record, set once.
    Creator,
    /// The user who made the latest change, set on every write.
    Editor,
    /// The creator's organisation (a key of `organization`), set on create.
    Organisation,
    /// The code of the creator's organisation (`organization.c_code`, e.g. LNT), set on create.
    #[serde(rename = "organisation_code")]
    OrganisationCode,
}

impl Stamp {
    /// A stamp naming the caller's organisation (which a holder of the right to file for others may set).
    pub fn is_organisation(self) -> bool {
        matches!(self, Stamp::Organisation | Stamp::OrganisationCode)
    }
}

/// The route whose permission lets its holders set the organisation stamps (`stamp = "organisation"`,
/// `"organisation_code"`) to another organisation than their own: a navigation row that only grants (`n_grant_only`: no menu
/// item, no screen), granted on Administration → User permission.
pub const FILE_FOR_OTHERS: &str = "/rights/file-for-others";

impl ColumnDef {
    /// Set by the server from the session alone, never by a client: the creator and editor stamps (an
    /// organisation stamp may be set by a holder of the right to file for others).
    pub fn server_set(&self) -> bool {
        matches!(self.stamp, Some(Stamp::Creator | Stamp::Editor))
    }

    /// Whether an import's file may fill it: writable, or filled by imports only (never one the server stamps).
    pub fn importable(&self) -> bool {
        (!self.read_only || self.import_only) && !self.hidden && !self.server_set()
    }

    /// A 0/1 flag (an integer column with `min = 0` and `max = 1`), shown as Yes/No.
    pub fn is_flag(&self) -> bool {
        self.sql_type.is_integer()
            && self.min == Some(Bound::Number(0.0))
            && self.max == Some(Bound::Number(1.0))
    }

    /// A column whose values are picked from a list rather than typed: a lookup, fixed values, a boolean or a
    /// flag. Filters on it match exactly.
    pub fn is_choice(&self) -> bool {
        self.lookup.is_some()
            || !self.enum_values.is_empty()
            || self.sql_type == SqlType::Boolean
            || self.is_flag()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(untagged)]
pub enum Bound {
    Number(f64),
    Text(String),
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LookupDef {
    /// The entry whose primary key this column holds.
    pub entry: String,
    /// The column of that entry shown to people.
    pub display: String,
    /// Only the rows of that entry whose columns equal this record's (that entry's column = this entry's column):
    /// `{ n_package = "n_package" }` offers the contracts of the record's package, `{ n_survey = "n_survey" }` the
    /// families of the record's survey. This entry's side may also be a column of the record one of its look-ups
    /// names, written `<look-up column>.<column of that record>`: on an IPA line, `{ n_contract = "n_ipa.n_contract"
    /// }` offers the BOQ items of its IPA's contract (through the line's key to its parent). The form offers only
    /// those, and a write choosing another is refused.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub same: std::collections::BTreeMap<String, String>,
    /// Only the rows of that entry meeting this condition (the filter language over its columns):
    /// `where = "c_state = 'Certified'"` on an IPC's IPA offers certified IPAs only. The form offers only those,
    /// and a write choosing another is refused with `choose`.
    #[serde(default, rename = "where", skip_serializing_if = "Option::is_none")]
    pub condition: Option<String>,
    /// What `where` lets a person choose, as the refusal says it ("a certified IPA"): "IPA: choose a certified
    /// IPA". Required with `where`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choose: Option<String>,
}

/// What a look-up's `same` pair agrees with on the record's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Follows<'a> {
    /// A column of the record.
    Own(&'a str),
    /// A column (`of`) of the record the record's look-up `column` names (its parent, through its key).
    Through { column: &'a str, of: &'a str },
}

impl<'a> Follows<'a> {
    /// `column` or `column.of`.
    pub fn parse(text: &'a str) -> Follows<'a> {
        match text.split_once('.') {
            Some((column, of)) => Follows::Through { column, of },
            None => Follows::Own(text),
        }
    }

    /// The record's own column this follows (its look-up column, for a column of another record).
    pub fn column(self) -> &'a str {
        match self {
            Follows::Own(column) | Follows::Through { column, .. } => column,
        }
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScreenDef {
    /// Columns of the list, in order. Defaults to every readable column.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub list_columns: Vec<String>,
    /// Form sections, in order, each with its inputs in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<FormSection>,
    /// The list columns a phone shows, in order, as one card per record (the number, its state, the subject, when
    /// it is due, whom it waits on). Default: the first three list columns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phone_columns: Vec<String>,
    /// The menu item of each of the entry's `routes` (and of its imports' routes): `gateway registry plan` adds
    /// the navigation row a route lacks, under the menu group named here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub menu: Option<MenuDef>,
    /// What one of the entry's `routes` fixes (`[[screen.routes]]`): the values every record made there takes
    /// and its list is filtered to, and the columns its form leaves out (the field forms' RFI witnessing and site
    /// inspection are one register, a kind each).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<RouteScreen>,
    /// The record's position on the ground (a GPS fix): its two number columns, which a phone form fills from the
    /// device ("Record my position") instead of asking them as numbers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<PositionDef>,
}

/// `[screen] position`: the columns holding a record's latitude and longitude, in degrees.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PositionDef {
    pub latitude: String,
    pub longitude: String,
}

/// One route of an entry and what it fixes (`[[screen.routes]]`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RouteScreen {
    /// One of the entry's `routes`.
    pub route: String,
    /// Column → value: a record made at this route takes the value (shown, not editable), and the list there
    /// shows only the records that have it. Each column is a writable column of the entry; a value of a column
    /// with `enum` is one of its choices.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub fixed: std::collections::BTreeMap<String, String>,
    /// Columns the form at this route leaves out (the other kind's look-up); optional columns only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hides: Vec<String>,
    /// The route shows the register to read only: a grant of this route creates, changes and deletes none of its
    /// records (nor its lines), whatever actions it holds (the document explorer shows the folders the
    /// administrators keep at theirs; its Create is for uploading documents).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub read_only: bool,
}

/// Where the entry's screens appear in the menu (`[screen.menu]`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MenuDef {
    /// The title of a top-level menu group, e.g. `Contract Data Entry`.
    pub group: String,
    /// The item's title. Default: the entry's `title`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Position within the group (smaller first). Default: after the group's items.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<i32>,
    /// An icon name of the console's icon set.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub icon: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FormSection {
    pub title: String,
    pub columns: Vec<String>,
    /// Shown only while the record is in one of these workflow states (default: always), e.g. the
    /// verification only once the contractor has responded.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
}

/// A rule over several columns of a record.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleDef {
    /// A condition in the `whrc` language over the entry's columns (comparisons, AND/OR/NOT, IS NULL, IN,
    /// BETWEEN) that every record must meet. As in a database CHECK, a comparison with an empty value passes.
    pub check: String,
    /// What the person filling the form is told, e.g. "Scheduled completion must be on or after the start date".
    pub message: String,
    /// The fields the message appears under (at least one).
    pub fields: Vec<String>,
    /// The database CHECK constraint this rule mirrors, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub constraint: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PendingRule {
    /// A filter in the selectall `whrc` language; `:user_id` stands for the signed-in user's id.
    pub filter: String,
    /// The column shown as "Document No." in the pending list.
    #[serde(default = "default_doc_no")]
    pub doc_no_column: String,
}

fn default_doc_no() -> String {
    "c_doc_no".to_owned()
}

/// Column types the registry understands. `text`, `varchar` and `char` are interchangeable.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum SqlType {
    Smallint,
    Integer,
    Bigint,
    Numeric,
    Real,
    Double,
    Text,
    Varchar,
    Char,
    Boolean,
    Date,
    Timestamp,
    Timestamptz,
    Time,
    Uuid,
    Json,
    Jsonb,
}

impl SqlType {
    /// The PostgreSQL type name used in casts of bind parameters.
    pub fn sql_name(self) -> &'static str {
        match self {
            SqlType::Smallint => "int2",
            SqlType::Integer => "int4",
            SqlType::Bigint => "int8",
            SqlType::Numeric => "numeric",
            SqlType::Real => "float4",
            SqlType::Double => "float8",
            SqlType::Text | SqlType::Varchar | SqlType::Char => "text",
            SqlType::Boolean => "bool",
            SqlType::Date => "date",
            SqlType::Timestamp => "timestamp",
            SqlType::Timestamptz => "timestamptz",
            SqlType::Time => "time",
            SqlType::Uuid => "uuid",
            SqlType::Json => "json",
            SqlType::Jsonb => "jsonb",
        }
    }

    /// From `information_schema.columns.udt_name`.
    pub fn from_udt_name(udt: &str) -> Option<SqlType> {
        Some(match udt {
            "int2" => SqlType::Smallint,
            "int4" => SqlType::Integer,
            "int8" => SqlType::Bigint,
            "numeric" => SqlType::Numeric,
            "float4" => SqlType::Real,
            "float8" => SqlType::Double,
            "text" => SqlType::Text,
            "varchar" => SqlType::Varchar,
            "bpchar" => SqlType::Char,
            "bool" => SqlType::Boolean,
            "date" => SqlType::Date,
            "timestamp" => SqlType::Timestamp,
            "timestamptz" => SqlType::Timestamptz,
            "time" => SqlType::Time,
            "uuid" => SqlType::Uuid,
            "json" => SqlType::Json,
            "jsonb" => SqlType::Jsonb,
            _ => return None,
        })
    }

    pub fn is_text(self) -> bool {
        matches!(self, SqlType::Text | SqlType::Varchar | SqlType::Char)
    }

    pub fn is_integer(self) -> bool {
        matches!(self, SqlType::Smallint | SqlType::Integer | SqlType::Bigint)
    }

    pub fn is_number(self) -> bool {
        self.is_integer() || matches!(self, SqlType::Numeric | SqlType::Real | SqlType::Double)
    }

    /// Whether a registry declaration of `self` may describe a live column of type `live`.
    pub fn compatible_with(self, live: SqlType) -> bool {
        self == live || (self.is_text() && live.is_text())
    }

    /// Whether ordering and comparisons (`<`, `BETWEEN`) make sense for the type.
    pub fn is_ordered(self) -> bool {
        !matches!(self, SqlType::Json | SqlType::Jsonb)
    }
}
