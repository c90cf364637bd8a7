//! The business-process capabilities of a registry entry, as written in its file: a workflow (`[workflow]`:
//! states, transitions, who may perform each, ball-in-court, due date) and document numbers (`[numbering]`).
//! The registry checks these sections when it loads; the gateway performs transitions and assigns numbers.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A record's life as states and the transitions between them; the record waits on one person at a time.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WorkflowDef {
    /// The text column holding the state's name. It must be read-only: only transitions change it.
    pub state_column: String,
    /// The state of a new record.
    pub initial: String,
    /// The column naming the user the record waits on (a user id, read-only): the pending list shows the record
    /// to that user, who may open it and perform the transitions open to them without the register's route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ball_in_court: Option<String>,
    /// The date column by which the person in court should act: marked overdue in the list and the pending list
    /// while the record is not closed. A transition can set it (`sets = { d_due = "today+7" }`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    /// The column shown as the record's number in the pending list, notices and e-mails (default: the
    /// numbering column, else `c_doc_no`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number_column: Option<String>,
    /// The column shown as the record's title in the pending list and e-mails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_column: Option<String>,
    /// The user column a new record is handed to when it is created (it waits on that person at once, and they
    /// are mailed), e.g. the contractor who must respond to an NCR the engineer raises. Default: the creator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_with: Option<String>,
    pub states: Vec<StateDef>,
    pub transitions: Vec<TransitionDef>,
    /// Who may be picked for each user column the record is handed to (`[workflow.people.n_assigned_to]`),
    /// checked on every create, update and transition; the form's look-up offers only those people.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub people: BTreeMap<String, PeopleRule>,
    /// Who may change which fields with a plain update (`[[workflow.editors]]`). A field no group names may be
    /// changed by anyone holding the register's Update (within what the state leaves editable).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub editors: Vec<EditorsDef>,
    /// Reminders to the person the record waits on about its step's due date (`[workflow.reminders]`): some
    /// days before, and each day while overdue; at most one a day per step, through the mail dispatcher.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reminders: Option<RemindersDef>,
    /// The people copied on a record: a child register of it holding a user column
    /// (`distribution = { lines = "rfi_distribution", user = "n_user" }`). Each of them who can open the record
    /// gets a copy of every hand-off mail.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distribution: Option<DistributionDef>,
    /// People named on the record who get a copy of every hand-off mail while the record meets a condition
    /// (`[[workflow.copies]]`), e.g. the employer's representative of a Critical observation.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub copies: Vec<CopyRule>,
}

/// `[[workflow.copies]]`: user columns copied on every hand-off (the record's creation included) while `when`
/// holds for the record as it is after the step.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CopyRule {
    /// User columns of the record.
    pub to: Vec<String>,
    /// A condition in the `whrc` language over the record's columns, e.g. `c_severity = 'Critical'`; always when
    /// absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
    /// Why they are copied, a line of the copy, e.g. "Critical observations are copied to the employer."
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub because: Option<String>,
}

/// How many days overdue reminders go on at most when `overdue_days` is not given.
pub const DEFAULT_OVERDUE_DAYS: u32 = 14;

/// Reminders of a step's due date (the state's `due`, else the workflow's) to the person the record waits on,
/// while it waits on them in one of `states`: one `before` days ahead of the date, and one each day while the step
/// is overdue (at most `overdue_days` of them). A step (the record in a state) gets at most one reminder a day.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RemindersDef {
    /// A reminder this many days before the step's due date (0: on the day it is due), 0 to 60.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before: Option<u32>,
    /// A reminder each day while the step is overdue.
    #[serde(default, skip_serializing_if = "is_false")]
    pub overdue: bool,
    /// For at most this many days after the due date (default 14), 1 to 60; needs `overdue = true`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overdue_days: Option<u32>,
    /// The states whose steps are reminded (default: every open state; a draft is still its creator's and a
    /// closed record waits on nobody). Each needs a due date.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
}

impl RemindersDef {
    /// The last day after the due date that still gets an overdue reminder (`None`: no overdue reminders).
    pub fn overdue_limit(&self) -> Option<u32> {
        self.overdue
            .then(|| self.overdue_days.unwrap_or(DEFAULT_OVERDUE_DAYS))
    }
}

