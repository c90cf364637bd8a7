//! Dashboards: one TOML file per dashboard under `registry/dashboards/` (docs/registry.md "Dashboards"). A dashboard
//! is a console route and a list of widgets; each widget reads a registered view (aggregated in SQL) and says how
//! the console draws its rows. These types are the file format; the gateway answers `GET /api/dashboard` with the
//! widgets as written here plus their rows (the `entry`, `sort` and `limit` stay on the server).

use serde::{Deserialize, Serialize};

/// One dashboard file.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DashboardDef {
    /// The console route, e.g. `/dashboard/dms` (drawn by the console's dashboard screen).
    pub route: String,
    /// The heading.
    pub title: String,
    /// Other console routes that show this dashboard (the home page `/` shows the analytics dashboard); each is
    /// granted on its own, like `route`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    /// A dashboard listed inside another screen instead of having a menu item of its own: holding this console
    /// route lets one read it, and that screen lists it (the printed reports inside `/reports/predefined`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    /// One sentence on what it shows (the list of `within`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// How it prints (`GET /api/dashboard/print`); every dashboard prints, these are its defaults.
    #[serde(default)]
    pub print: PrintDef,
    /// Its item in the console's menu (`[menu]`, as a register's `[screen.menu]`): `gateway registry plan` and
    /// `apply` make the navigation row for its `route` when the menu lacks it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub menu: Option<crate::model::MenuDef>,
    #[serde(default)]
    pub widgets: Vec<WidgetDef>,
    /// Its words in other languages, each English text of the file (title, menu item, widget titles and labels)
    /// → its translation, as a register's `[languages.hi]` (docs/registry.md "Languages"): a site dashboard is
    /// translated without editing the product's language file.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub languages: std::collections::BTreeMap<String, std::collections::BTreeMap<String, String>>,
}

/// A dashboard's printed layout: `[print]` with `paper = "a3"` and `landscape = true`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DashboardPrint)]
pub struct PrintDef {
    #[serde(default)]
    pub paper: Paper,
    #[serde(default)]
    pub landscape: bool,
}

/// A sheet size of ISO 216.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = DashboardPaper)]
pub enum Paper {
    #[default]
    A4,
    A3,
}

impl Paper {
    /// The name Typst and people know it by (`a4`).
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::A3 => "a3",
        }
    }

    pub fn parse(text: &str) -> Option<Paper> {
        match text.trim().to_ascii_lowercase().as_str() {
            "a4" => Some(Paper::A4),
            "a3" => Some(Paper::A3),
            _ => None,
        }
    }
}

/// What a widget draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = DashboardWidgetKind)]
pub enum WidgetKind {
    /// One figure: `value` of the first row (the sum over rows with `sum = true`).
    Stat,
    /// `x` and `series`; `stacked`, `horizontal`.
    Bar,
    /// `x` and `series`.
    Line,
    /// `x` (slice label) and `value`.
    Donut,
    /// `columns`.
    Table,
    /// A metro line diagram: one line per `line` value, nodes (`x`, the label) placed along it by `at` (a
    /// chainage), coloured by `status`, and the section after each node filled by `value` (a percent).
    Network,
}

/// How a figure is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = DashboardFormat)]
pub enum Format {
    Integer,
    Decimal,
    Percent,
    Days,
    Money,
    Date,
    Text,
    /// A traffic light: `Green`, `Amber` or `Red` (any case), drawn as a coloured badge with its word.
    Light,
}

