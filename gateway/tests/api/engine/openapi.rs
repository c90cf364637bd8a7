//! The OpenAPI document: the committed copy is what the code generates, the gateway serves it without a token, and
//! it carries the registry's data model.

use serde_json::Value;

use crate::helpers::{registry_dir, spawn_app, spawn_seeded_app, workspace_root};

#[tokio::test]
async fn the_committed_document_is_what_the_code_generates() {
    let generated = gateway::ops::cli::openapi_text(&registry_dir()).expect("document");
    let committed =
        std::fs::read_to_string(workspace_root().join("openapi/openapi.json")).unwrap_or_default();
    assert!(
        committed == generated,
        "openapi/openapi.json differs from what the code generates: run `just openapi` and commit the result"
    );
}

/// An integrator's tools read the document with a validator of their own: openapi-spec-validator (the one
/// `just test` installs in `PMIS_TEST_PYTHON`'s environment) finds nothing wrong in the committed copy. It refuses,
/// for one, a query parameter declared `in: path` that the path has no template for.
#[test]
fn an_independent_validator_accepts_the_document() {
    let python = std::env::var("PMIS_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let document = workspace_root().join("openapi/openapi.json");
    let output = std::process::Command::new(&python)
        .args(["-m", "openapi_spec_validator"])
        .arg(&document)
        .output()
        .unwrap_or_else(|e| panic!("{python} -m openapi_spec_validator: {e}"));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        output.status.success() && said.trim_end().ends_with("OK"),
        "openapi-spec-validator refuses the document: {said}"
    );
}

