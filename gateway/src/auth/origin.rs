//! Where a request comes from, as sign-in, sessions, throttling and rate limits record it: the client's address and
//! its user agent. The address is the socket's peer; only when that peer is one of the `TRUSTED_PROXIES` (a load
//! balancer in front of the gateway) is `X-Forwarded-For` read, right to left, skipping the trusted hops. A
//! forwarding header from anyone else is chosen by the client and ignored.

use std::net::IpAddr;

use actix_web::{web, FromRequest, HttpRequest};

use crate::state::AppState;

use super::network::{unmapped, Network};

/// How much of a user agent is kept.
const USER_AGENT_CHARS: usize = 300;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// The client's address (as text, for the logs and tables that record it).
    pub address: Option<String>,
    pub user_agent: Option<String>,
    ip: Option<IpAddr>,
}

impl Origin {
    pub fn of(http: &HttpRequest) -> Origin {
        let trusted = http
            .app_data::<web::Data<AppState>>()
            .map(|state| state.auth.trusted_proxies.as_slice())
            .unwrap_or_default();
        let forwarded: Vec<&str> = http
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|value| value.to_str().ok())
            .collect();
        let ip = http
            .peer_addr()
            .map(|peer| client_address(peer.ip(), &forwarded, trusted));
        Origin {
            address: ip.map(|ip| ip.to_string()),
            user_agent: http
                .headers()
                .get("user-agent")
                .and_then(|value| value.to_str().ok())
                .map(|agent| schema_registry::text::clip(agent, USER_AGENT_CHARS)),
            ip,
        }
    }

    /// The key throttles and rate limits count the client by: an IPv4 address, or the /64 network of an IPv6
    /// one (a single subscriber usually holds a whole /64, so counting single addresses is no limit).
    pub fn throttle_key(&self) -> Option<String> {
        self.ip.map(network_key)
    }

    #[cfg(test)]
    fn at(ip: &str) -> Origin {
        let ip: IpAddr = ip.parse().expect("an address");
        Origin {
            address: Some(ip.to_string()),
            user_agent: None,
            ip: Some(ip),
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

/// The client behind `peer`: the peer itself unless it is a trusted proxy, else the right-most address of
/// `X-Forwarded-For` that is not a trusted proxy.
fn client_address(peer: IpAddr, forwarded: &[&str], trusted: &[Network]) -> IpAddr {
    let peer = unmapped(peer);
    let is_trusted = |ip: IpAddr| trusted.iter().any(|network| network.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    let hops: Vec<&str> = forwarded
        .iter()
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if is_trusted(unmapped(ip)) => continue,
            Ok(ip) => return unmapped(ip),
            // A hop that is not an address: nothing left of it can be trusted.
            Err(_) => return peer,
        }
    }
    peer
}

fn network_key(ip: IpAddr) -> String {
    match unmapped(ip) {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => {
            let s = v6.segments();
            format!("{:x}:{:x}:{:x}:{:x}::/64", s[0], s[1], s[2], s[3])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nets(list: &[&str]) -> Vec<Network> {
        list.iter().map(|n| n.parse().expect("a network")).collect()
    }

    #[test]
    fn forwarding_headers_count_only_behind_a_trusted_proxy() {
        let trusted = nets(&["10.0.0.0/8", "fd00::/8"]);
        let peer: IpAddr = "203.0.113.9".parse().unwrap();
        // Not a proxy: its header is the client's own invention.
        assert_eq!(client_address(peer, &["1.2.3.4"], &trusted), peer);
        let balancer: IpAddr = "10.1.2.3".parse().unwrap();
        assert_eq!(
            client_address(balancer, &["1.2.3.4, 198.51.100.7, 10.9.9.9"], &trusted),
            "198.51.100.7".parse::<IpAddr>().unwrap(),
            "the right-most untrusted hop; what the client wrote to the left is not believed"
        );
        assert_eq!(client_address(balancer, &["nonsense"], &trusted), balancer);
        assert_eq!(client_address(balancer, &[], &trusted), balancer);
        assert_eq!(client_address(balancer, &["10.2.2.2"], &[]), balancer);
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64_bit_network() {
        assert_eq!(
            Origin::at("2001:db8:1:2:aaaa::1").throttle_key().as_deref(),
            Some("2001:db8:1:2::/64")
        );
        assert_eq!(
            Origin::at("2001:db8:1:2:ffff:ffff:ffff:ffff").throttle_key(),
            Origin::at("2001:db8:1:2::7").throttle_key()
        );
        assert_eq!(
            Origin::at("::ffff:192.0.2.4").throttle_key().as_deref(),
            Some("192.0.2.4")
        );
    }
}