/// The people copied on a record: the lines of one of its child registers, each naming a user.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DistributionDef {
    /// The child register (`[[children]]` entry) whose lines are the distribution, e.g. `rfi_distribution`.
    pub lines: String,
    /// Its column naming the person (a user id looking up `v_user_list`), e.g. `n_user`.
    pub user: String,
}

/// Who may be picked for a user column (an assignee, a reviewer, a responder): every condition given must
/// hold, and the person must be an active user.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PeopleRule {
    /// Holders of one of these routes' permission with `action` (superadmins hold every route).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<String>,
    /// The action the route permission must grant (default: update).
    #[serde(default)]
    pub action: RouteAction,
    /// People of organisations on these sides (the user's organisation, Administration → Manage users).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sides: Vec<Side>,
    /// People linked to the record's package (Administration → Package users, active today).
    #[serde(default, skip_serializing_if = "is_false")]
    pub package_members: bool,
    /// Never the person who created the record (nobody approves their own record).
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_creator: bool,
}

/// What a route permission grants besides opening the page.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum RouteAction {
    View,
    Create,
    #[default]
    Update,
    Delete,
    Export,
}

impl RouteAction {
    /// The `user_permission_nav` column granting it (`n_view` for view).
    pub fn permission_column(self) -> &'static str {
        match self {
            RouteAction::View => "n_view",
            RouteAction::Create => "n_create",
            RouteAction::Update => "n_update",
            RouteAction::Delete => "n_delete",
            RouteAction::Export => "n_export",
        }
    }

    pub fn verb(self) -> &'static str {
        match self {
            RouteAction::View => "open",
            RouteAction::Create => "create",
            RouteAction::Update => "update",
            RouteAction::Delete => "delete",
            RouteAction::Export => "export",
        }
    }
}

/// The side of the contract an organisation is on (from its type: a client is the employer; general, design
/// and independent consultants are the engineer; contractors; government authorities and utility agencies).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Employer,
    Engineer,
    Contractor,
    Authority,
}

impl Side {
    /// The value of `organization.c_side`.
    pub fn name(self) -> &'static str {
        match self {
            Side::Employer => "employer",
            Side::Engineer => "engineer",
            Side::Contractor => "contractor",
            Side::Authority => "authority",
        }
    }

    /// How people call its members: "the employer's staff".
    pub fn people(self) -> &'static str {
        match self {
            Side::Employer => "the employer's staff",
            Side::Engineer => "the engineer's staff",
            Side::Contractor => "the contractor's staff",
            Side::Authority => "an authority's staff",
        }
    }
}

/// A group of fields only some people may change (the contractor's response, the engineer's verification).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EditorsDef {
    /// Who may change them (any one is enough; superadmins always may).
    pub who: WhoDef,
    /// The fields.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    /// Form sections (`[[screen.sections]]` titles) whose columns are these fields too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<String>,
    /// Child registers (`[[children]]` entries) whose lines only these people may add, change or delete.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
}

/// One state of a workflow.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StateDef {
    /// The value stored in the state column, e.g. `Draft`.
    pub name: String,
    /// What people read (default: the name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub category: StateCategory,
    /// The badge's colour: a Mantine colour name (gray, blue, teal, green, orange, red, grape, …).
    #[serde(default = "default_colour")]
    pub colour: String,
    /// The columns a plain update may change while the record is in this state. Default: every writable
    /// column in draft and open states, none in closed ones (a closed record is read-only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub editable: Option<Vec<String>>,
    /// The date column by which the person in court should act while the record is in this state (a response
    /// due, a verification due): overdue and the pending list read it here instead of the workflow's `due`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    /// The child registers (`[[children]]` entries) whose lines may be added, changed and deleted in this state:
    /// `lines = []` freezes them while the record is with its reviewer, `lines = ["rrplan_payment"]` opens the
    /// payments only once the plan is approved. Default: every child register's, while the state is changeable.
    /// Never in a closed state.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<Vec<String>>,
}

fn default_colour() -> String {
    "gray".to_owned()
}

/// Where a state stands: being prepared, waiting on someone, or finished.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum StateCategory {
    Draft,
    Open,
    Closed,
}