/// Every operation's parameters are where its path says: `in: path` only for a `{template}` of the path, and
/// every multipart body has a schema a generated client can send.
#[test]
fn parameters_are_where_the_path_says_and_uploads_have_a_schema() {
    let document: Value =
        serde_json::from_str(&gateway::ops::cli::openapi_text(&registry_dir()).expect("document"))
            .expect("json");
    let mut wrong = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let name = parameter["name"].as_str().unwrap();
                let templated = path.contains(&format!("{{{name}}}"));
                if (parameter["in"] == "path") != templated {
                    wrong.push(format!("{method} {path}: {name} in {}", parameter["in"]));
                }
            }
            for (media, content) in operation["requestBody"]["content"]
                .as_object()
                .into_iter()
                .flatten()
            {
                if content.get("schema").is_none() {
                    wrong.push(format!("{method} {path}: {media} body without a schema"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    let upload = &document["components"]["schemas"]["FilesForm"]["properties"]["file"];
    assert_eq!(upload["format"], "binary", "{upload}");
}

/// Every error code the gateway answers is in the document (`ErrorBody.code`'s enum) and in docs/api.md's table
/// with its status.
#[test]
fn every_error_code_is_in_the_document_and_the_docs() {
    let document: Value =
        serde_json::from_str(&gateway::ops::cli::openapi_text(&registry_dir()).expect("document"))
            .expect("json");
    let documented: Vec<&str> = document["components"]["schemas"]["ErrorBody"]["properties"]
        ["code"]["enum"]
        .as_array()
        .expect("ErrorBody.code enum")
        .iter()
        .map(|code| code.as_str().unwrap())
        .collect();
    let docs = std::fs::read_to_string(workspace_root().join("docs/api.md")).expect("docs/api.md");
    for (code, status, _) in gateway::error::CODES {
        assert!(
            documented.contains(&code),
            "{code} missing from ErrorBody.code"
        );
        let row = format!("| `{code}` | {status} |");
        assert!(docs.contains(&row), "docs/api.md has no row {row}");
    }
}

#[tokio::test]
async fn the_gateway_serves_the_document_with_the_registry_model() {
    let app = spawn_app().await;
    let (status, served) = app.anonymous().get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    let generated: Value =
        serde_json::from_str(&gateway::ops::cli::openapi_text(&registry_dir()).unwrap()).unwrap();
    assert_eq!(served, generated);

    let entries: Vec<&str> = served["components"]["schemas"]["EntryName"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for name in [
        "corridor",
        "activity_progress",
        "v_reminder",
        "document_review",
    ] {
        assert!(entries.contains(&name), "{name} missing from EntryName");
    }
    let corridor = &served["components"]["schemas"]["entry.corridor"];
    assert_eq!(corridor["properties"]["c_code"]["maxLength"], 20);
    assert_eq!(corridor["properties"]["id"]["format"], "int64");
    assert!(corridor["required"]
        .as_array()
        .unwrap()
        .contains(&Value::from("c_name")));
    let t = &served["paths"]["/api/custom/selectall"]["get"]["parameters"][0];
    assert_eq!(t["name"], "t");
    assert_eq!(t["schema"]["$ref"], "#/components/schemas/EntryName");

    // Every operation documents its errors with the shared error body, and names its security.
    assert!(served["components"]["securitySchemes"]["accessToken"]["name"] == "x-access-token");
    for (path, item) in served["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let responses = operation["responses"].as_object().unwrap();
            assert!(
                responses.keys().any(|code| code.starts_with('2')),
                "{method} {path}: no success answer"
            );
            // An operation for anyone says `security: []` (no requirement).
            let public = operation.get("security") == Some(&serde_json::json!([]));
            if !public {
                assert!(
                    responses.contains_key("401"),
                    "{method} {path}: 401 undocumented"
                );
            }
        }
    }
}

/// An integrator's client, generated from the committed document by a mainstream generator (openapi-python-client,
/// pinned in scripts/py-requirements.txt) and used unedited, signs in, lists, creates, updates, attaches a file,
/// moves a record along its workflow and deletes one (gateway/tests/fixtures/openapi/generated_client_walk.py).
#[tokio::test]
async fn a_client_generated_from_the_document_works_unedited() {
    let app = spawn_seeded_app().await;
    let python = std::env::var("PMIS_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let generator = std::path::Path::new(&python).with_file_name("openapi-python-client");
    let work = std::env::temp_dir().join(format!("pmis-client-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&work).unwrap();
    let generated = std::process::Command::new(&generator)
        .args([
            "generate",
            "--meta",
            "none",
            "--output-path",
            "pmis_client",
            "--path",
        ])
        .arg(workspace_root().join("openapi/openapi.json"))
        .current_dir(&work)
        .output()
        .unwrap_or_else(|e| panic!("{}: {e}", generator.display()));
    let said = |output: &std::process::Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    };
    assert!(generated.status.success(), "{}", said(&generated));
    // Every operation is generated; its only warnings are for answers it does not parse (a PDF, a workbook),
    // which its functions return as bytes.
    let output = said(&generated);
    let warnings = output
        .lines()
        .filter(|line| line.starts_with("WARNING"))
        .count();
    assert!(
        warnings <= 2 && output.matches("Unsupported content_type").count() == warnings,
        "{output}"
    );

    let package = app
        .db()
        .await
        .query_one(
            "SELECT pu.n_package FROM package_user pu JOIN users u ON u.id = pu.n_user
             WHERE u.c_username = 'contractor' ORDER BY pu.n_package LIMIT 1",
            &[],
        )
        .await
        .unwrap()
        .get::<_, i64>(0);
    let engineer = app
        .db()
        .await
        .query_one("SELECT id FROM users WHERE c_username = 'engineer'", &[])
        .await
        .unwrap()
        .get::<_, i64>(0);
    // Two days of the last year without a report of that package (one report per package and day).
    let free_days: Vec<String> = app
        .db()
        .await
        .query(
            "SELECT to_char(d, 'YYYY-MM-DD') FROM generate_series(CURRENT_DATE - 1, CURRENT_DATE - 365, '-1 day') d
             WHERE NOT EXISTS (SELECT 1 FROM dailyreport r WHERE r.n_package = $1 AND r.d_report_date = d::date)
             ORDER BY d DESC LIMIT 2",
            &[&package],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(free_days.len(), 2, "{free_days:?}");
    let walk = std::process::Command::new(&python)
        .arg(workspace_root().join("gateway/tests/fixtures/openapi/generated_client_walk.py"))
        .args([
            app.address.as_str(),
            "contractor",
            "Contractor@123",
            &package.to_string(),
            &engineer.to_string(),
            &free_days[0],
            &free_days[1],
        ])
        .env("PYTHONPATH", &work)
        .output()
        .unwrap_or_else(|e| panic!("{python}: {e}"));
    let _ = std::fs::remove_dir_all(&work);
    assert!(walk.status.success(), "{}", said(&walk));
    assert!(said(&walk).contains("walked:"), "{}", said(&walk));
}