/// One widget of a dashboard file (`[[widgets]]`).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WidgetDef {
    /// Unique within the dashboard (a lower-case identifier).
    pub id: String,
    pub kind: WidgetKind,
    pub title: String,
    /// Grid columns of 12 on a wide screen (1 to 12; default 12).
    #[serde(default = "full_span")]
    pub span: u8,
    /// The registered view whose rows the widget shows: read-only, no routes of its own (it is read through
    /// the dashboard's route), `scope = "package"` where it has a package column. With `count = true` it may
    /// also be a register (an entry with routes of its own), read as its own screen reads it.
    pub entry: String,
    /// The entry's rows are counted instead of read: one figure (a stat), or one count per `x` value. The count
    /// is the column `count` (the figure's, a series' or a table column's `column`), over the rows the caller
    /// reads in the entry's own screen (its routes, package scope and `readers_see`): a tile of open critical
    /// safety observations counts a register's own rows, no view needed.
    #[serde(default)]
    pub count: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub x: Option<AxisDef>,
    /// network: the column naming each node's line (a corridor).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<AxisDef>,
    /// network: the number column placing each node along its line (a chainage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<AxisDef>,
    /// network: the text column a node is coloured by, and the colour of each of its values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<StatusDef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub series: Vec<SeriesDef>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<ValueDef>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub columns: Vec<ValueDef>,
    /// Only the rows whose text columns hold these values (column → value, all of them): one view feeds several
    /// widgets (the RFIs', NCRs' and TQs' ageing from one view of open items, `{ c_register = "RFI" }`), and a
    /// count of a register counts the rows a tile is about (`{ c_severity = "Critical", c_state = "Open" }`).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub only: std::collections::BTreeMap<String, String>,
    #[serde(default)]
    pub stacked: bool,
    #[serde(default)]
    pub horizontal: bool,
    /// The rows the caller may read are summed into one figure (stat) or one row per `x` value (bar, line,
    /// donut, table): a view kept per package shows the caller's packages together, and a view that splits a
    /// package's figures into rows under a read rule (`readers_see`) shows each caller the sum of their rows.
    #[serde(default)]
    pub sum: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkDef>,
    /// The rows' order (default: the view's `default_sort`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sort: Vec<crate::model::SortKey>,
    /// At most this many rows (1 to 1000; default 1000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
}

/// The category axis (bar, line) or slice label (donut).
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DashboardAxis)]
pub struct AxisDef {
    pub column: String,
    pub label: String,
}

/// A numeric series of a bar or line chart.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DashboardSeries)]
pub struct SeriesDef {
    pub column: String,
    pub label: String,
    /// A Mantine colour name (gray, red, pink, grape, violet, indigo, blue, cyan, teal, green, lime, yellow,
    /// orange, dark).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colour: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    /// Drawn as `column` ÷ `of` (a percent with `format = "percent"`), each summed first: planned progress is the
    /// planned weight of all the reader's packages over their whole weight, never an average of percentages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
}

/// A figure (stat, donut) or a table column.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DashboardValue)]
pub struct ValueDef {
    pub column: String,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<Format>,
    /// Drawn as `column` ÷ `of`, each summed first (as a series' `of`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub of: Option<String>,
}

/// A network's node colouring: `status = { column = "c_status", label = "Status", colours = { Completed = "green" } }`.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DashboardStatus)]
pub struct StatusDef {
    pub column: String,
    pub label: String,
    /// A Mantine colour name per value; a value not named is drawn gray, an empty one hollow.
    #[serde(default)]
    pub colours: std::collections::BTreeMap<String, String>,
}

