//! The tables the importer uses, typed: PROJECT, CALENDAR, PROJWBS, TASK, TASKPRED, RSRC, TASKRSRC and the
//! activity codes (ACTVTYPE, ACTVCODE, TASKACTV) that name an activity's package. Records are keyed by what stays
//! the same between exports (project short name, WBS path of short names, activity code), never by `*_id`.

use std::collections::{HashMap, HashSet};

use super::reader::{self, Row, Table, Tables};
use super::values::{number, round4, timestamp};
use super::{Warning, XerError};

/// The tables the importer reads (the others are checked and let go).
pub const READ_TABLES: [&str; 10] = [
    "PROJECT", "CALENDAR", "PROJWBS", "TASK", "TASKPRED", "RSRC", "TASKRSRC", "ACTVTYPE",
    "ACTVCODE", "TASKACTV",
];

/// Hours in a working day when an activity's calendar is not in the file.
pub const DEFAULT_DAY_HOURS: f64 = 8.0;

#[derive(Debug, Default)]
pub struct Programme {
    pub projects: Vec<Project>,
    pub calendars: Vec<Calendar>,
    pub resources: Vec<Resource>,
    pub relationships: Vec<Relationship>,
    pub assignments: Vec<Assignment>,
    pub warnings: Vec<Warning>,
}

#[derive(Debug)]
pub struct Project {
    pub short_name: String,
    pub name: String,
    pub data_date: Option<String>,
    pub plan_start: Option<String>,
    pub plan_finish: Option<String>,
    /// Parents before children.
    pub wbs: Vec<Wbs>,
    pub activities: Vec<Activity>,
}

impl Project {
    pub fn milestones(&self) -> usize {
        self.activities.iter().filter(|a| a.is_milestone()).count()
    }
}

#[derive(Debug)]
pub struct Wbs {
    pub path: String,
    pub parent_path: Option<String>,
    pub code: String,
    pub name: String,
    pub seq: i64,
    pub proj_node: bool,
}

#[derive(Debug, serde::Serialize)]
pub struct Activity {
    pub code: String,
    pub name: String,
    pub task_type: String,
    pub status: String,
    pub wbs_path: Option<String>,
    pub target_start: Option<String>,
    pub target_finish: Option<String>,
    pub act_start: Option<String>,
    pub act_finish: Option<String>,
    pub early_start: Option<String>,
    pub early_finish: Option<String>,
    pub late_start: Option<String>,
    pub late_finish: Option<String>,
    pub target_days: Option<f64>,
    pub remaining_days: Option<f64>,
    pub total_float_days: Option<f64>,
    pub pct_complete: Option<f64>,
    /// P6's primary and secondary constraints (TASK.cstr_type, cstr_date, cstr_type2: CS_MSO, CS_MEOB …), for
    /// the schedule check's hard constraints.
    pub constraint_type: Option<String>,
    pub constraint_date: Option<String>,
    pub constraint_type2: Option<String>,
    /// The calendar's key in [`Programme::calendars`].
    pub calendar: Option<String>,
    /// The value of the activity's "Package" activity code, if it has one.
    pub package_code: Option<String>,
}

impl Activity {
    pub fn is_milestone(&self) -> bool {
        matches!(self.task_type.as_str(), "TT_Mile" | "TT_FinMile")
    }
}

#[derive(Debug, serde::Serialize)]
pub struct Calendar {
    /// Unique within the file: the name, made unique within its scope when two calendars share one.
    pub key: String,
    pub name: String,
    /// The project's short name, `None` for a global or resource calendar.
    pub project: Option<String>,
    pub day_hours: f64,
    pub week_hours: Option<f64>,
    pub kind: String,
    pub data: String,
}

#[derive(Debug, serde::Serialize)]
pub struct Relationship {
    pub line: usize,
    pub pred_project: String,
    pub pred_code: String,
    pub succ_project: String,
    pub succ_code: String,
    pub kind: &'static str,
    pub lag_days: f64,
}

