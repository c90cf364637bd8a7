//! Writing one XER import, all of it in one transaction (docs/schedule.md "Matching"): projects matched on their
//! short name, WBS nodes on their path of short names, activities on their code within the project; the matched
//! activities' previous planned dates become their baseline; activities no longer in the file are removed;
//! relationships and assignments of the file's projects are replaced. Imports run one at a time.

use std::collections::HashMap;

use deadpool_postgres::GenericClient;
use serde_json::{json, Value};

use super::xer::model::{Programme, Project};
use super::xer::Warning;
use crate::base::audit;
use crate::error::ApiError;

/// Imports wait for each other on this advisory lock (two imports of one project would race on its rows).
const IMPORT_LOCK: i64 = 0x5036_494d_504f_5254; // "P6IMPORT"

/// The answer to an import (`POST /api/import/xer`).
#[derive(Debug, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[schema(as = XerImportSummary)]
pub struct Summary {
    /// The import's id (`GET /api/schedule/imports`).
    pub import: i64,
    pub projects: Vec<ProjectSummary>,
    /// Relationships stored over all the file's projects.
    pub relationships: u64,
    pub warnings: Vec<Warning>,
}

#[derive(Debug, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct ProjectSummary {
    pub id: i64,
    pub short_name: String,
    pub name: String,
    /// Every TASK row of the project, milestones included.
    pub activities: usize,
    /// TT_Mile and TT_FinMile activities.
    pub milestones: usize,
    /// The project's PROJWBS rows, the project node included.
    pub wbs: usize,
    /// P6 `last_recalc_date`, e.g. "2026-10-25T08:00:00".
    pub data_date: Option<String>,
    /// True when the project was already there: this import updated it, and the previous import is its baseline.
    pub updated: bool,
    /// Activities of the previous import that are not in this file, removed.
    pub removed: u64,
}

/// The file as received.
pub struct Upload<'a> {
    pub file_name: &'a str,
    pub sha256: &'a str,
    pub user: i64,
}

/// Imports `programme` in a transaction of its own.
pub async fn import(
    client: &mut deadpool_postgres::Client,
    programme: &Programme,
    upload: &Upload<'_>,
) -> Result<Summary, ApiError> {
    let tx = client.transaction().await?;
    let summary = import_in(&tx, programme, upload).await?;
    tx.commit().await?;
    Ok(summary)
}

/// Imports `programme` within the caller's transaction `tx` (the demo seed's, or [`import`]'s).
pub async fn import_in(
    tx: &impl GenericClient,
    programme: &Programme,
    upload: &Upload<'_>,
) -> Result<Summary, ApiError> {
    // A programme of thousands of activities is a few statements of some seconds each.
    tx.batch_execute("SET LOCAL statement_timeout = 300000")
        .await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&IMPORT_LOCK])
        .await?;
    let import: i64 = tx
        .query_one(
            "INSERT INTO p6_import (n_user, c_file_name, c_sha256) VALUES ($1, $2, $3) RETURNING id",
            &[&upload.user, &upload.file_name, &upload.sha256],
        )
        .await?
        .get(0);
    let packages = packages(tx).await?;

    let mut projects = Vec::with_capacity(programme.projects.len());
    let mut ids = Vec::with_capacity(programme.projects.len());
    for project in &programme.projects {
        let (id, updated) = upsert_project(tx, project, import).await?;
        ids.push(id);
        projects.push((id, updated));
    }
    write_calendars(tx, programme).await?;

    let mut summaries = Vec::with_capacity(projects.len());
    for (project, (id, updated)) in programme.projects.iter().zip(projects) {
        let wbs_packages = write_wbs(tx, id, project, &packages).await?;
        let removed = write_activities(tx, id, project, &packages, &wbs_packages).await?;
        let paths: Vec<&str> = project.wbs.iter().map(|w| w.path.as_str()).collect();
        tx.execute(
            "DELETE FROM p6_wbs WHERE n_project = $1 AND NOT (c_path = ANY($2))",
            &[&id, &paths],
        )
        .await?;
        summaries.push(ProjectSummary {
            id,
            short_name: project.short_name.clone(),
            name: project.name.clone(),
            activities: project.activities.len(),
            milestones: project.milestones(),
            wbs: project.wbs.len(),
            data_date: project.data_date.as_ref().map(|d| d.replacen(' ', "T", 1)),
            updated,
            removed,
        });
    }
    let activity_ids = activity_ids(tx, &ids).await?;
    let relationships = write_relationships(tx, &ids, programme, &activity_ids).await?;
    write_resources(tx, &ids, programme, &activity_ids).await?;
    // The analytics S-curve is kept from the schedules (V40): the new one is seen when this import commits.
    tx.execute("SELECT analytics_scurve_refresh()", &[]).await?;

    let activities: usize = summaries.iter().map(|p| p.activities).sum();
    let warnings =
        serde_json::to_string(&programme.warnings).map_err(|e| ApiError::Internal(e.into()))?;
    tx.execute(
        "UPDATE p6_import SET n_projects = $2, n_activities = $3, n_relationships = $4, n_warnings = $5,
                              j_warnings = $6::text::jsonb
         WHERE id = $1",
        &[
            &import,
            &(summaries.len() as i32),
            &(activities as i32),
            &(relationships as i32),
            &(programme.warnings.len() as i32),
            &warnings,
        ],
    )
    .await?;
    let summary = Summary {
        import,
        projects: summaries,
        relationships,
        warnings: programme.warnings.clone(),
    };
    let after = serde_json::to_string(&summary).map_err(|e| ApiError::Internal(e.into()))?;
    audit::record_text(
        tx,
        Some(upload.user),
        "p6_import",
        &import.to_string(),
        "import",
        None,
        Some(&after),
    )
    .await?;
    Ok(summary)
}

