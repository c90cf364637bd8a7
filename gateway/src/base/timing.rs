//! Where a request's time went, for the `Server-Timing` header (parse, authorise, compile, database, render,
//! total), so a slow request shows its slow stage in the browser's network panel. The handler that runs the
//! pipeline times each stage through the [`Timing`] it extracts; [`server_timing`] attaches the recorder to every
//! API request and writes the header on the way out.

use std::cell::Cell;
use std::fmt::Write as _;
use std::future::Future;
use std::rc::Rc;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest};

static SERVER_TIMING: HeaderName = HeaderName::from_static("server-timing");

/// The stages of the read and write pipelines, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Parse,
    Authorise,
    Compile,
    Database,
    Render,
}

impl Stage {
    const ALL: [Stage; 5] = [
        Stage::Parse,
        Stage::Authorise,
        Stage::Compile,
        Stage::Database,
        Stage::Render,
    ];

    fn name(self) -> &'static str {
        match self {
            Stage::Parse => "parse",
            Stage::Authorise => "authorise",
            Stage::Compile => "compile",
            Stage::Database => "database",
            Stage::Render => "render",
        }
    }
}

/// Time spent per stage in one request (a stage timed twice adds up). Cheap to clone: one per request, shared by
/// the middleware and the handler on the same worker thread.
#[derive(Debug, Clone, Default)]
pub struct Timing(Rc<[Cell<Option<Duration>>; 5]>);

impl Timing {
    /// The request's recorder (a detached one outside the API scope, which records into nothing anyone reads).
    pub fn of(request: &HttpRequest) -> Timing {
        request
            .extensions()
            .get::<Timing>()
            .cloned()
            .unwrap_or_default()
    }

    fn add(&self, stage: Stage, spent: Duration) {
        let cell = &self.0[stage as usize];
        cell.set(Some(cell.get().unwrap_or_default() + spent));
    }

    /// Runs `work` as `stage`.
    pub fn time<T>(&self, stage: Stage, work: impl FnOnce() -> T) -> T {
        let started = Instant::now();
        let result = work();
        self.add(stage, started.elapsed());
        result
    }

    /// Awaits `work` as `stage`.
    pub async fn time_async<T>(&self, stage: Stage, work: impl Future<Output = T>) -> T {
        let started = Instant::now();
        let result = work.await;
        self.add(stage, started.elapsed());
        result
    }

    /// `parse;dur=0.041, …, total;dur=3.2` (milliseconds), the stages that ran in pipeline order.
    pub fn header_value(&self, total: Duration) -> String {
        let mut value = String::new();
        for stage in Stage::ALL {
            if let Some(spent) = self.0[stage as usize].get() {
                let _ = write!(value, "{};dur={:.3}, ", stage.name(), millis(spent));
            }
        }
        let _ = write!(value, "total;dur={:.3}", millis(total));
        value
    }
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

impl FromRequest for Timing {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Timing, actix_web::Error>>;

    fn from_request(request: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(Timing::of(request)))
    }
}

/// Attaches a [`Timing`] to the request and answers with its `Server-Timing` header.
pub async fn server_timing(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let timing = Timing::default();
    request.extensions_mut().insert(timing.clone());
    let mut response = next.call(request).await?;
    if let Ok(value) = HeaderValue::from_str(&timing.header_value(started.elapsed())) {
        response.headers_mut().insert(SERVER_TIMING.clone(), value);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_stages_that_ran_in_pipeline_order_and_adds_repeats() {
        let timing = Timing::default();
        timing.add(Stage::Database, Duration::from_micros(1500));
        timing.add(Stage::Parse, Duration::from_micros(40));
        timing.add(Stage::Database, Duration::from_micros(500));
        assert_eq!(
            timing.header_value(Duration::from_millis(3)),
            "parse;dur=0.040, database;dur=2.000, total;dur=3.000"
        );
    }

    #[test]
    fn without_stages_only_the_total_is_sent() {
        assert_eq!(
            Timing::default().header_value(Duration::from_micros(250)),
            "total;dur=0.250"
        );
    }
}