#[derive(Debug, serde::Serialize)]
pub struct Resource {
    pub code: String,
    pub name: String,
    pub kind: String,
}

#[derive(Debug, serde::Serialize)]
pub struct Assignment {
    pub project: String,
    pub activity: String,
    pub resource: String,
    pub target_qty: Option<f64>,
    pub actual_qty: Option<f64>,
    pub remaining_qty: Option<f64>,
}

/// Reads an XER file's bytes: decoded, tokenised, typed. Refusals name the line; what is skipped is a warning.
pub fn read(bytes: &[u8]) -> Result<Programme, XerError> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(XerError::Empty);
    }
    let text = reader::decode(bytes);
    let tables = reader::tokenize(&text, &READ_TABLES)?;
    Builder::default().build(&tables)
}

/// One table's rows with access to fields by name.
struct Rows<'a> {
    name: &'static str,
    table: Option<&'a Table<'a>>,
}

impl<'a> Rows<'a> {
    fn of(tables: &'a Tables<'a>, name: &'static str) -> Self {
        Rows {
            name,
            table: tables.get(name),
        }
    }

    fn iter(&self) -> impl Iterator<Item = Field<'a>> + 'a {
        let name = self.name;
        self.table.into_iter().flat_map(move |t| {
            t.rows.iter().map(move |row| Field {
                table: t,
                row,
                name,
            })
        })
    }
}

/// One row, read by field name.
#[derive(Clone, Copy)]
struct Field<'a> {
    table: &'a Table<'a>,
    row: &'a Row<'a>,
    name: &'static str,
}

impl<'a> Field<'a> {
    fn text(&self, field: &str) -> &'a str {
        self.table
            .column(field)
            .and_then(|i| self.row.values.get(i))
            .map(|v| v.trim())
            .unwrap_or("")
    }

    fn optional(&self, field: &str) -> Option<String> {
        let value = self.text(field);
        (!value.is_empty()).then(|| value.to_owned())
    }

    fn date(&self, field: &str) -> Result<Option<String>, XerError> {
        let value = self.text(field);
        if value.is_empty() {
            return Ok(None);
        }
        timestamp(value).map(Some).ok_or_else(|| {
            XerError::field(
                self.row.line,
                self.name,
                field,
                format!("'{value}' is not a date"),
            )
        })
    }

    fn number(&self, field: &str) -> Result<Option<f64>, XerError> {
        let value = self.text(field);
        if value.is_empty() {
            return Ok(None);
        }
        number(value).map(Some).ok_or_else(|| {
            XerError::field(
                self.row.line,
                self.name,
                field,
                format!("'{value}' is not a number"),
            )
        })
    }

    fn line(&self) -> usize {
        self.row.line
    }
}

#[derive(Default)]
struct Builder {
    warnings: Vec<Warning>,
}

impl Builder {
    fn warn(&mut self, line: usize, message: String) {
        self.warnings.push(Warning { line, message });
    }

