//! Logging: one JSON object per line (`LOG_FORMAT=pretty` for humans), filtered by `RUST_LOG`. Every request is a
//! span carrying its request id; the span's close event is the access-log line (method, route, status, latency).

use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::EnvFilter;

pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        EnvFilter::new("info,actix_server=warn,refinery_core=warn,tokio_postgres=warn")
    });
    let pretty = std::env::var("LOG_FORMAT").is_ok_and(|v| v.eq_ignore_ascii_case("pretty"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_span_events(FmtSpan::CLOSE)
        .with_writer(std::io::stderr);
    // `try_init`: tests start several applications in one process and only the first installs the subscriber.
    let _ = if pretty {
        builder.try_init()
    } else {
        builder
            .json()
            .with_current_span(true)
            .with_span_list(false)
            .flatten_event(true)
            .try_init()
    };
}
