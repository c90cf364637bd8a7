//! The schedule as the console reads it (`GET /api/schedule/…`), each answer built as JSON by PostgreSQL in one
//! statement: dates as ISO strings without a zone ("2026-03-01T08:00:00"), numbers as JSON numbers.

use deadpool_postgres::GenericClient;

use crate::error::ApiError;

/// One project's figures: the object of `GET /api/schedule/projects`.
const PROJECT_OBJECT: &str = "json_build_object(
    'id', p.id, 'short_name', p.c_short_name, 'name', p.c_name, 'data_date', p.d_data_date,
    'plan_start', p.d_plan_start, 'plan_finish', p.d_plan_finish,
    'activities', (SELECT count(*) FROM p6_activity a WHERE a.n_project = p.id),
    'milestones', (SELECT count(*) FROM p6_activity a WHERE a.n_project = p.id AND a.c_type IN ('TT_Mile', 'TT_FinMile')),
    'wbs', (SELECT count(*) FROM p6_wbs w WHERE w.n_project = p.id),
    'relationships', (SELECT count(*) FROM p6_relationship r WHERE r.n_project = p.id),
    'imported_at', p.d_imported_at, 'imported_by', u.c_name,
    'import', p.n_import, 'baseline_import', p.n_baseline_import)";

/// Every imported project, by short name.
pub async fn projects(client: &impl GenericClient) -> Result<String, ApiError> {
    let sql = format!(
        "SELECT coalesce(json_agg({PROJECT_OBJECT} ORDER BY p.c_short_name), '[]')::text
         FROM p6_project p JOIN p6_import i ON i.id = p.n_import LEFT JOIN users u ON u.id = i.n_user"
    );
    Ok(client.query_one(&sql, &[]).await?.get(0))
}

/// One project with its WBS, activities and relationships; with `package`, only that package's activities, the
/// WBS nodes on their paths and the relationships among them. `None` when there is no such project. Every join
/// is on a key: right after an import the tables' statistics are stale, and a plan must not depend on them.
pub async fn project(
    client: &impl GenericClient,
    id: i64,
    package: Option<i64>,
) -> Result<Option<String>, ApiError> {
    let sql = format!(
        "WITH RECURSIVE
         up AS (SELECT w.id, w.n_parent FROM p6_wbs w
                WHERE w.n_project = $1
                  AND ($2::bigint IS NULL
                       OR EXISTS (SELECT 1 FROM p6_activity a WHERE a.n_wbs = w.id AND a.n_package = $2))
                UNION
                SELECT w.id, w.n_parent FROM p6_wbs w JOIN up ON w.id = up.n_parent)
         SELECT json_build_object(
           'project', {PROJECT_OBJECT},
           'wbs', (SELECT coalesce(json_agg(json_build_object('id', w.id, 'parent', w.n_parent, 'code', w.c_code,
                                   'name', w.c_name, 'seq', w.n_seq, 'package', w.n_package, 'path', w.c_path,
                                   'proj_node', w.n_proj_node = 1)
                                   ORDER BY w.n_seq, w.c_path), '[]')
                   FROM p6_wbs w WHERE w.id IN (SELECT id FROM up)),
           'activities', (SELECT coalesce(json_agg(json_build_object(
                   'id', a.id, 'wbs', a.n_wbs, 'code', a.c_code, 'name', a.c_name, 'type', a.c_type,
                   'status', a.c_status, 'planned_start', a.d_target_start, 'planned_finish', a.d_target_finish,
                   'actual_start', a.d_act_start, 'actual_finish', a.d_act_finish,
                   'early_start', a.d_early_start, 'early_finish', a.d_early_finish,
                   'late_start', a.d_late_start, 'late_finish', a.d_late_finish,
                   'baseline_start', a.d_baseline_start, 'baseline_finish', a.d_baseline_finish,
                   'baseline_duration_days', a.n_baseline_target_days,
                   -- Baseline variances as P6 defines them (baseline minus current: negative is late or
                   -- longer); dates in calendar days, the duration in the activity's working days.
                   'start_variance_days', a.d_baseline_start::date - a.d_target_start::date,
                   'finish_variance_days', a.d_baseline_finish::date - a.d_target_finish::date,
                   'duration_variance_days', a.n_baseline_target_days - a.n_target_days,
                   'duration_days', a.n_target_days, 'remaining_days', a.n_remaining_days,
                   'total_float_days', a.n_total_float_days, 'pct_complete', a.n_pct_complete,
                   'package', a.n_package, 'package_code', k.c_code,
                   'critical', coalesce(a.n_total_float_days <= 0 AND a.c_status <> 'TK_Complete', false))
                   ORDER BY coalesce(a.d_early_start, a.d_act_start, a.d_target_start), a.c_code), '[]')
                   FROM p6_activity a LEFT JOIN package k ON k.id = a.n_package
                   WHERE a.n_project = $1 AND ($2::bigint IS NULL OR a.n_package = $2)),
           'relationships', (SELECT coalesce(json_agg(json_build_object('id', r.id, 'pred', r.n_pred,
                   'succ', r.n_succ, 'type', r.c_type, 'lag_days', r.n_lag_days) ORDER BY r.id), '[]')
                   FROM p6_relationship r
                   JOIN p6_activity pa ON pa.id = r.n_pred JOIN p6_activity sa ON sa.id = r.n_succ
                   WHERE r.n_project = $1 AND ($2::bigint IS NULL OR (pa.n_package = $2 AND sa.n_package = $2)))
         )::text
         FROM p6_project p JOIN p6_import i ON i.id = p.n_import LEFT JOIN users u ON u.id = i.n_user
         WHERE p.id = $1"
    );
    Ok(client
        .query_opt(&sql, &[&id, &package])
        .await?
        .map(|row| row.get(0)))
}

/// The last 50 imports, newest first.
pub async fn imports(client: &impl GenericClient) -> Result<String, ApiError> {
    Ok(client
        .query_one(
            "SELECT coalesce(json_agg(json_build_object(
                 'id', i.id, 'at', i.d_at, 'user', u.c_name, 'file_name', i.c_file_name, 'sha256', i.c_sha256,
                 'projects', i.n_projects, 'activities', i.n_activities, 'relationships', i.n_relationships,
                 'warning_count', i.n_warnings, 'warnings', i.j_warnings) ORDER BY i.id DESC), '[]')::text
             FROM (SELECT * FROM p6_import ORDER BY id DESC LIMIT 50) i LEFT JOIN users u ON u.id = i.n_user",
            &[],
        )
        .await?
        .get(0))
}