    fn build(mut self, tables: &Tables<'_>) -> Result<Programme, XerError> {
        // Projects by proj_id.
        let mut projects: Vec<Project> = Vec::new();
        let mut project_of: HashMap<String, usize> = HashMap::new();
        let mut short_names: HashMap<String, usize> = HashMap::new();
        for row in Rows::of(tables, "PROJECT").iter() {
            let short_name = row.text("proj_short_name").to_owned();
            if short_name.is_empty() {
                return Err(XerError::field(
                    row.line(),
                    "PROJECT",
                    "proj_short_name",
                    "a project needs its short name",
                ));
            }
            if let Some(first) = short_names.insert(short_name.clone(), row.line()) {
                return Err(XerError::field(
                    row.line(),
                    "PROJECT",
                    "proj_short_name",
                    format!("'{short_name}' appears twice (first at line {first})"),
                ));
            }
            let plan_finish = match row.date("plan_end_date")? {
                Some(d) => Some(d),
                None => row.date("scd_end_date")?,
            };
            project_of.insert(row.text("proj_id").to_owned(), projects.len());
            projects.push(Project {
                name: row
                    .optional("proj_name")
                    .unwrap_or_else(|| short_name.clone()),
                short_name,
                data_date: row.date("last_recalc_date")?,
                plan_start: row.date("plan_start_date")?,
                plan_finish,
                wbs: Vec::new(),
                activities: Vec::new(),
            });
        }
        let calendars = self.calendars(tables, &projects, &project_of)?;
        let calendar_by_id: HashMap<&str, &Calendar> =
            calendars.iter().map(|(id, c)| (id.as_str(), c)).collect();

        // The WBS tree of each project, keyed by path of short names.
        let wbs_path = self.wbs(tables, &mut projects, &project_of)?;
        // An XER PROJECT row has no name: the project's WBS node carries it.
        for project in projects.iter_mut() {
            if let Some(node) = project
                .wbs
                .iter()
                .find(|w| w.proj_node && !w.name.is_empty())
            {
                project.name = node.name.clone();
            }
        }
        let package_codes = package_codes(tables);

        // Activities.
        let mut task_key: HashMap<String, (usize, usize)> = HashMap::new();
        let mut task_day_hours: HashMap<String, f64> = HashMap::new();
        let mut codes_seen: HashMap<(usize, String), usize> = HashMap::new();
        let mut warned_calendar = false;
        for row in Rows::of(tables, "TASK").iter() {
            let proj_id = row.text("proj_id");
            let Some(&p) = project_of.get(proj_id) else {
                self.warn(
                    row.line(),
                    format!(
                        "activity {} belongs to project {proj_id}, which is not in the file; it \
                         was skipped",
                        row.text("task_code")
                    ),
                );
                continue;
            };
            let code = row.text("task_code").to_owned();
            if code.is_empty() {
                return Err(XerError::field(
                    row.line(),
                    "TASK",
                    "task_code",
                    "an activity needs its code",
                ));
            }
            if let Some(first) = codes_seen.insert((p, code.clone()), row.line()) {
                return Err(XerError::field(
                    row.line(),
                    "TASK",
                    "task_code",
                    format!(
                        "'{code}' appears twice in project {} (first at line {first})",
                        projects[p].short_name
                    ),
                ));
            }
            let calendar = calendar_by_id.get(row.text("clndr_id")).copied();
            let day_hours = match calendar {
                Some(c) => c.day_hours,
                None => {
                    if !warned_calendar {
                        warned_calendar = true;
                        self.warn(
                            row.line(),
                            format!(
                                "activity {code}: its calendar {} is not in the file; its durations are \
                                 counted in days of {DEFAULT_DAY_HOURS} hours (so are those of any \
                                 other activity without a calendar)", row.text("clndr_id",
                                )
                            ),
                        );
                    }
                    DEFAULT_DAY_HOURS
                }
            };
            let days = |hours: Option<f64>| hours.map(|h| round4(h / day_hours));
            let target_hours = row.number("target_drtn_hr_cnt")?;
            let remaining_hours = row.number("remain_drtn_hr_cnt")?;
            let status = row.text("status_code").to_owned();
            let pct = percent_complete(&row, &status, target_hours, remaining_hours)?;
            let wbs = wbs_path.get(row.text("wbs_id")).cloned().or_else(|| {
                projects[p]
                    .wbs
                    .iter()
                    .find(|w| w.proj_node)
                    .map(|w| w.path.clone())
            });
            let task_id = row.text("task_id").to_owned();
            task_key.insert(task_id.clone(), (p, projects[p].activities.len()));
            task_day_hours.insert(task_id.clone(), day_hours);
            projects[p].activities.push(Activity {
                name: row.optional("task_name").unwrap_or_else(|| code.clone()),
                task_type: row
                    .optional("task_type")
                    .unwrap_or_else(|| "TT_Task".to_owned()),
                status: if status.is_empty() {
                    "TK_NotStart".to_owned()
                } else {
                    status
                },
                wbs_path: wbs,
                target_start: row.date("target_start_date")?,
                target_finish: row.date("target_end_date")?,
                act_start: row.date("act_start_date")?,
                act_finish: row.date("act_end_date")?,
                early_start: row.date("early_start_date")?,
                early_finish: row.date("early_end_date")?,
                late_start: row.date("late_start_date")?,
                late_finish: row.date("late_end_date")?,
                target_days: days(target_hours),
                remaining_days: days(remaining_hours),
                total_float_days: days(row.number("total_float_hr_cnt")?),
                pct_complete: pct,
                constraint_type: row.optional("cstr_type"),
                constraint_date: row.date("cstr_date")?,
                constraint_type2: row.optional("cstr_type2"),
                calendar: calendar.map(|c| c.key.clone()),
                package_code: package_codes.get(&task_id).cloned(),
                code,
            });
        }

        let relationships = self.relationships(tables, &projects, &task_key, &task_day_hours)?;
        let (resources, assignments) = self.resources(tables, &projects, &task_key)?;
        Ok(Programme {
            projects,
            calendars: calendars.into_iter().map(|(_, c)| c).collect(),
            resources,
            relationships,
            assignments,
            warnings: self.warnings,
        })
    }

