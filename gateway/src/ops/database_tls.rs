//! TLS to PostgreSQL, used when the URL asks for it (`sslmode=require`; `sslmode=prefer`, the default, uses it
//! when the server offers it). With `DB_TLS_CA_FILE` the server's certificate must chain to that CA (and name the
//! host); without, the connection is encrypted but the certificate is not checked, as libpq's `require` does.

use std::path::Path;
use std::sync::Arc;

use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::{ring, CryptoProvider};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme};
use tokio_postgres_rustls::MakeRustlsConnect;

/// The connector every PostgreSQL connection of the gateway uses.
pub type Tls = MakeRustlsConnect;

#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("DB_TLS_CA_FILE {path}: {reason}")]
    CaFile { path: String, reason: String },
    #[error("cannot set up TLS for PostgreSQL: {0}")]
    Config(String),
}

pub fn connector(ca_file: Option<&Path>) -> Result<Tls, TlsError> {
    let provider = Arc::new(ring::default_provider());
    let builder = ClientConfig::builder_with_provider(Arc::clone(&provider))
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Config(e.to_string()))?;
    let config = match ca_file {
        Some(path) => {
            let bad = |reason: String| TlsError::CaFile {
                path: path.display().to_string(),
                reason,
            };
            let mut roots = RootCertStore::empty();
            for certificate in
                CertificateDer::pem_file_iter(path).map_err(|e| bad(e.to_string()))?
            {
                roots
                    .add(certificate.map_err(|e| bad(e.to_string()))?)
                    .map_err(|e| bad(e.to_string()))?;
            }
            builder.with_root_certificates(roots).with_no_client_auth()
        }
        None => builder
            .dangerous()
            .with_custom_certificate_verifier(Arc::new(EncryptOnly(provider)))
            .with_no_client_auth(),
    };
    Ok(MakeRustlsConnect::new(config))
}

/// libpq's `sslmode=require`: the handshake is checked (the server proves it holds the certificate's key), the
/// certificate itself is not.
#[derive(Debug)]
struct EncryptOnly(Arc<CryptoProvider>);

impl ServerCertVerifier for EncryptOnly {
    fn verify_server_cert(
        &self,
        _end_entity: &CertificateDer<'_>,
        _intermediates: &[CertificateDer<'_>],
        _server_name: &ServerName<'_>,
        _ocsp_response: &[u8],
        _now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        Ok(ServerCertVerified::assertion())
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.0.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.0.signature_verification_algorithms.supported_schemes()
    }
}