/// Every package's code (upper case) and id.
async fn packages(tx: &impl GenericClient) -> Result<Vec<(String, i64)>, ApiError> {
    let mut packages: Vec<(String, i64)> = tx
        .query("SELECT upper(c_code), id FROM package", &[])
        .await?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    // Longest first: "C1-V01" is chosen over a package "C1-V0" that it also contains.
    packages.sort_by_key(|p| std::cmp::Reverse(p.0.len()));
    Ok(packages)
}

/// The package whose code `text` equals, starts with or contains.
fn package_in(text: &str, packages: &[(String, i64)]) -> Option<i64> {
    let text = text.to_uppercase();
    packages
        .iter()
        .find(|(code, _)| text.contains(code.as_str()))
        .map(|(_, id)| *id)
}

/// The project's row (new, or the one of the same short name, whose current import becomes its baseline).
async fn upsert_project(
    tx: &impl GenericClient,
    project: &Project,
    import: i64,
) -> Result<(i64, bool), ApiError> {
    let existing = tx
        .query_opt(
            "SELECT id FROM p6_project WHERE c_short_name = $1 FOR UPDATE",
            &[&project.short_name],
        )
        .await?;
    let dates = [
        &project.data_date,
        &project.plan_start,
        &project.plan_finish,
    ];
    if let Some(row) = existing {
        let id: i64 = row.get(0);
        tx.execute(
            "UPDATE p6_project SET c_name = $2, d_data_date = $3::text::timestamp, d_plan_start = $4::text::timestamp,
                    d_plan_finish = $5::text::timestamp, n_baseline_import = n_import, n_import = $6,
                    d_imported_at = now()
             WHERE id = $1",
            &[&id, &project.name, dates[0], dates[1], dates[2], &import],
        )
        .await?;
        return Ok((id, true));
    }
    let id: i64 = tx
        .query_one(
            "INSERT INTO p6_project (c_short_name, c_name, d_data_date, d_plan_start, d_plan_finish, n_import)
             VALUES ($1, $2, $3::text::timestamp, $4::text::timestamp, $5::text::timestamp, $6)
             RETURNING id",
            &[&project.short_name, &project.name, dates[0], dates[1], dates[2], &import],
        )
        .await?
        .get(0);
    Ok((id, false))
}