    /// Calendars by clndr_id. Malformed calendar data (unbalanced brackets) is a warning: only the hours per
    /// day are used, and they come from `day_hr_cnt`.
    fn calendars(
        &mut self,
        tables: &Tables<'_>,
        projects: &[Project],
        project_of: &HashMap<String, usize>,
    ) -> Result<Vec<(String, Calendar)>, XerError> {
        let mut calendars = Vec::new();
        let mut keys: HashSet<(Option<String>, String)> = HashSet::new();
        for row in Rows::of(tables, "CALENDAR").iter() {
            let name = row
                .optional("clndr_name")
                .unwrap_or_else(|| format!("Calendar {}", row.text("clndr_id")));
            let project = project_of
                .get(row.text("proj_id"))
                .map(|&p| projects[p].short_name.clone());
            let day_hours = match row.number("day_hr_cnt")? {
                Some(h) if h > 0.0 && h <= 24.0 => h,
                _ => {
                    self.warn(
                        row.line(),
                        format!(
                            "calendar {name}: its hours per day ('{}') are not between 0 and 24; \
                             {DEFAULT_DAY_HOURS} hours are used",
                            row.text("day_hr_cnt")
                        ),
                    );
                    DEFAULT_DAY_HOURS
                }
            };
            let data = row.text("clndr_data").to_owned();
            if !balanced(&data) {
                self.warn(
                    row.line(),
                    format!(
                        "calendar {name}: its working-time data is malformed (unbalanced \
                         brackets); its {day_hours} hours a day are used and its work pattern \
                         is ignored"
                    ),
                );
            }
            let mut key = name.clone();
            if !keys.insert((project.clone(), key.clone())) {
                key = format!("{name} ({})", row.text("clndr_id"));
                keys.insert((project.clone(), key.clone()));
            }
            let week_hours = row
                .number("week_hr_cnt")?
                .filter(|h| (0.0..=168.0).contains(h));
            calendars.push((
                row.text("clndr_id").to_owned(),
                Calendar {
                    key,
                    name,
                    project,
                    day_hours,
                    week_hours,
                    kind: row.text("clndr_type").to_owned(),
                    data,
                },
            ));
        }
        Ok(calendars)
    }