/// Where a click drills through to.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DashboardLink)]
pub struct LinkDef {
    /// A register's console route (an entry's screen).
    pub route: String,
    /// Open the register filtered: its `column` = the clicked row's `from` value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filter: Option<LinkFilterDef>,
    /// The row column holding the id of the record to open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub record: Option<String>,
    /// Filters the link always carries, whatever was clicked: a column of the register's list → the value it
    /// must equal, e.g. `{ c_severity = "Critical", c_state = "Open" }` for a tile of open critical observations.
    /// Each column must be one the register's list shows (the list applies it as the user's own filter, which
    /// they see and may lift).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub fixed: std::collections::BTreeMap<String, String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = DashboardLinkFilter)]
pub struct LinkFilterDef {
    /// A column of the linked register.
    pub column: String,
    /// A column of the widget's rows.
    pub from: String,
}

fn full_span() -> u8 {
    12
}

/// The colours a series may name (Mantine's palette; the console maps them to a colour-blind safe palette).
pub const COLOURS: &[&str] = &[
    "gray", "red", "pink", "grape", "violet", "indigo", "blue", "cyan", "teal", "green", "lime",
    "yellow", "orange", "dark",
];

/// The column of a counted widget's rows (`count = true`) holding the count.
pub const COUNT_COLUMN: &str = "count";

/// Most rows a widget reads.
pub const MAX_WIDGET_ROWS: u64 = 1000;

/// A loaded dashboard: its file (for messages) and definition.
#[derive(Debug, Clone)]
pub struct Dashboard {
    pub file: String,
    pub def: DashboardDef,
}

impl DashboardDef {
    /// The texts people read: its title, menu item and description, each widget's title and the labels of its
    /// axes, series, figure, columns and status (what the console translates by their English text).
    pub fn texts(&self) -> std::collections::BTreeSet<&str> {
        let mut texts = std::collections::BTreeSet::new();
        texts.insert(self.title.as_str());
        if let Some(menu) = &self.menu {
            texts.insert(menu.group.as_str());
            texts.extend(menu.title.as_deref());
        }
        texts.extend(self.description.as_deref());
        for widget in &self.widgets {
            texts.insert(widget.title.as_str());
            let axes = [&widget.x, &widget.line, &widget.at];
            texts.extend(axes.into_iter().flatten().map(|axis| axis.label.as_str()));
            texts.extend(widget.series.iter().map(|series| series.label.as_str()));
            texts.extend(widget.value.iter().map(|value| value.label.as_str()));
            texts.extend(widget.columns.iter().map(|column| column.label.as_str()));
            texts.extend(widget.status.iter().map(|status| status.label.as_str()));
        }
        texts.retain(|text| !text.trim().is_empty());
        texts
    }

    /// Every route that shows the dashboard: its own and `also`.
    pub fn routes(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.route.as_str()).chain(self.also.iter().map(String::as_str))
    }
}

impl WidgetDef {
    /// Every column of the widget's rows, in order, each once: what the console is sent (a counted widget's
    /// `count` among them, which is not a column of its entry).
    pub fn read_columns(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        let link = self.link.as_ref();
        let all = self
            .x
            .iter()
            .chain(self.line.iter())
            .chain(self.at.iter())
            .map(|x| x.column.as_str())
            .chain(self.status.iter().map(|s| s.column.as_str()))
            .chain(self.series.iter().map(|s| s.column.as_str()))
            .chain(self.value.iter().map(|v| v.column.as_str()))
            .chain(self.columns.iter().map(|c| c.column.as_str()))
            .chain(self.ratio_columns())
            .chain(
                link.and_then(|l| l.filter.as_ref())
                    .map(|f| f.from.as_str()),
            )
            .chain(link.and_then(|l| l.record.as_deref()));
        for name in all {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    /// The `of` columns of the series, value and table columns: the denominators of ratios.
    fn ratio_columns(&self) -> impl Iterator<Item = &str> {
        self.series
            .iter()
            .filter_map(|s| s.of.as_deref())
            .chain(self.value.iter().filter_map(|v| v.of.as_deref()))
            .chain(self.columns.iter().filter_map(|c| c.of.as_deref()))
    }

    /// The numeric columns a `sum` adds up: series, value, the two sides of every ratio, and a table's columns
    /// formatted as counts or amounts (integer, decimal, money; not its `x`). Other columns stay where the summed
    /// rows agree.
    pub fn summed_columns(&self) -> Vec<&str> {
        let x = self.x.as_ref().map(|x| x.column.as_str());
        let table_amounts = self.columns.iter().filter(|c| {
            (c.of.is_some()
                || matches!(
                    c.format,
                    Some(Format::Integer | Format::Decimal | Format::Money)
                ))
                && Some(c.column.as_str()) != x
        });
        let mut names: Vec<&str> = Vec::new();
        let all = self
            .series
            .iter()
            .map(|s| s.column.as_str())
            .chain(self.value.iter().map(|v| v.column.as_str()))
            .chain(table_amounts.map(|c| c.column.as_str()))
            .chain(self.ratio_columns());
        for name in all {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }
}