/// Calendars upserted by name, globally or within their project.
async fn write_calendars(tx: &impl GenericClient, programme: &Programme) -> Result<(), ApiError> {
    let rows = to_json(&programme.calendars)?;
    tx.execute(
        "INSERT INTO p6_calendar (n_project, c_name, n_day_hours, n_week_hours, c_type, j_data)
         SELECT NULL, x.key, x.day_hours, x.week_hours, x.kind, x.data
         FROM jsonb_to_recordset($1::text::jsonb)
              AS x(key text, project text, day_hours numeric, week_hours numeric, kind text, data text)
         WHERE x.project IS NULL
         ON CONFLICT (c_name) WHERE n_project IS NULL
         DO UPDATE SET n_day_hours = EXCLUDED.n_day_hours, n_week_hours = EXCLUDED.n_week_hours,
                       c_type = EXCLUDED.c_type, j_data = EXCLUDED.j_data",
        &[&rows],
    )
    .await?;
    tx.execute(
        "INSERT INTO p6_calendar (n_project, c_name, n_day_hours, n_week_hours, c_type, j_data)
         SELECT p.id, x.key, x.day_hours, x.week_hours, x.kind, x.data
         FROM jsonb_to_recordset($1::text::jsonb)
              AS x(key text, project text, day_hours numeric, week_hours numeric, kind text, data text)
         JOIN p6_project p ON p.c_short_name = x.project
         ON CONFLICT (n_project, c_name) WHERE n_project IS NOT NULL
         DO UPDATE SET n_day_hours = EXCLUDED.n_day_hours, n_week_hours = EXCLUDED.n_week_hours,
                       c_type = EXCLUDED.c_type, j_data = EXCLUDED.j_data",
        &[&rows],
    )
    .await?;
    Ok(())
}

/// The project's WBS nodes upserted on their path, linked to their parents; answers each path's package (its
/// own, else its nearest ancestor's).
async fn write_wbs(
    tx: &impl GenericClient,
    project_id: i64,
    project: &Project,
    packages: &[(String, i64)],
) -> Result<HashMap<String, i64>, ApiError> {
    let parent_of: HashMap<&str, Option<&str>> = project
        .wbs
        .iter()
        .map(|w| (w.path.as_str(), w.parent_path.as_deref()))
        .collect();
    let own: HashMap<&str, Option<i64>> = project
        .wbs
        .iter()
        .map(|w| {
            let found = package_in(&w.code, packages).or_else(|| package_in(&w.name, packages));
            (w.path.as_str(), found)
        })
        .collect();
    let mut resolved: HashMap<String, i64> = HashMap::new();
    let mut rows = Vec::with_capacity(project.wbs.len());
    for w in &project.wbs {
        let mut cursor = Some(w.path.as_str());
        let mut package = None;
        // Bounded by the tree's size: a path cannot repeat on the way up.
        for _ in 0..=project.wbs.len() {
            let Some(path) = cursor else { break };
            if let Some(Some(found)) = own.get(path) {
                package = Some(*found);
                break;
            }
            cursor = parent_of.get(path).copied().flatten();
        }
        if let Some(package) = package {
            resolved.insert(w.path.clone(), package);
        }
        rows.push(json!({
            "path": w.path, "parent_path": w.parent_path, "code": w.code, "name": w.name,
            "seq": w.seq, "proj_node": i16::from(w.proj_node), "package": package,
        }));
    }
    let rows = to_json(&rows)?;
    tx.execute(
        "INSERT INTO p6_wbs AS w (n_project, c_code, c_name, n_seq, n_proj_node, n_package, c_path)
         SELECT $1, x.code, x.name, x.seq, x.proj_node, x.package, x.path
         FROM jsonb_to_recordset($2::text::jsonb)
              AS x(path text, code text, name text, seq integer, proj_node smallint, package bigint)
         ON CONFLICT (n_project, c_path) DO UPDATE
         SET c_code = EXCLUDED.c_code, c_name = EXCLUDED.c_name, n_seq = EXCLUDED.n_seq,
             n_proj_node = EXCLUDED.n_proj_node, n_package = EXCLUDED.n_package",
        &[&project_id, &rows],
    )
    .await?;
    tx.execute(
        "UPDATE p6_wbs c SET n_parent = p.id
         FROM jsonb_to_recordset($2::text::jsonb) AS x(path text, parent_path text)
         LEFT JOIN p6_wbs p ON p.n_project = $1 AND p.c_path = x.parent_path
         WHERE c.n_project = $1 AND c.c_path = x.path AND c.n_parent IS DISTINCT FROM p.id",
        &[&project_id, &rows],
    )
    .await?;
    Ok(resolved)
}