    /// Fills each project's WBS (parents first) and answers the path of each wbs_id.
    fn wbs(
        &mut self,
        tables: &Tables<'_>,
        projects: &mut [Project],
        project_of: &HashMap<String, usize>,
    ) -> Result<HashMap<String, String>, XerError> {
        struct Node<'a> {
            row: Field<'a>,
            project: usize,
            parent: String,
        }
        let mut nodes: HashMap<String, Node> = HashMap::new();
        let mut order: Vec<String> = Vec::new();
        for row in Rows::of(tables, "PROJWBS").iter() {
            let Some(&p) = project_of.get(row.text("proj_id")) else {
                self.warn(
                    row.line(),
                    format!(
                        "WBS {} belongs to project {}, which is not in the file; it was skipped",
                        row.text("wbs_short_name"),
                        row.text("proj_id")
                    ),
                );
                continue;
            };
            let id = row.text("wbs_id").to_owned();
            order.push(id.clone());
            nodes.insert(
                id,
                Node {
                    row,
                    project: p,
                    parent: row.text("parent_wbs_id").to_owned(),
                },
            );
        }
        // The path of each node: the short names from its project's node down. A parent not in the file (the
        // EPS above the project node) ends the path.
        let mut paths: HashMap<String, String> = HashMap::new();
        let mut taken: HashSet<(usize, String)> = HashSet::new();
        let mut entries: Vec<(usize, String, Wbs)> = Vec::new();
        for id in &order {
            let mut chain: Vec<&Node> = Vec::new();
            let mut cursor = nodes.get(id);
            let mut seen: HashSet<&str> = HashSet::new();
            while let Some(node) = cursor {
                chain.push(node);
                if node.row.text("proj_node_flag") == "Y" || !seen.insert(node.parent.as_str()) {
                    break;
                }
                cursor = nodes
                    .get(node.parent.as_str())
                    .filter(|n| n.project == node.project);
            }
            let Some(node) = chain.first() else { continue };
            let codes: Vec<&str> = chain
                .iter()
                .rev()
                .map(|n| n.row.text("wbs_short_name"))
                .collect();
            let mut path = codes.join(".");
            if !taken.insert((node.project, path.clone())) {
                self.warn(
                    node.row.line(),
                    format!(
                        "WBS {path} appears twice in project {}; the second is kept as {path}~{id}",
                        projects[node.project].short_name
                    ),
                );
                path = format!("{path}~{id}");
                taken.insert((node.project, path.clone()));
            }
            paths.insert(id.clone(), path);
            entries.push((
                node.project,
                id.clone(),
                Wbs {
                    path: String::new(),
                    parent_path: None,
                    code: node.row.text("wbs_short_name").to_owned(),
                    name: node.row.optional("wbs_name").unwrap_or_default(),
                    seq: node
                        .row
                        .number("seq_num")?
                        .unwrap_or(0.0)
                        .clamp(0.0, f64::from(i32::MAX)) as i64,
                    proj_node: node.row.text("proj_node_flag") == "Y",
                },
            ));
        }
        for (project, id, mut wbs) in entries {
            wbs.path = paths.get(&id).cloned().unwrap_or_default();
            wbs.parent_path = nodes
                .get(&id)
                .filter(|n| n.row.text("proj_node_flag") != "Y")
                .and_then(|n| paths.get(&n.parent))
                .cloned();
            projects[project].wbs.push(wbs);
        }
        for project in projects.iter_mut() {
            project.wbs.sort_by_key(|w| w.path.matches('.').count());
        }
        Ok(paths)
    }

    fn relationships(
        &mut self,
        tables: &Tables<'_>,
        projects: &[Project],
        task_key: &HashMap<String, (usize, usize)>,
        day_hours: &HashMap<String, f64>,
    ) -> Result<Vec<Relationship>, XerError> {
        let mut relationships = Vec::new();
        for row in Rows::of(tables, "TASKPRED").iter() {
            let succ_id = row.text("task_id");
            let pred_id = row.text("pred_task_id");
            let (Some(&(sp, sa)), Some(&(pp, pa))) = (task_key.get(succ_id), task_key.get(pred_id))
            else {
                let missing = if task_key.contains_key(succ_id) {
                    pred_id
                } else {
                    succ_id
                };
                self.warn(
                    row.line(),
                    format!(
                        "relationship {}: activity {missing} is not in the file; the \
                         relationship was skipped",
                        row.text("task_pred_id")
                    ),
                );
                continue;
            };
            let kind = match row.text("pred_type") {
                "PR_FS" | "" => "FS",
                "PR_SS" => "SS",
                "PR_FF" => "FF",
                "PR_SF" => "SF",
                other => {
                    self.warn(
                        row.line(),
                        format!(
                            "relationship {}: its type '{other}' is not PR_FS, PR_SS, PR_FF or \
                             PR_SF; it was skipped",
                            row.text("task_pred_id")
                        ),
                    );
                    continue;
                }
            };
            let hours = day_hours.get(succ_id).copied().unwrap_or(DEFAULT_DAY_HOURS);
            relationships.push(Relationship {
                line: row.line(),
                pred_project: projects[pp].short_name.clone(),
                pred_code: projects[pp].activities[pa].code.clone(),
                succ_project: projects[sp].short_name.clone(),
                succ_code: projects[sp].activities[sa].code.clone(),
                kind,
                lag_days: round4(row.number("lag_hr_cnt")?.unwrap_or(0.0) / hours),
            });
        }
        Ok(relationships)
    }

    fn resources(
        &mut self,
        tables: &Tables<'_>,
        projects: &[Project],
        task_key: &HashMap<String, (usize, usize)>,
    ) -> Result<(Vec<Resource>, Vec<Assignment>), XerError> {
        let mut resources = Vec::new();
        let mut code_of: HashMap<String, String> = HashMap::new();
        let mut codes: HashSet<String> = HashSet::new();
        for row in Rows::of(tables, "RSRC").iter() {
            let code = row
                .optional("rsrc_short_name")
                .unwrap_or_else(|| row.text("rsrc_id").to_owned());
            code_of.insert(row.text("rsrc_id").to_owned(), code.clone());
            if codes.insert(code.clone()) {
                resources.push(Resource {
                    name: row.optional("rsrc_name").unwrap_or_else(|| code.clone()),
                    kind: row.text("rsrc_type").to_owned(),
                    code,
                });
            }
        }
        let mut assignments = Vec::new();
        for row in Rows::of(tables, "TASKRSRC").iter() {
            let (Some(&(p, a)), Some(resource)) = (
                task_key.get(row.text("task_id")),
                code_of.get(row.text("rsrc_id")),
            ) else {
                self.warn(
                    row.line(),
                    format!(
                        "resource assignment {}: its activity or resource is not in the file; \
                         it was skipped",
                        row.text("taskrsrc_id")
                    ),
                );
                continue;
            };
            let actual = match (row.number("act_reg_qty")?, row.number("act_ot_qty")?) {
                (None, None) => None,
                (r, o) => Some(r.unwrap_or(0.0) + o.unwrap_or(0.0)),
            };
            assignments.push(Assignment {
                project: projects[p].short_name.clone(),
                activity: projects[p].activities[a].code.clone(),
                resource: resource.clone(),
                target_qty: row.number("target_qty")?,
                actual_qty: actual,
                remaining_qty: row.number("remain_qty")?,
            });
        }
        Ok((resources, assignments))
    }
}

