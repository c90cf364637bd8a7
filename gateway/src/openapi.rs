//! The OpenAPI document for integrators: every endpoint's annotation (`#[utoipa::path]` beside its handler), the
//! answer shapes below, the `x-access-token` security scheme, and, added at run time from the schema registry, one
//! component schema per registry entry plus the `t` parameter as an enum of the registered entries, so the
//! document shows the real data model. Served at `/api/openapi.json`; `just openapi` writes `openapi/openapi.json`.

use schema_registry::{Registry, SqlType};
use serde::Serialize;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Ref, RefOr, SecurityRequirement};
use utoipa::{Modify, OpenApi, ToSchema};

use crate::routes;

/// The name of the security scheme every protected operation names.
pub const ACCESS_TOKEN: &str = "accessToken";

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Metro PMIS API",
        description = "The gateway of the Metro PMIS console: sign-in, generic reads (selectall, data tables, \
            exports) and record writes over the schema registry, reminders, pending documents and the console's \
            header calls. Errors share one body: `{result: \"failed\", code, message, fields?}`.",
        version = env!("CARGO_PKG_VERSION"),
    ),
    paths(
        routes::health::health,
        routes::auth::signin,
        routes::auth::logout,
        routes::auth::register,
        routes::auth::forgot,
        routes::auth::reset,
        routes::auth::unlock,
        routes::auth::me,
        routes::admin::create_user,
        routes::admin::edit_user,
        routes::admin::activate,
        routes::admin::deactivate,
        routes::admin::set_password,
        routes::admin::grant,
        routes::admin::revoke,
        routes::admin::copy,
        routes::custom::selectall,
        routes::custom::datatable,
        routes::export::export,
        routes::screen::screen,
        routes::data::read,
        routes::data::create,
        routes::data::update,
        routes::data::delete,
        routes::reminder::create,
        routes::reminder::update,
        routes::reminder::delete,
        routes::header::pendinglist,
        routes::header::cmnmsg,
        crate::support_files::list,
        openapi_json,
    ),
    modifiers(&SecuritySchemes),
    tags(
        (name = "health", description = "Liveness and readiness"),
        (name = "auth", description = "Sign-in, sessions and accounts"),
        (name = "admin", description = "User and permission administration"),
        (name = "data", description = "Generic reads and record writes over the schema registry"),
        (name = "console", description = "Reminders, pending documents, banner and support files"),
    )
)]
pub struct ApiDoc;

struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            ACCESS_TOKEN,
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "x-access-token",
                "The accessToken of POST /api/auth/signin (`Authorization: Bearer <token>` works too).",
            ))),
        );
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        // Every operation needs a session unless its annotation says `security(())`.
        openapi.security = Some(vec![
            SecurityRequirement::new(ACCESS_TOKEN, Vec::<String>::new()),
            SecurityRequirement::new("bearer", Vec::<String>::new()),
        ]);
    }
}

/// The document for `registry`: the annotated API plus the registry's data model.
pub fn document(registry: &Registry) -> utoipa::openapi::OpenApi {
    let mut openapi = ApiDoc::openapi();
    let components = openapi.components.get_or_insert_with(Default::default);
    let names: Vec<String> = registry.entries().map(|entry| entry.name.clone()).collect();
    components.schemas.insert(
        "EntryName".into(),
        RefOr::T(Schema::Object(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some("A registry entry: the `t` of selectall, datatable and export, the {entry} of /api/data"))
                .enum_values(Some(names))
                .build(),
        )),
    );
    // `t` and `{entry}` take exactly the registered entries.
    for item in openapi.paths.paths.values_mut() {
        for operation in [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            for parameter in operation.parameters.iter_mut().flatten() {
                if parameter.name == "t" || parameter.name == "entry" {
                    parameter.schema = Some(RefOr::Ref(Ref::from_schema_name("EntryName")));
                }
            }
        }
    }
    let components = openapi.components.get_or_insert_with(Default::default);
    for entry in registry.entries() {
        let mut object = ObjectBuilder::new()
            .schema_type(Type::Object)
            .title(Some(entry.title()))
            .description(Some(format!(
                "Registry entry `{}` over `{}`{}{}.",
                entry.name,
                entry.table,
                if entry.def.read_only {
                    ", read-only"
                } else {
                    ", writable through /api/data"
                },
                match entry.def.routes.as_slice() {
                    [] => String::new(),
                    routes => format!("; screens {}", routes.join(", ")),
                }
            )));
        for column in entry.readable_columns() {
            object = object.property(column.name.clone(), column_schema(column));
            if column.required {
                object = object.required(column.name.clone());
            }
        }
        components.schemas.insert(
            format!("entry.{}", entry.name),
            RefOr::T(Schema::Object(object.build())),
        );
    }
    openapi
}

