//! `GET /api/gallery?package=&station=&from=&to=&before=`: the gallery (`/dashboard/gallery`), for the people who
//! hold it.

use actix_web::{get, web, HttpResponse};
use schema_registry::gallery::GalleryFilter;
use serde::Deserialize;

use crate::auth::Caller;
use crate::base::query_params::{day_param, id_param};
use crate::console::gallery;
use crate::error::ApiError;
use crate::http::page_cursor;
use crate::pipeline::{authorise, compile};
use crate::state::AppState;

#[derive(utoipa::OpenApi)]
#[openapi(paths(gallery_read))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(gallery_read);
}

/// The console route of the gallery; holding it lets one read the gallery.
const GALLERY_ROUTE: &str = "/dashboard/gallery";

#[derive(Debug, Deserialize)]
struct GalleryQuery {
    #[serde(default)]
    package: Option<String>,
    #[serde(default)]
    station: Option<String>,
    #[serde(default)]
    from: Option<String>,
    #[serde(default)]
    to: Option<String>,
    #[serde(default)]
    before: Option<String>,
}

/// The images attached to the records of the registers the caller reads (each register's package scope and read
/// rules apply, as on its screen), newest first, 48 a page; narrowed by package, station and the days they were
/// filed (in India).
#[utoipa::path(get, path = "/api/gallery", tag = "console",
    params(
        ("package" = Option<i64>, Query, description = "Only the photos of this package's records"),
        ("station" = Option<i64>, Query, description = "Only the photos of this station's records"),
        ("from" = Option<String>, Query, description = "Filed on or after this day (YYYY-MM-DD)"),
        ("to" = Option<String>, Query, description = "Filed on or before this day (YYYY-MM-DD)"),
        ("before" = Option<String>, Query, description = "The `next` of the page before: the photos after it")
    ),
    responses(
        (status = 200, description = "A page of photos", body = crate::console::gallery::GalleryPage),
        crate::http::responses::BadRequest,
        crate::http::responses::Forbidden
    ))]
#[get("/gallery")]
pub async fn gallery_read(
    caller: Caller,
    query: web::Query<GalleryQuery>,
    state: web::Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    state.ensure_ready()?;
    authorise::screen(&caller, GALLERY_ROUTE)?;
    let filter = GalleryFilter {
        package: id_param("package", "package", query.package.as_deref())?,
        station: id_param("station", "station", query.station.as_deref())?,
        from: day_param("from", query.from.as_deref())?,
        to: day_param("to", query.to.as_deref())?,
        before: page_cursor::before(query.before.as_deref())?,
    };
    if let (Some(from), Some(to)) = (&filter.from, &filter.to) {
        if from > to {
            return Err(ApiError::BadRequest(format!(
                "from ({from}) must not be after to ({to})"
            )));
        }
    }
    let read = compile::gallery::gallery_read(&state.registry, &caller, &filter)?;
    let page = gallery::gallery_page(&state.pool, &state.references, read).await?;
    Ok(HttpResponse::Ok().json(page))
}
