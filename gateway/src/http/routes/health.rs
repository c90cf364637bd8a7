//! `GET /api/health`: 200 when the gateway is ready and the database answers, 503 otherwise. Public (monitors and
//! load balancers call it without a token); reveals no configuration.

use std::time::Duration;

use actix_web::{get, web, HttpResponse};
use serde::Serialize;

use crate::ops::database;
use crate::ops::readiness::Phase;
use crate::state::AppState;

const CHECK_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(utoipa::OpenApi)]
#[openapi(paths(health))]
pub struct Api;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(health);
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct HealthReport {
    pub status: HealthStatus,
    pub database: DatabaseStatus,
    pub version: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum HealthStatus {
    Ok,
    Starting,
    Unavailable,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DatabaseStatus {
    Up,
    Down,
    Migrating,
}

/// Whether the gateway and its database are ready.
#[utoipa::path(get, path = "/api/health", tag = "health", security(()),
    responses(
        (status = 200, description = "Ready: database reachable, migrations applied", body = HealthReport),
        (status = 503, description = "Starting, migrating, or the database is unreachable", body = HealthReport)
    ))]
#[get("/health")]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let version = env!("CARGO_PKG_VERSION");
    let report = match state.readiness.phase() {
        Phase::Connecting => HealthReport {
            status: HealthStatus::Starting,
            database: DatabaseStatus::Down,
            version,
            message: Some("waiting for the database".into()),
        },
        Phase::Migrating => HealthReport {
            status: HealthStatus::Starting,
            database: DatabaseStatus::Migrating,
            version,
            message: Some("applying migrations".into()),
        },
        Phase::Ready => {
            match tokio::time::timeout(CHECK_TIMEOUT, database::ping(&state.pool)).await {
                Ok(Ok(())) => HealthReport {
                    status: HealthStatus::Ok,
                    database: DatabaseStatus::Up,
                    version,
                    message: None,
                },
                Ok(Err(reason)) => {
                    tracing::warn!(reason = %reason, "health check: database unreachable");
                    unavailable(version)
                }
                Err(_) => {
                    tracing::warn!("health check: database did not answer within 2 s");
                    unavailable(version)
                }
            }
        }
    };
    if report.status == HealthStatus::Ok {
        HttpResponse::Ok().json(report)
    } else {
        HttpResponse::ServiceUnavailable().json(report)
    }
}

fn unavailable(version: &'static str) -> HealthReport {
    HealthReport {
        status: HealthStatus::Unavailable,
        database: DatabaseStatus::Down,
        version,
        message: Some("the database is not reachable".into()),
    }
}
