import Foundation

@testable import NetworkLayer

/// Certificates made once with openssl for the pinning tests, and their pins as openssl computes them
/// (`openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`).
enum TestCertificates {
    /// A self-signed P-256 authority, "CN=NetworkLayer pin test", version 3.
    static let authority = """
        -----BEGIN CERTIFICATE-----
        MIIBlzCCAT2gAwIBAgIUausK3Fmt6g4FJHIcGr/tSVQIRRgwCgYIKoZIzj0EAwIw
        IDEeMBwGA1UEAwwVTmV0d29ya0xheWVyIHBpbiB0ZXN0MCAXDTI2MTEyNzA5NTUx
        NloYDzIxMjYxMTAzMDk1NTE2WjAgMR4wHAYDVQQDDBVOZXR3b3JrTGF5ZXIgcGlu
        IHRlc3QwWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQ0R4pMMvEQ+IAzjZzCZZj4
        zDsq/Aa/5yuB1qxAwYXOoMEyrPxhibm3YYeXGfseSkl1iP0fzHgEI7FOOYMT2dnS
        o1MwUTAdBgNVHQ4EFgQUYz6DQoLXR7rCLfjiryKwy5hchvEwHwYDVR0jBBgwFoAU
        Yz6DQoLXR7rCLfjiryKwy5hchvEwDwYDVR0TAQH/BAUwAwEB/zAKBggqhkjOPQQD
        AgNIADBFAiEAzeZAuGVKiiwnJu3IUg8xCZGAol4V0A4eDDz5CbB/lWECIGssTlXD
        nVKEItzNssMicKkKw4Co9d0PJlsW+hrb425n
        -----END CERTIFICATE-----
        """
    static let authorityKeyPin = "sha256/hh3nX1UcH47YBoluId5kcGK+X1kclfZO9Y50bWl1ED0="
    static let authorityCertificatePin = "cert-sha256/+N2D8afsDDZkNoqvPuequJFkqefe7uF9BtY1jly8mRc="

    /// "CN=leaf.example", signed by ``authority``, version 1 (no extensions, no version field).
    static let leaf = """
        -----BEGIN CERTIFICATE-----
        MIIBNDCB2gIUFbutF0a96+tLHDLHAZ5/+jYkjCowCgYIKoZIzj0EAwIwIDEeMBwG
        A1UEAwwVTmV0d29ya0xheWVyIHBpbiB0ZXN0MCAXDTI2MTEyNzA5NTUxNloYDzIx
        MjYxMTAzMDk1NTE2WjAXMRUwEwYDVQQDDAxsZWFmLmV4YW1wbGUwWTATBgcqhkjO
        PQIBBggqhkjOPQMBBwNCAAQ7s/HkaU4MjYpSYtuI40m50zo6gFfd4qV4x115TCI8
        uV0iShiA0N1W3UDl5HcQU8aQV9G7AkEr6ZfD7jcrg+oJMAoGCCqGSM49BAMCA0kA
        MEYCIQCdgVQoIezQ5munlajtvpHuH+km+rAIQaJAIzs+GUHnWwIhALwZG28w8JXL
        zGiNkDNvlhne1NHcoSd4HMErFb1LTBxh
        -----END CERTIFICATE-----
        """
    static let leafKeyPin = "sha256/B2uF/pQFgkoCuCbAvDD6gcQZRq8CBb/SUOr7l5b9tNg="

    /// A pin nothing here shows.
    static let otherPin = "sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="

    /// `pem`'s DER bytes.
    static func der(_ pem: String) -> Data {
        Data(PEM.firstCertificate(in: Data(pem.utf8)) ?? [])
    }
}