/// The project's activities upserted on their code (the matched ones keep their previous planned values as
/// baseline); answers how many activities of the previous import were removed.
async fn write_activities(
    tx: &impl GenericClient,
    project_id: i64,
    project: &Project,
    packages: &[(String, i64)],
    wbs_packages: &HashMap<String, i64>,
) -> Result<u64, ApiError> {
    let mut rows = Vec::with_capacity(project.activities.len());
    for a in &project.activities {
        let by_code = a
            .package_code
            .as_deref()
            .and_then(|code| {
                packages
                    .iter()
                    .find(|(c, _)| c.eq_ignore_ascii_case(code.trim()))
            })
            .map(|(_, id)| *id);
        let package = by_code.or_else(|| {
            a.wbs_path
                .as_ref()
                .and_then(|p| wbs_packages.get(p))
                .copied()
        });
        let mut row = serde_json::to_value(a).map_err(|e| ApiError::Internal(e.into()))?;
        if let Value::Object(fields) = &mut row {
            fields.insert("package".into(), json!(package));
        }
        rows.push(row);
    }
    let rows = to_json(&rows)?;
    tx.execute(
        "INSERT INTO p6_activity AS a
                (n_project, n_wbs, c_code, c_name, c_type, c_status, d_target_start, d_target_finish, d_act_start,
                 d_act_finish, d_early_start, d_early_finish, d_late_start, d_late_finish, n_target_days,
                 n_remaining_days, n_total_float_days, n_pct_complete, n_calendar, n_package, c_constraint_type,
                 d_constraint_date, c_constraint_type2)
         SELECT $1, w.id, x.code, x.name, x.task_type, x.status, x.target_start, x.target_finish, x.act_start,
                x.act_finish, x.early_start, x.early_finish, x.late_start, x.late_finish, x.target_days,
                x.remaining_days, x.total_float_days, x.pct_complete,
                (SELECT c.id FROM p6_calendar c
                 WHERE c.c_name = x.calendar AND (c.n_project IS NULL OR c.n_project = $1)
                 ORDER BY c.n_project NULLS LAST LIMIT 1),
                x.package, x.constraint_type, x.constraint_date, x.constraint_type2
         FROM jsonb_to_recordset($2::text::jsonb)
              AS x(code text, name text, task_type text, status text, wbs_path text, target_start timestamp,
                   target_finish timestamp, act_start timestamp, act_finish timestamp, early_start timestamp,
                   early_finish timestamp, late_start timestamp, late_finish timestamp, target_days numeric,
                   remaining_days numeric, total_float_days numeric, pct_complete numeric, calendar text,
                   package bigint, constraint_type text, constraint_date timestamp, constraint_type2 text)
         LEFT JOIN p6_wbs w ON w.n_project = $1 AND w.c_path = x.wbs_path
         ON CONFLICT (n_project, c_code) DO UPDATE
         SET n_wbs = EXCLUDED.n_wbs, c_name = EXCLUDED.c_name, c_type = EXCLUDED.c_type,
             c_status = EXCLUDED.c_status,
             d_baseline_start = a.d_target_start, d_baseline_finish = a.d_target_finish,
             n_baseline_target_days = a.n_target_days,
             d_target_start = EXCLUDED.d_target_start, d_target_finish = EXCLUDED.d_target_finish,
             d_act_start = EXCLUDED.d_act_start, d_act_finish = EXCLUDED.d_act_finish,
             d_early_start = EXCLUDED.d_early_start, d_early_finish = EXCLUDED.d_early_finish,
             d_late_start = EXCLUDED.d_late_start, d_late_finish = EXCLUDED.d_late_finish,
             n_target_days = EXCLUDED.n_target_days, n_remaining_days = EXCLUDED.n_remaining_days,
             n_total_float_days = EXCLUDED.n_total_float_days, n_pct_complete = EXCLUDED.n_pct_complete,
             n_calendar = EXCLUDED.n_calendar, n_package = EXCLUDED.n_package,
             c_constraint_type = EXCLUDED.c_constraint_type, d_constraint_date = EXCLUDED.d_constraint_date,
             c_constraint_type2 = EXCLUDED.c_constraint_type2",
        &[&project_id, &rows],
    )
    .await?;
    let codes: Vec<&str> = project.activities.iter().map(|a| a.code.as_str()).collect();
    let removed = tx
        .execute(
            "DELETE FROM p6_activity WHERE n_project = $1 AND NOT (c_code = ANY($2))",
            &[&project_id, &codes],
        )
        .await?;
    Ok(removed)
}