/// Percent complete as P6 shows it for the activity's percent-complete type: physical (as entered), units
/// (actual / (actual + remaining) work) or duration (1 − remaining / planned duration; 100 once complete).
fn percent_complete(
    row: &Field,
    status: &str,
    target_hours: Option<f64>,
    remaining_hours: Option<f64>,
) -> Result<Option<f64>, XerError> {
    let value = match row.text("complete_pct_type") {
        "CP_Phys" => row.number("phys_complete_pct")?,
        "CP_Units" => {
            let actual = row.number("act_work_qty")?.unwrap_or(0.0);
            let remaining = row.number("remain_work_qty")?.unwrap_or(0.0);
            if actual + remaining > 0.0 {
                Some(actual / (actual + remaining) * 100.0)
            } else {
                Some(if status == "TK_Complete" { 100.0 } else { 0.0 })
            }
        }
        _ => match status {
            "TK_Complete" => Some(100.0),
            "TK_NotStart" => Some(0.0),
            _ => match (target_hours, remaining_hours) {
                (Some(t), Some(r)) if t > 0.0 => Some((t - r) / t * 100.0),
                _ => Some(0.0),
            },
        },
    };
    Ok(value.map(|v| round4(v.clamp(0.0, 100.0))))
}

/// task_id → the short name of its activity code whose type is named like "Package".
fn package_codes(tables: &Tables<'_>) -> HashMap<String, String> {
    let types: HashSet<&str> = Rows::of(tables, "ACTVTYPE")
        .iter()
        .filter(|r| {
            r.text("actv_code_type")
                .to_lowercase()
                .starts_with("package")
        })
        .map(|r| r.text("actv_code_type_id"))
        .collect();
    if types.is_empty() {
        return HashMap::new();
    }
    let codes: HashMap<&str, &str> = Rows::of(tables, "ACTVCODE")
        .iter()
        .filter(|r| types.contains(r.text("actv_code_type_id")))
        .map(|r| (r.text("actv_code_id"), r.text("short_name")))
        .collect();
    Rows::of(tables, "TASKACTV")
        .iter()
        .filter_map(|r| {
            codes
                .get(r.text("actv_code_id"))
                .map(|code| (r.text("task_id").to_owned(), (*code).to_owned()))
        })
        .collect()
}