/// A move from one or more states to another, performed by a button on the record.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TransitionDef {
    /// The name clients send (`{"transition": "submit"}`), a lower-case identifier.
    pub name: String,
    /// The button's text, e.g. "Submit to engineer".
    pub label: String,
    /// The states it leaves from.
    pub from: Vec<String>,
    /// The state it arrives at.
    pub to: String,
    /// Who may perform it (superadmins always may).
    pub who: WhoDef,
    /// Columns that must be filled once it is done (sent with it, or already filled), e.g. the answer.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires: Vec<String>,
    /// Columns the person performing it may fill with it (besides `requires`), e.g. the revised due date.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
    /// Columns it sets: `today`, `now`, `caller` (the user performing it), `null`, `today+N` (N calendar days
    /// from today), or the name of another column of the record whose value is copied (ball-in-court moves to
    /// the raiser: `n_ball_in_court = "n_raised_by"`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub sets: BTreeMap<String, String>,
    /// Whether a comment is asked for.
    #[serde(default)]
    pub comment: CommentRule,
    /// Conditions the record must meet for the transition (checked once its fields are applied); each refused
    /// with its message (422).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub guards: Vec<GuardDef>,
    /// User columns whose people get a copy of the hand-off mail.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notify: Vec<String>,
}

/// A condition a transition needs: over the record's columns (`check`), or over a child register's lines
/// (`lines` with `all`: every line meets it, or `any`: at least one does).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GuardDef {
    /// A condition in the filter language over the record's columns, e.g. `c_disposition <> 'Concession'`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
    /// A child register of the entry (`[[children]]`) whose lines `all` or `any` is about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lines: Option<String>,
    /// Every line must meet this condition (over the child's columns), e.g. `d_done IS NOT NULL`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all: Option<String>,
    /// At least one line must meet this condition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub any: Option<String>,
    /// What the person is told when the condition is not met.
    pub message: String,
}

/// Who may perform a transition. Any one that matches is enough.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WhoDef {
    /// The user who created the record (its `stamp = "creator"` column).
    #[serde(default, skip_serializing_if = "is_false")]
    pub creator: bool,
    /// The users named in these user-id columns of the record (an assignee, the ball-in-court).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<String>,
    /// Holders of these routes' permission with the update action.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<String>,
    /// Never the person who created the record, whoever else they are (superadmins too): an approval.
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_creator: bool,
    /// Never the person who performed the record's previous transition (superadmins too).
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_previous: bool,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// Whether a transition's comment is asked for, required or not offered.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum CommentRule {
    #[default]
    Optional,
    Required,
    None,
}

/// Document numbers assigned by the server when a record is created: unique, consecutive within a scope,
/// never reused.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NumberingDef {
    /// The text column that receives the number: read-only, or writable with `typed = true`.
    pub column: String,
    /// The number's form: literal text with `{seq:05}` (the sequence, zero-padded to 5 digits), `{column}` (a
    /// column of the new record), `{column.other}` or `{entry.other}` (a column of the record a lookup column
    /// names, e.g. `{package.c_code}`), `{yyyy}` (the year).
    pub pattern: String,
    /// The column, or the columns, whose values keep their own sequence: `"n_package"` (each package counts from
    /// 1), or `["c_project", "c_originator", "c_type"]` (each combination counts from 1, as an ISO 19650 document
    /// number counts within its prefix). Without it the whole register shares one sequence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<NumberingScope>,
    /// Whether a person may give the number (a document numbered before the system, a number reserved on paper):
    /// the column is then a writable field, a new record's number left empty is drawn, and a drawn number passes
    /// over one already given in its scope.
    #[serde(default, skip_serializing_if = "is_false")]
    pub typed: bool,
}

/// The columns of a numbering's scope: one column, or several.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(untagged)]
pub enum NumberingScope {
    One(String),
    Several(Vec<String>),
}

impl NumberingScope {
    /// The scope's columns, in order.
    pub fn columns(&self) -> &[String] {
        match self {
            NumberingScope::One(column) => std::slice::from_ref(column),
            NumberingScope::Several(columns) => columns,
        }
    }
}

