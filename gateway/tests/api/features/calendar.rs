//! The calendar's register (docs/registry.md "Calendars"): `/calendar`'s screen metadata carries the register's
//! `[calendar]`, and the read the console makes from it (the columns it names, the dates shown, in date order, the
//! names of look-ups) answers the milestones of those dates, within the reader's packages: checked against SQL over
//! the view.

use serde_json::{json, Value};

use crate::features::dashboard::as_user;
use crate::helpers::{spawn_seeded_app, TestApp};

/// The console's read of the calendar's register for `[from, to)`, as `api/calendar.ts` makes it.
async fn read(app: &TestApp, meta: &Value, from: &str, to: &str) -> Value {
    let calendar = &meta["calendar"];
    let columns = [
        "id",
        "d_forecast",
        "c_name",
        "c_code",
        "c_status",
        "n_slip_days",
    ];
    let (status, answer) = app
        .post_json(
            "/api/custom/datatable",
            &json!({
                "t": meta["entry"],
                "names": true,
                "start": 0,
                "length": -1,
                "columns": columns.iter().map(|data| json!({"data": data})).collect::<Vec<_>>(),
                "order": [{"column": 1, "dir": "asc"}],
                "whrc": format!("{date} >= '{from}' AND {date} < '{to}'", date = calendar["date"].as_str().unwrap_or("")),
            }),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    answer
}

fn ids(answer: &Value) -> Vec<i64> {
    answer["data"]
        .as_array()
        .expect("rows")
        .iter()
        .filter_map(|row| row["id"].as_i64())
        .collect()
}

async fn expected(app: &TestApp, from: &str, to: &str, user: Option<&str>) -> Vec<i64> {
    let scope = user.map_or(String::new(), |user| {
        format!(
            " AND n_package IN (SELECT pu.n_package FROM package_user pu JOIN users u ON u.id = pu.n_user \
             WHERE u.c_username = '{user}')"
        )
    });
    app.db()
        .await
        .query(
            &format!(
                "SELECT id FROM v_report_milestone WHERE d_forecast >= '{from}' AND d_forecast < '{to}'{scope} \
                 ORDER BY d_forecast, id"
            ),
            &[],
        )
        .await
        .expect("milestones")
        .iter()
        .map(|row| row.get(0))
        .collect()
}

#[tokio::test]
async fn the_calendar_reads_its_register_by_its_calendar_declaration() {
    let app = spawn_seeded_app().await;
    let admin = as_user(&app, "admin", "Admin@123").await;
    let (status, meta) = admin.get_json("/api/screen?route=%2Fcalendar").await;
    assert_eq!(status, 200, "{meta}");
    assert_eq!(meta["entry"], "calendar_milestone");
    assert_eq!(
        meta["calendar"],
        json!({
            "date": "d_forecast",
            "title": "c_name",
            "detail": ["c_code", "c_status"],
            "late_days": "n_slip_days",
            "state": {"column": "c_status", "done": ["Achieved"], "overdue": ["Overdue"]},
            "opens": "/dataentry/timeline"
        })
    );

    // The whole programme, then one month of it: the same milestones as SQL over the view, in date order.
    let db = app.db().await;
    let bounds = db
        .query_one(
            "SELECT min(d_forecast)::text, (max(d_forecast) + 1)::text,
                    to_char(date_trunc('month', min(d_forecast)), 'YYYY-MM-DD'),
                    to_char(date_trunc('month', min(d_forecast)) + interval '1 month', 'YYYY-MM-DD')
             FROM v_report_milestone",
            &[],
        )
        .await
        .expect("the programme's dates");
    let (first, after, month, next): (String, String, String, String) =
        (bounds.get(0), bounds.get(1), bounds.get(2), bounds.get(3));
    let all = read(&admin, &meta, &first, &after).await;
    let everything = expected(&app, &first, &after, None).await;
    assert!(
        everything.len() >= 2,
        "the seed has milestones: {everything:?}"
    );
    assert_eq!(ids(&all), everything);
    let one_month = read(&admin, &meta, &month, &next).await;
    let in_month = expected(&app, &month, &next, None).await;
    assert!(
        !in_month.is_empty() && in_month.len() < everything.len(),
        "{in_month:?}"
    );
    assert_eq!(ids(&one_month), in_month);

    // A contractor linked to their packages sees only those packages' milestones; the viewer, without the route,
    // reads none.
    let contractor = as_user(&app, "contractor2", "Contractor2@123").await;
    let theirs = expected(&app, &first, &after, Some("contractor2")).await;
    assert!(theirs.len() < everything.len(), "{theirs:?}");
    assert_eq!(ids(&read(&contractor, &meta, &first, &after).await), theirs);
    let viewer = as_user(&app, "viewer", "Viewer@123").await;
    let (status, _) = viewer.get_json("/api/screen?route=%2Fcalendar").await;
    assert_eq!(status, 403);
}