fn column_schema(column: &schema_registry::Column) -> Schema {
    let known = |format| Some(SchemaFormat::KnownFormat(format));
    let (kind, format) = match column.sql_type {
        SqlType::Smallint | SqlType::Integer => (Type::Integer, known(KnownFormat::Int32)),
        SqlType::Bigint => (Type::Integer, known(KnownFormat::Int64)),
        SqlType::Numeric => (Type::Number, None),
        SqlType::Real => (Type::Number, known(KnownFormat::Float)),
        SqlType::Double => (Type::Number, known(KnownFormat::Double)),
        SqlType::Boolean => (Type::Boolean, None),
        SqlType::Date => (Type::String, known(KnownFormat::Date)),
        SqlType::Timestamp | SqlType::Timestamptz => (Type::String, known(KnownFormat::DateTime)),
        SqlType::Uuid => (Type::String, Some(SchemaFormat::Custom("uuid".into()))),
        SqlType::Json | SqlType::Jsonb => (Type::Object, None),
        SqlType::Text | SqlType::Varchar | SqlType::Char | SqlType::Time => (Type::String, None),
    };
    let mut description = column.label.clone();
    if column.read_only {
        description.push_str(" (read-only)");
    }
    if let Some(lookup) = &column.lookup {
        description.push_str(&format!("; the id of a `{}` record", lookup.entry));
    }
    let mut schema = ObjectBuilder::new()
        .schema_type(kind)
        .format(format)
        .description(Some(description));
    if let Some(max) = column.max_length {
        schema = schema.max_length(Some(max as usize));
    }
    if !column.enum_values.is_empty() {
        schema = schema.enum_values(Some(column.enum_values.clone()));
    }
    if let Some(pattern) = &column.pattern {
        schema = schema.pattern(Some(pattern.clone()));
    }
    Schema::Object(schema.build())
}

/// This document.
#[utoipa::path(
    get,
    path = "/api/openapi.json",
    tag = "health",
    security(()),
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json"))
)]
pub async fn openapi_json(
    state: actix_web::web::Data<crate::startup::AppState>,
) -> Result<actix_web::HttpResponse, crate::error::ApiError> {
    let text = match state.openapi.get() {
        Some(text) => text,
        None => {
            let text = serde_json::to_string(&document(&state.registry))
                .map_err(crate::execute::internal)?;
            state.openapi.get_or_init(|| text)
        }
    };
    Ok(actix_web::HttpResponse::Ok()
        .content_type("application/json")
        .body(text.clone()))
}

// ---------------------------------------------------------------------------------------------------------------
// Answer shapes the handlers build with `json!` (documentation only).
// ---------------------------------------------------------------------------------------------------------------

/// The reply of SPEC §7's write calls.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Submitted Successfully"}))]
pub struct Outcome {
    /// `success` or `failed`.
    pub result: String,
    pub message: String,
}

/// The reply of a reminder change.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Submitted Successfully", "id": 42}))]
pub struct ReminderReply {
    pub result: String,
    pub message: String,
    pub id: i64,
}

