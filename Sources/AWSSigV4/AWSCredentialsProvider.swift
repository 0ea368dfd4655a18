import Foundation

/// A source of credentials for signing AWS requests, refreshed by whoever provides them.
///
/// A client library that signs requests asks for credentials before each request (or batch) and
/// never caches them past their expiry: the provider decides when to refresh. Latchkey's
/// `AuthClient` is one (Cognito Identity credentials, waiting for a re-login like any call).
public protocol AWSCredentialsProvider: Sendable {
    /// Credentials that are valid for signing now.
    /// - Throws: whatever kept the provider from having any (signed out, no network, cancelled).
    func signingCredentials() async throws -> AWSSigningCredentials
}

/// A provider of fixed credentials (long-term keys, or tests).
public struct StaticCredentialsProvider: AWSCredentialsProvider {
    /// The credentials handed out every time.
    public let credentials: AWSSigningCredentials

    /// A provider that always hands out `credentials`.
    public init(_ credentials: AWSSigningCredentials) {
        self.credentials = credentials
    }

    /// Returns ``credentials`` unchanged; never throws.
    public func signingCredentials() async throws -> AWSSigningCredentials { credentials }
}

extension SigV4Signer {
    /// Signs `request` for `service` in `region` with credentials fetched from `provider` at the
    /// moment of signing.
    /// - Throws: the provider's error; nothing is signed then.
    public static func signed(
        _ request: SigV4Request, with provider: some AWSCredentialsProvider, region: String, service: String,
        date: Date = Date()
    ) async throws -> SigV4Request {
        let credentials = try await provider.signingCredentials()
        return SigV4Signer(credentials: credentials, region: region, service: service).signed(request, date: date)
    }
}
