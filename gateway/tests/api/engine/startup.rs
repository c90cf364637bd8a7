use std::net::TcpListener;

use gateway::startup::{Application, StartupError};

use crate::helpers::{settings_for, spawn_app, url_for};

#[tokio::test]
async fn a_port_in_use_is_a_clear_error_naming_the_port_and_how_to_choose_another() {
    let taken = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port();
    let mut settings = settings_for(&url_for("postgres"));
    settings.port = port;
    let error = Application::build(settings)
        .await
        .err()
        .expect("bind must fail");
    assert!(matches!(error, StartupError::PortInUse { .. }), "{error:?}");
    let message = error.to_string();
    assert!(message.contains(&format!("port {port}")), "{message}");
    assert!(message.contains("PORT="), "{message}");
}

#[tokio::test]
async fn a_second_gateway_on_a_live_gateways_port_is_refused() {
    let app = spawn_app().await;
    let port: u16 = app.address.rsplit(':').next().unwrap().parse().unwrap();
    let mut settings = settings_for(&app.database_url);
    settings.port = port;
    let error = Application::build(settings)
        .await
        .err()
        .expect("port is taken");
    assert!(matches!(error, StartupError::PortInUse { .. }), "{error:?}");
}