/// The reply of an administration call: the outcome and the changed record's key.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Updated Successfully", "data": {"id": 7}}))]
pub struct AdminReply {
    pub result: String,
    pub message: String,
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
}

/// A record write's reply, with the saved record.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"result": "success", "message": "Submitted Successfully", "id": 12,
    "data": {"id": 12, "c_code": "C3", "c_name": "Corridor 3", "n_row_version": 1}, "changed": ["c_code", "c_name"]}))]
pub struct WriteReply {
    pub result: String,
    pub message: String,
    /// The record's key (a number for numeric keys).
    pub id: serde_json::Value,
    /// The record as stored (the entry's schema, `entry.<name>`).
    #[schema(value_type = Object)]
    pub data: serde_json::Value,
    /// Columns whose value changed.
    pub changed: Vec<String>,
}

/// The data table answer (jQuery DataTables server-side protocol).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"draw": 1, "recordsTotal": 2, "recordsFiltered": 1, "data": [{"id": 1, "c_code": "C1"}]}))]
pub struct DataTableAnswer {
    pub draw: i64,
    pub records_total: i64,
    pub records_filtered: i64,
    /// Present and true when the total is the planner's estimate.
    pub records_total_estimated: Option<bool>,
    pub records_filtered_estimated: Option<bool>,
    #[schema(value_type = Vec<Object>)]
    pub data: Vec<serde_json::Value>,
}

/// A data table failure, in the protocol's own shape.
#[derive(Serialize, ToSchema)]
pub struct DataTableFailure {
    pub draw: i64,
    pub error: String,
    pub code: String,
}

/// A pending-document group.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"title": "Document review", "url": "/administration/dmsreview",
    "data": [{"id": "r.q0m2A7f3kLr9ZC1uVYtW8A", "c_doc_no": "C1-V01/DRG/PC-112"}]}))]
pub struct PendingGroup {
    pub title: String,
    pub url: Option<String>,
    pub data: Vec<PendingDocument>,
}

#[derive(Serialize, ToSchema)]
pub struct PendingDocument {
    /// An opaque record reference: `GET /api/data/{entry}/{id}` opens it.
    pub id: String,
    pub c_doc_no: Option<String>,
}

/// A banner message.
#[derive(Serialize, ToSchema)]
pub struct BannerMessage {
    pub id: i64,
    pub c_val: String,
}

// ---------------------------------------------------------------------------------------------------------------
// The error answers, one type per status, so each description is written once; operations list the ones they give.
// ---------------------------------------------------------------------------------------------------------------

use crate::error::ErrorBody;

#[derive(utoipa::IntoResponses)]
#[response(
    status = 400,
    description = "The request is malformed; the message names the part"
)]
pub struct BadRequest(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 401,
    description = "No token, or one that is unknown, expired or signed out"
)]
pub struct Unauthorized(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "Access disabled - Please contact to Administrator (or not the caller's record)"
)]
pub struct Forbidden(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "No such record (or entry)")]
pub struct NotFound(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 405,
    description = "The entry is read-only, or the method is not taken here"
)]
pub struct MethodNotAllowed(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 409,
    description = "Conflict with stored data: a value another record holds, a changed row version, a record in use"
)]
pub struct Conflict(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 413, description = "The body is larger than 256 KiB")]
pub struct PayloadTooLarge(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 415, description = "The body is not application/json")]
pub struct UnsupportedMediaType(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 422,
    description = "Validation failed; `fields` lists a message per field"
)]
pub struct Invalid(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 428,
    description = "The row version the client read is missing"
)]
pub struct PreconditionRequired(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 429,
    description = "Too many failed sign-ins; see Retry-After"
)]
pub struct TooManyAttempts(pub ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 503,
    description = "The database is unavailable (PMIS-S503) or still being prepared (PMIS-S502), every connection is busy (PMIS-S503B), or the statement timed out (PMIS-S504); retry after Retry-After seconds when given"
)]
pub struct Unavailable(pub ErrorBody);
