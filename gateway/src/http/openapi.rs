//! The OpenAPI document for integrators, assembled in one place: the operations each route module declares beside
//! its handlers (collected by `routes::api`), the answer shapes of `responses`, the `x-access-token` security
//! scheme, and, from the schema registry, one component schema per registry entry plus the `t` parameter as an
//! enum of the registered entries, so the document shows the real data model. Served at
//! `/api/openapi.json` (written on its first request and kept, see [`json`]); `just openapi` writes `openapi/openapi.json`.

use schema_registry::{Registry, SqlType};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, SchemaType, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Ref, RefOr, Responses, SecurityRequirement};
use utoipa::{IntoResponses, Modify, OpenApi};

use crate::http::{responses, routes};

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
    modifiers(&SecuritySchemes),
    tags(
        (name = "health", description = "Liveness and readiness"),
        (name = "auth", description = "Sign-in, sessions and accounts"),
        (name = "admin", description = "User and permission administration"),
        (name = "data", description = "Generic reads and record writes over the schema registry"),
        (name = "console", description = "Reminders, pending documents, banner and support files"),
        (name = "reports", description = "Custom reports: built from a register, saved, shared, exported and mailed on a schedule"),
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

/// The document as JSON, written when it is first asked for (served through `base::written_once`, so that an idle
/// gateway does not hold it): rendering runs the schema code of every answer shape and makes a 1 MB text.
pub fn json(registry: &Registry) -> Option<String> {
    match serde_json::to_string(&document(registry)) {
        Ok(json) => Some(json),
        Err(error) => {
            tracing::error!(%error, "cannot render the OpenAPI document");
            None
        }
    }
}

/// The document for `registry`: the annotated API plus the registry's data model.
pub fn document(registry: &Registry) -> utoipa::openapi::OpenApi {
    let mut openapi = ApiDoc::openapi();
    openapi.merge(routes::api());
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
    for (path, item) in openapi.paths.paths.iter_mut() {
        // A value in the path may be one the path guard refuses (an encoded slash or backslash, a leading dot).
        let has_path_value = path.contains('{');
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
            if let Some(body) = operation.request_body.as_mut() {
                for content in body.content.values_mut() {
                    if let Some(schema) = content.schema.as_mut() {
                        leave_out_null(schema);
                    }
                }
            }
            // `security(())` writes `[{}]` ("a session or none"); an operation for anyone (sign-in, health) says
            // `[]`, no requirement, so that generated clients call it without a token.
            if operation
                .security
                .as_ref()
                .is_some_and(|requirements| requirements.iter().all(is_anonymous))
            {
                operation.security = Some(Vec::new());
            }
            let signed_in = operation.security.as_ref().is_none_or(|r| !r.is_empty());
            common_failures(&mut operation.responses, signed_in, has_path_value);
        }
    }
    let components = openapi.components.get_or_insert_with(Default::default);
    describe_error_codes(components);
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
            object = object.property(
                column.name.clone(),
                column_schema(column, column.name == entry.def.primary_key),
            );
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

/// The failures every operation of a kind can answer, declared here once rather than on each operation: any
/// operation may find the gateway starting or the database away (503), and any operation that needs a session may
/// find none (401), and any operation with a value in its path may be given one the path guard refuses before any
/// route sees it (404, `http::path_guard`). An operation that describes one of them its own way keeps its
/// description.
fn common_failures(responses: &mut Responses, signed_in: bool, has_path_value: bool) {
    let mut common = responses::Unavailable::responses();
    if signed_in {
        common.extend(responses::Unauthorized::responses());
    }
    if has_path_value {
        common.extend(responses::PathRefused::responses());
    }
    for (status, response) in common {
        responses.responses.entry(status).or_insert(response);
    }
}

/// An optional body (`Option<T>`) is written `oneOf: [null, T]`; a request leaves an optional body out (the body
/// is not `required`), it never sends `null`, so the schema is `T`: generated clients then send no body rather
/// than a JSON `null` or nothing they can encode.
fn leave_out_null(schema: &mut RefOr<Schema>) {
    let RefOr::T(Schema::OneOf(one_of)) = schema else {
        return;
    };
    let is_null = |item: &RefOr<Schema>| {
        serde_json::to_value(item).is_ok_and(|value| value == serde_json::json!({"type": "null"}))
    };
    let rest: Vec<&RefOr<Schema>> = one_of.items.iter().filter(|item| !is_null(item)).collect();
    if let [only] = rest.as_slice() {
        if rest.len() < one_of.items.len() {
            *schema = (*only).clone();
        }
    }
}

/// The empty requirement `{}` (no scheme): what `security(())` writes.
fn is_anonymous(requirement: &SecurityRequirement) -> bool {
    serde_json::to_value(requirement)
        .is_ok_and(|value| value.as_object().is_some_and(|o| o.is_empty()))
}

/// `key`: the entry's primary key, never null.
fn column_schema(column: &schema_registry::Column, key: bool) -> Schema {
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
    // A column the registry does not require may be null in a record (the key never is).
    let schema_type = if column.required || key {
        SchemaType::Type(kind)
    } else {
        SchemaType::Array(vec![kind, Type::Null])
    };
    let mut schema = ObjectBuilder::new()
        .schema_type(schema_type)
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

/// `ErrorBody.code` takes exactly the codes the gateway answers ([`crate::error::CODES`]), each with its status and
/// meaning in the description, so that a generated client can match on them.
fn describe_error_codes(components: &mut utoipa::openapi::Components) {
    let Some(RefOr::T(Schema::Object(body))) = components.schemas.get_mut("ErrorBody") else {
        return;
    };
    let Some(RefOr::T(Schema::Object(code))) = body.properties.get_mut("code") else {
        return;
    };
    let mut description = String::from(
        "Stable, grouped code (`PMIS-Sxxx` service, `PMIS-Rxxx` request) that clients and integrators can match on:\n",
    );
    for (name, status, meaning) in crate::error::CODES {
        description.push_str(&format!("\n- `{name}` ({status}): {meaning}"));
    }
    code.description = Some(description);
    code.enum_values = Some(
        crate::error::CODES
            .iter()
            .map(|(name, _, _)| serde_json::Value::from(*name))
            .collect(),
    );
}