/// Copying a record as a new one: its writable fields (but those the server gives a new record, and `reset`), the
/// values `set` gives, and the lines of the child registers in `lines`. The copy is created as any new record is
/// (number, initial state, who may be picked, package scope, audit), its lines with it, all or nothing.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CopyDef {
    /// The button, e.g. "Copy as a new report".
    pub label: String,
    /// Child registers (`[[children]]` entries) whose lines are copied with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<String>,
    /// Fields left empty on the copy (the review remarks of yesterday's report).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reset: Vec<String>,
    /// Fields the copy gets instead of the record's: `today`, `today+N`, `caller`, `null` (as `sets` of a
    /// transition), e.g. `{ d_report_date = "today" }`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub set: BTreeMap<String, String>,
}

/// A new record started from a stored one of the same register (a reply to a letter).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FollowUpDef {
    /// The button, e.g. "Reply".
    pub label: String,
    /// The new record's starting values by column: text in which `{column}` stands for the stored record's value
    /// (`"Re: {c_subject}"`; `"{id}"` its key), e.g. `{ n_reply_to = "{id}", n_to_org = "{n_from_org}" }`. The
    /// columns a person may fill of a new record; the rest start as a new record does.
    pub starts: BTreeMap<String, String>,
    /// Columns that start from the stored record's value of the same column, translated by a table (a reply to an
    /// incoming letter goes out): `{ c_direction = { IN = "OUT", OUT = "IN" } }`. A value the table does not name
    /// leaves the column's own start.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub maps: BTreeMap<String, BTreeMap<String, String>>,
}

/// A child register shown inside its parent's form (daily report → manpower lines).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ChildDef {
    /// The child's registry entry. Its lines are edited with the parent's Update; routes of its own (optional) make
    /// it also a screen listing its lines across parents.
    pub entry: String,
    /// The child's column holding the parent's key: filled in by the form and fixed once written.
    pub key: String,
    /// The tab's title (default: the child entry's title).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What deleting the parent does to its children: `refuse` while any exist (default) or `cascade`. The
    /// foreign key's ON DELETE must say the same (checked against the database at start).
    #[serde(default)]
    pub delete: ChildDelete,
    /// Rules over the record and these lines together, judged by the engine after every write of either (a line
    /// written after its record included): while any line meets `when_any`, the record must meet `check`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<LinesRuleDef>,
    /// Lines that start as the lines of a record the form chooses (an inspection's checklist from its ITP's
    /// activities).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefill: Option<PrefillDef>,
}

/// `[[children.rules]]`: a rule over a record and its lines, e.g. "an item that does not conform rules out
/// Witnessed". Evaluated like a database CHECK: an unknown comparison passes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LinesRuleDef {
    /// A condition over a line's columns, e.g. `c_result = 'Does not conform'`.
    pub when_any: String,
    /// A condition over the record's columns that must hold while any line meets `when_any`, e.g.
    /// `c_result <> 'Witnessed'`.
    pub check: String,
    /// What the person is told, e.g. "An item does not conform: the result is Rejected or Re-inspection".
    pub message: String,
    /// The record's fields the message appears under (at least one). A line refused by the rule has it under the
    /// line's columns `when_any` reads.
    pub fields: Vec<String>,
}

/// `[children.prefill]`: the form starts the lines as one per line of the record chosen in `from`, a column of
/// the parent looking up a register whose own child register is what this register's lines look up (an
/// inspection's `n_itp` → the ITP's activities → the checklist's `n_itp_activity`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PrefillDef {
    /// The record's look-up column choosing where the lines come from.
    pub from: String,
    /// Columns of the chosen record's lines shown beside each line (its criteria), besides its name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shows: Vec<String>,
}

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ChildDelete {
    #[default]
    Refuse,
    Cascade,
}

/// A piece of a numbering pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NumberPart {
    Text(String),
    /// The sequence, zero-padded to this width.
    Sequence(usize),
    /// A column of the new record.
    Column(String),
    /// A column (`display`) of the record a lookup column (`via`) names.
    Looked {
        via: String,
        display: String,
    },
    Year,
}

/// Splits a pattern into parts; `via` names are resolved by the registry's checks (an entry name becomes the
/// lookup column that refers to it).
pub fn parse_pattern(pattern: &str) -> Result<Vec<NumberPart>, String> {
    let mut parts = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        if rest[..open].contains('}') {
            return Err("a `}` without its `{`".into());
        }
        if open > 0 {
            parts.push(NumberPart::Text(rest[..open].to_owned()));
        }
        let Some(close) = rest[open..].find('}') else {
            return Err(format!("`{{` at `{}` is not closed", &rest[open..]));
        };
        let token = &rest[open + 1..open + close];
        parts.push(parse_token(token)?);
        rest = &rest[open + close + 1..];
    }
    if rest.contains('}') {
        return Err("a `}` without its `{`".into());
    }
    if !rest.is_empty() {
        parts.push(NumberPart::Text(rest.to_owned()));
    }
    if !parts.iter().any(|p| matches!(p, NumberPart::Sequence(_))) {
        return Err("the pattern needs the sequence, e.g. `{seq:05}`".into());
    }
    Ok(parts)
}

