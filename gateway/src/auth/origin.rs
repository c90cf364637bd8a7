//! Where a request comes from, as sign-in, sessions and throttling record it: the client's address and its user
//! agent. The address is the socket's peer: forwarding headers are chosen by the client and not trusted.

use actix_web::{FromRequest, HttpRequest};

/// How much of a user agent is kept.
const USER_AGENT_CHARS: usize = 300;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    pub address: Option<String>,
    pub user_agent: Option<String>,
}

impl Origin {
    pub fn of(http: &HttpRequest) -> Origin {
        Origin {
            address: http.peer_addr().map(|address| address.ip().to_string()),
            user_agent: http
                .headers()
                .get("user-agent")
                .and_then(|value| value.to_str().ok())
                .map(|agent| schema_registry::text::clip(agent, USER_AGENT_CHARS)),
        }
    }
}

impl FromRequest for Origin {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Origin, actix_web::Error>>;

    fn from_request(request: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(Origin::of(request)))
    }
}
