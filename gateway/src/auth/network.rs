//! IP networks, for `TRUSTED_PROXIES`: which peers may tell the gateway the client's address.

use std::net::IpAddr;
use std::str::FromStr;

/// A network of trusted proxies (`10.0.0.0/8`, `fd00::/8`, or one address).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl Network {
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.address, unmapped(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX
                    .checked_shl(32 - u32::from(self.prefix))
                    .unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.prefix))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

impl FromStr for Network {
    type Err = String;

    fn from_str(text: &str) -> Result<Network, String> {
        let text = text.trim();
        let (address, prefix) = match text.split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text, None),
        };
        let address: IpAddr = address
            .parse()
            .map_err(|_| format!("`{text}` is not an IP address or network"))?;
        let address = unmapped(address);
        let bits = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => bits,
            Some(prefix) => prefix
                .parse::<u8>()
                .ok()
                .filter(|prefix| *prefix <= bits)
                .ok_or_else(|| format!("`{text}` has a prefix length outside 0..={bits}"))?,
        };
        Ok(Network { address, prefix })
    }
}

/// `::ffff:1.2.3.4` is 1.2.3.4.
pub fn unmapped(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn networks_parse_and_contain() {
        let network: Network = "192.168.0.0/16".parse().unwrap();
        assert!(network.contains("192.168.44.1".parse().unwrap()));
        assert!(!network.contains("192.169.0.1".parse().unwrap()));
        assert!(network.contains("::ffff:192.168.0.9".parse().unwrap()));
        assert!("10.0.0.1/33".parse::<Network>().is_err());
        assert!("::/0"
            .parse::<Network>()
            .unwrap()
            .contains("2001::1".parse().unwrap()));
    }
}