/// Whether the brackets of P6 calendar data open and close in pairs.
fn balanced(data: &str) -> bool {
    let mut depth: i64 = 0;
    for c in data.chars() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth < 0 {
                    return false;
                }
            }
            _ => {}
        }
    }
    depth == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! fixture {
        ($name:literal) => {
            include_bytes!(concat!("../../../tests/fixtures/xer/", $name)).as_slice()
        };
    }

    fn refusal(bytes: &[u8]) -> (Option<usize>, String) {
        match read(bytes) {
            Ok(_) => panic!("the file was accepted"),
            Err(e) => (e.line(), e.to_string()),
        }
    }

    #[test]
    fn refusals_name_the_line() {
        assert_eq!(
            refusal(fixture!("not-xer.xer")),
            (
                Some(1),
                "line 1: not a Primavera P6 XER file (it must begin with ERMHDR)".to_owned()
            )
        );
        let (line, message) = refusal(fixture!("row-before-fields.xer"));
        assert_eq!(line, Some(3), "{message}");
        assert!(message.contains("before its %F"), "{message}");
        let (line, message) = refusal(fixture!("too-many-fields.xer"));
        assert_eq!(line, Some(15), "{message}");
        assert!(
            message.contains("has 21 values but its %F lists 19 fields"),
            "{message}"
        );
        assert_eq!(
            refusal(fixture!("bad-date.xer")),
            (
                Some(18),
                "line 18, TASK.target_start_date: '2015-13-01 08:00' is not a date".to_owned()
            )
        );
        assert!(matches!(read(b""), Err(XerError::Empty)));
        assert!(matches!(read(b"\r\n  \n"), Err(XerError::Empty)));
        let (line, message) = refusal(b"ERMHDR\t8.2\n%T\tTASK\n%X\tfoo\n");
        assert_eq!(line, Some(3), "{message}");
    }

    #[test]
    fn small_file_typed() {
        let programme = read(fixture!("small.xer")).expect("small.xer");
        assert!(programme.warnings.is_empty(), "{:?}", programme.warnings);
        let [project] = programme.projects.as_slice() else {
            panic!("one project")
        };
        assert_eq!(project.short_name, "SMALL");
        assert_eq!(project.name, "Small test project");
        assert_eq!(project.data_date.as_deref(), Some("2026-10-26 08:00:00"));
        assert_eq!(project.wbs.len(), 3);
        assert_eq!(project.milestones(), 1);
        let paths: Vec<&str> = project.wbs.iter().map(|w| w.path.as_str()).collect();
        assert_eq!(paths, ["SMALL", "SMALL.C1-V01", "SMALL.C1-V01.PIERS"]);
        let piling = &project.activities[0];
        assert_eq!(piling.code, "A1000");
        // 80 hours of a 10-hour calendar; -20 hours of float.
        assert_eq!(piling.target_days, Some(8.0));
        assert_eq!(piling.total_float_days, Some(-2.0));
        assert_eq!(piling.target_start.as_deref(), Some("2026-02-02 08:00:00"));
        assert_eq!(piling.wbs_path.as_deref(), Some("SMALL.C1-V01.PIERS"));
        let lags: Vec<(&str, f64)> = programme
            .relationships
            .iter()
            .map(|r| (r.kind, r.lag_days))
            .collect();
        assert_eq!(lags, [("SS", 2.0), ("FS", 0.0)]);
    }

    #[test]
    fn windows_1252_keeps_pound_and_euro() {
        let programme = read(fixture!("windows-1252.xer")).expect("windows-1252.xer");
        let names: Vec<&str> = programme.projects[0]
            .activities
            .iter()
            .map(|a| a.name.as_str())
            .collect();
        assert!(
            names.contains(&"Retaining wall £1,250/m, € rate"),
            "{names:?}"
        );
    }

    #[test]
    fn tables_in_any_order_and_unknown_tables_ignored() {
        let ordered = read(fixture!("small.xer")).expect("small.xer");
        let shuffled = read(fixture!("out-of-order.xer")).expect("out-of-order.xer");
        let figures = |p: &Programme| {
            (
                p.projects[0].activities.len(),
                p.projects[0].wbs.len(),
                p.relationships.len(),
                p.projects[0].activities[0].wbs_path.clone(),
            )
        };
        assert_eq!(figures(&ordered), figures(&shuffled));
    }

    #[test]
    fn two_projects_and_a_missing_predecessor() {
        let programme = read(fixture!("two-projects.xer")).expect("two-projects.xer");
        let figures: Vec<(&str, usize, usize, usize)> = programme
            .projects
            .iter()
            .map(|p| {
                (
                    p.short_name.as_str(),
                    p.activities.len(),
                    p.milestones(),
                    p.wbs.len(),
                )
            })
            .collect();
        assert_eq!(figures, [("SMALL", 3, 1, 3), ("SECOND", 1, 1, 2)]);
        let programme = read(fixture!("missing-predecessor.xer")).expect("missing-predecessor.xer");
        assert_eq!(programme.relationships.len(), 2);
        let [warning] = programme.warnings.as_slice() else {
            panic!("one warning: {:?}", programme.warnings)
        };
        assert_eq!(warning.line, 22);
        assert!(warning.message.contains("777"), "{}", warning.message);
    }

    #[test]
    fn public_samples() {
        let programme = read(fixture!("PredecessorCalendar.xer")).expect("PredecessorCalendar.xer");
        let activity = &programme.projects[0].activities[0];
        assert_eq!(
            (
                activity.code.as_str(),
                activity.status.as_str(),
                activity.target_start.as_deref(),
                activity.target_finish.as_deref(),
                activity.target_days,
                activity.pct_complete,
            ),
            (
                "A1000",
                "TK_Complete",
                Some("2019-06-10 08:00:00"),
                Some("2019-06-12 17:00:00"),
                Some(3.0),
                Some(100.0)
            )
        );
        let invalid = read(fixture!("invalid-8.4.xer")).expect("invalid-8.4.xer");
        assert_eq!(invalid.projects[0].activities.len(), 12);
        let lines: Vec<usize> = invalid.warnings.iter().map(|w| w.line).collect();
        assert_eq!(lines, [33]);
        let rates = read(fixture!("resource-rates-test.xer")).expect("resource-rates-test.xer");
        assert!(!rates.resources.is_empty());
        assert!(!rates.assignments.is_empty());
    }
}