/// The id of every activity of `projects`, by project short name and activity code.
async fn activity_ids(
    tx: &impl GenericClient,
    projects: &[i64],
) -> Result<HashMap<(String, String), (i64, i64)>, ApiError> {
    Ok(tx
        .query(
            "SELECT p.c_short_name, a.c_code, a.id, p.id
             FROM p6_activity a JOIN p6_project p ON p.id = a.n_project
             WHERE a.n_project = ANY($1)",
            &[&projects],
        )
        .await?
        .iter()
        .map(|r| ((r.get(0), r.get(1)), (r.get(2), r.get(3))))
        .collect())
}

/// The relationships of the file's projects, replaced; answers how many were stored. The activities' ids are
/// looked up here rather than joined in SQL: the tables have just changed and their statistics are stale.
async fn write_relationships(
    tx: &impl GenericClient,
    projects: &[i64],
    programme: &Programme,
    ids: &HashMap<(String, String), (i64, i64)>,
) -> Result<u64, ApiError> {
    tx.execute(
        "DELETE FROM p6_relationship WHERE n_project = ANY($1)",
        &[&projects],
    )
    .await?;
    let n = programme.relationships.len();
    let (mut project, mut pred, mut succ, mut kind, mut lag) = (
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
        Vec::with_capacity(n),
    );
    for r in &programme.relationships {
        let key = |p: &str, c: &str| (p.to_owned(), c.to_owned());
        let (Some(&(s, p)), Some(&(a, _))) = (
            ids.get(&key(&r.succ_project, &r.succ_code)),
            ids.get(&key(&r.pred_project, &r.pred_code)),
        ) else {
            continue;
        };
        project.push(p);
        succ.push(s);
        pred.push(a);
        kind.push(r.kind);
        lag.push(r.lag_days.to_string());
    }
    let stored = tx
        .execute(
            "INSERT INTO p6_relationship (n_project, n_pred, n_succ, c_type, n_lag_days)
             SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::text[], $5::text[]::numeric[])",
            &[&project, &pred, &succ, &kind, &lag],
        )
        .await?;
    Ok(stored)
}

/// Resources upserted on their short name; the assignments of the file's projects replaced.
async fn write_resources(
    tx: &impl GenericClient,
    projects: &[i64],
    programme: &Programme,
    ids: &HashMap<(String, String), (i64, i64)>,
) -> Result<(), ApiError> {
    tx.execute(
        "INSERT INTO p6_resource (c_code, c_name, c_type)
         SELECT x.code, x.name, x.kind FROM jsonb_to_recordset($1::text::jsonb) AS x(code text, name text, kind text)
         ON CONFLICT (c_code) DO UPDATE SET c_name = EXCLUDED.c_name, c_type = EXCLUDED.c_type",
        &[&to_json(&programme.resources)?],
    )
    .await?;
    tx.execute(
        "DELETE FROM p6_assignment s USING p6_activity a WHERE s.n_activity = a.id AND a.n_project = ANY($1)",
        &[&projects],
    )
    .await?;
    let rows: Vec<Value> = programme
        .assignments
        .iter()
        .filter_map(|a| {
            let (activity, _) = ids.get(&(a.project.clone(), a.activity.clone()))?;
            Some(json!({
                "activity": activity, "resource": a.resource, "target_qty": a.target_qty,
                "actual_qty": a.actual_qty, "remaining_qty": a.remaining_qty,
            }))
        })
        .collect();
    tx.execute(
        "INSERT INTO p6_assignment (n_activity, n_resource, n_target_qty, n_actual_qty, n_remaining_qty)
         SELECT x.activity, r.id, x.target_qty, x.actual_qty, x.remaining_qty
         FROM jsonb_to_recordset($1::text::jsonb)
              AS x(activity bigint, resource text, target_qty numeric, actual_qty numeric, remaining_qty numeric)
         JOIN p6_resource r ON r.c_code = x.resource",
        &[&to_json(&rows)?],
    )
    .await?;
    Ok(())
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, ApiError> {
    serde_json::to_string(value).map_err(|e| ApiError::Internal(e.into()))
}