fn parse_token(token: &str) -> Result<NumberPart, String> {
    if token == "seq" {
        return Ok(NumberPart::Sequence(1));
    }
    if let Some(width) = token.strip_prefix("seq:") {
        return match width.parse::<usize>() {
            Ok(width) if (1..=12).contains(&width) => Ok(NumberPart::Sequence(width)),
            _ => Err(format!(
                "`{{{token}}}`: the width must be 1 to 12 digits, e.g. `{{seq:05}}`"
            )),
        };
    }
    if token == "yyyy" {
        return Ok(NumberPart::Year);
    }
    match token.split_once('.') {
        Some((via, display)) if !via.is_empty() && !display.is_empty() => Ok(NumberPart::Looked {
            via: via.to_owned(),
            display: display.to_owned(),
        }),
        Some(_) => Err(format!("`{{{token}}}` is not `{{column.other}}`")),
        None if token.is_empty() => Err("`{}` names nothing".into()),
        None => Ok(NumberPart::Column(token.to_owned())),
    }
}

/// What a `sets` value stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetValue {
    Today,
    /// Today plus this many calendar days.
    TodayPlus(i32),
    Now,
    Caller,
    Null,
    /// Another column of the record.
    Column(String),
    /// A fixed value, written in single quotes (`'Agreed'`, `'2'`; a quote inside doubled), typed as its column.
    Literal(String),
}

pub fn parse_set_value(text: &str) -> SetValue {
    if let Some(inner) = text
        .strip_prefix('\'')
        .and_then(|rest| rest.strip_suffix('\''))
    {
        return SetValue::Literal(inner.replace("''", "'"));
    }
    match text {
        "today" => SetValue::Today,
        "now" => SetValue::Now,
        "caller" => SetValue::Caller,
        "null" => SetValue::Null,
        _ => match text.strip_prefix("today+").map(str::parse::<i32>) {
            Some(Ok(days)) => SetValue::TodayPlus(days),
            _ => SetValue::Column(text.to_owned()),
        },
    }
}

impl WorkflowDef {
    pub fn state(&self, name: &str) -> Option<&StateDef> {
        self.states.iter().find(|state| state.name == name)
    }

    pub fn transition(&self, name: &str) -> Option<&TransitionDef> {
        self.transitions.iter().find(|t| t.name == name)
    }

