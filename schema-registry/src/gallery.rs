//! The gallery's read: the images attached to one register's records (`record_file`, content type `image/…`, not
//! deleted), newest first, of the records a reader may read, narrowed by package, station and upload day.
//! Identifiers come from the registry (checked at load); every value is a bind parameter.

use sea_query::{Alias, Expr, ExprTrait, PostgresQueryBuilder, Query};

use crate::process::{column_or_null, number_column};
use crate::query::{QueryError, Sql};
use crate::registry::Entry;

/// What the gallery is narrowed to; `None` narrows nothing.
#[derive(Debug, Default, Clone)]
pub struct GalleryFilter {
    pub package: Option<i64>,
    pub station: Option<i64>,
    /// First and last upload day (`YYYY-MM-DD`, checked by the caller), in India's time.
    pub from: Option<String>,
    pub to: Option<String>,
    /// After this photo (its upload time in microseconds since 1970 and its id), in the gallery's order.
    pub before: Option<(i64, i64)>,
}

/// Whether `filter` can find anything in `entry`: a package or station filter needs the column.
pub fn can_narrow(entry: &Entry, filter: &GalleryFilter) -> bool {
    (filter.package.is_none() || entry.column("n_package").is_some())
        && (filter.station.is_none() || entry.column("n_station").is_some())
}

/// The images of `entry`'s records that `rows` lets a reader read (their condition over the entry's table), as
/// `filter` narrows them, newest first: the file's id, name, type, size, upload time (ISO, UTC) and cursor
/// (microseconds), who uploaded it (id, name), the record's key, number, title, package and station, and the
/// entry's name.
pub fn gallery_sql(
    entry: &Entry,
    rows: Option<Expr>,
    filter: &GalleryFilter,
    limit: u64,
) -> Result<Sql, QueryError> {
    let pk = entry.primary_key();
    let workflow = entry.workflow();
    let number = match workflow {
        Some(workflow) => number_column(entry, workflow),
        None => entry
            .numbering()
            .map(|(def, _)| def.column.as_str())
            .or(entry.column("c_doc_no").map(|c| c.name.as_str())),
    };
    let title = workflow.and_then(|w| w.title_column.as_deref());
    let mut record = Query::select();
    record
        .expr_as(Expr::col(Alias::new(pk.name.clone())), Alias::new("k"))
        .expr_as(
            column_or_null(entry, number, "text"),
            Alias::new("c_number"),
        )
        .expr_as(column_or_null(entry, title, "text"), Alias::new("c_title"))
        .expr_as(
            column_or_null(entry, Some("n_package"), "int8"),
            Alias::new("n_package"),
        )
        .expr_as(
            column_or_null(entry, Some("n_station"), "int8"),
            Alias::new("n_station"),
        )
        .from(Alias::new(entry.table.clone()));
    if let Some(rows) = rows {
        record.and_where(rows);
    }
    if let Some(package) = filter.package {
        record.and_where(Expr::col(Alias::new("n_package")).eq(Expr::val(package)));
    }
    if let Some(station) = filter.station {
        record.and_where(Expr::col(Alias::new("n_station")).eq(Expr::val(station)));
    }
    let mut select = Query::select();
    select
        .expr(Expr::cust("f.id"))
        .expr(Expr::cust("f.c_name"))
        .expr(Expr::cust("f.c_content_type"))
        .expr(Expr::cust("f.n_size"))
        .expr(Expr::cust(
            "to_char(f.d_uploaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')",
        ))
        .expr(Expr::cust(
            "(extract(epoch FROM f.d_uploaded_at) * 1000000)::int8",
        ))
        .expr(Expr::cust("f.n_uploaded_by"))
        .expr(Expr::cust(
            "(SELECT u.c_name FROM users u WHERE u.id = f.n_uploaded_by)",
        ))
        .expr(Expr::cust("r.k::text"))
        .expr(Expr::cust("r.c_number"))
        .expr(Expr::cust("r.c_title"))
        .expr(Expr::cust("r.n_package"))
        .expr(Expr::cust("r.n_station"))
        .expr(Expr::cust("f.c_entry"))
        .from_as(Alias::new("record_file"), Alias::new("f"))
        // The record's key compared as a number: its primary key index finds it.
        .join_subquery(
            sea_query::JoinType::InnerJoin,
            record,
            Alias::new("r"),
            Expr::cust("r.k = f.c_key::int8"),
        )
        .and_where(Expr::cust("f.c_entry").eq(Expr::val(entry.name.clone())))
        .and_where(Expr::cust("f.d_deleted_at IS NULL"))
        .and_where(Expr::cust("f.c_content_type LIKE 'image/%'"))
        .order_by_expr(Expr::cust("f.d_uploaded_at"), sea_query::Order::Desc)
        .order_by_expr(Expr::cust("f.id"), sea_query::Order::Desc)
        .limit(limit);
    // Days in India: the day people took and filed the photos.
    if let Some(from) = &filter.from {
        select.and_where(Expr::cust_with_values(
            "f.d_uploaded_at >= ($1::text)::date::timestamp AT TIME ZONE 'Asia/Kolkata'",
            [from.clone()],
        ));
    }
    if let Some(to) = &filter.to {
        select.and_where(Expr::cust_with_values(
            "f.d_uploaded_at < (($1::text)::date + 1)::timestamp AT TIME ZONE 'Asia/Kolkata'",
            [to.clone()],
        ));
    }
    if let Some((micros, id)) = filter.before {
        select.and_where(Expr::cust_with_values(
            "(f.d_uploaded_at, f.id) < (TIMESTAMPTZ 'epoch' + $1::int8 * INTERVAL '1 microsecond', $2::int8)",
            [micros, id],
        ));
    }
    Sql::from_built(select.build(PostgresQueryBuilder))
}