    /// The transitions that leave `state`, in file order.
    pub fn leaving<'a>(&'a self, state: &'a str) -> impl Iterator<Item = &'a TransitionDef> + 'a {
        self.transitions
            .iter()
            .filter(move |t| t.from.iter().any(|from| from == state))
    }

    /// The `whrc` filter of the records waiting on `user` (ball-in-court, not closed), or `None` without a
    /// ball-in-court column (or an unfinished state). State names are checked at load to need no quoting beyond `'`.
    pub fn waiting_filter(&self, user: i64) -> Option<String> {
        let ball = self.ball_in_court.as_deref()?;
        let states: Vec<String> = self
            .unfinished_states()
            .iter()
            .map(|state| format!("'{}'", state.replace('\'', "''")))
            .collect();
        if states.is_empty() {
            return None;
        }
        Some(format!(
            "{ball} = {user} AND {} IN ({})",
            self.state_column,
            states.join(", ")
        ))
    }

    /// The date column the person in court should act by in `state`: the state's own `due`, else the
    /// workflow's.
    pub fn due_in(&self, state: &str) -> Option<&str> {
        self.state(state)
            .and_then(|s| s.due.as_deref())
            .or(self.due.as_deref())
    }

    /// Every due column the workflow names (the workflow's and the states'), each once.
    pub fn due_columns(&self) -> Vec<&str> {
        let mut columns: Vec<&str> = Vec::new();
        for name in self
            .due
            .iter()
            .chain(self.states.iter().filter_map(|s| s.due.as_ref()))
        {
            if !columns.contains(&name.as_str()) {
                columns.push(name);
            }
        }
        columns
    }

    /// The states whose steps `[workflow.reminders]` reminds: its `states`, else every open state.
    pub fn reminded_states(&self) -> Vec<String> {
        match &self.reminders {
            Some(rule) if !rule.states.is_empty() => rule.states.clone(),
            _ => self
                .states
                .iter()
                .filter(|state| state.category == StateCategory::Open)
                .map(|state| state.name.clone())
                .collect(),
        }
    }

    /// Whether some state's `editable` list or some transition (`requires`, `fields`, `sets`) names `column`:
    /// it belongs to a step of the workflow. A column none names is given when the record is made and fixed
    /// after (an IPA's contract, an NCR's package).
    pub fn names_column(&self, column: &str) -> bool {
        self.states.iter().any(|state| {
            state
                .editable
                .as_ref()
                .is_some_and(|names| names.iter().any(|n| n == column))
        }) || self.transitions.iter().any(|t| {
            t.requires.iter().any(|n| n == column)
                || t.fields.iter().any(|n| n == column)
                || t.sets.contains_key(column)
        })
    }

    /// Whether a new record (in the initial state) may be written with `column` filled: what the initial state
    /// leaves editable (the rule a plain update meets in that state), and the columns given only when a record
    /// is made (no state lists them, no transition fills them).
    pub fn writable_on_create(&self, column: &str) -> bool {
        match self.state(&self.initial) {
            Some(state) => state.editable_column(column) || !self.names_column(column),
            None => true,
        }
    }

    /// The states a record is still waiting in (not closed).
    pub fn unfinished_states(&self) -> Vec<String> {
        self.states
            .iter()
            .filter(|state| state.category != StateCategory::Closed)
            .map(|state| state.name.clone())
            .collect()
    }
}

impl StateDef {
    pub fn label(&self) -> &str {
        self.label.as_deref().unwrap_or(&self.name)
    }

    /// Whether a plain update may change `column` in this state: its `editable` list, else every writable column
    /// in draft and open states and none once closed.
    pub fn editable_column(&self, column: &str) -> bool {
        match &self.editable {
            Some(names) => names.iter().any(|n| n == column),
            None => self.category != StateCategory::Closed,
        }
    }

    /// Whether a record in this state can still be changed at all (fields, child lines, files): not once closed,
    /// nor in a state that leaves nothing editable (`editable = []`, e.g. submitted for review).
    pub fn changeable(&self) -> bool {
        self.category != StateCategory::Closed
            && self.editable.as_ref().is_none_or(|e| !e.is_empty())
    }

    /// Whether the lines of the child register `child` can be added, changed or deleted in this state: as its
    /// `lines` say, else as long as the record is changeable; never once closed.
    pub fn lines_changeable(&self, child: &str) -> bool {
        self.category != StateCategory::Closed
            && match &self.lines {
                Some(lines) => lines.iter().any(|line| line == child),
                None => self.changeable(),
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_split_into_parts() {
        assert_eq!(
            parse_pattern("{package.c_code}-RFI-{seq:05}").unwrap(),
            vec![
                NumberPart::Looked {
                    via: "package".into(),
                    display: "c_code".into()
                },
                NumberPart::Text("-RFI-".into()),
                NumberPart::Sequence(5),
            ]
        );
        assert!(parse_pattern("RFI-{yyyy}").is_err());
        assert!(parse_pattern("RFI-{seq:0}").is_err());
        assert!(parse_pattern("RFI-{seq").is_err());
        assert!(parse_pattern("RFI}-{seq}").is_err());
    }

    #[test]
    fn set_values() {
        assert_eq!(parse_set_value("today+7"), SetValue::TodayPlus(7));
        assert_eq!(parse_set_value("caller"), SetValue::Caller);
        assert_eq!(
            parse_set_value("n_raised_by"),
            SetValue::Column("n_raised_by".into())
        );
        assert_eq!(
            parse_set_value("'Agreed'"),
            SetValue::Literal("Agreed".into())
        );
        assert_eq!(
            parse_set_value("'Contractor''s'"),
            SetValue::Literal("Contractor's".into())
        );
    }
}
