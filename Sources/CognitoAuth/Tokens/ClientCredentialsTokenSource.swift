import Foundation

/// Machine-to-machine access tokens for an app client (client credentials), cached until shortly before
/// they expire and renewed by one process at a time.
///
/// The route is GetClientToken (``Route/api``: no domain needed; the client's only flow must be
/// `ALLOW_CLIENT_TOKEN_AUTH`) or `POST /oauth2/token` with `grant_type=client_credentials` on the pool's
/// domain (``Route/tokenEndpoint(_:)``). Cognito bills every token request, so a token is reused from the
/// ``IssuedTokenCache`` (keyed by pool, client, route and scopes) while it is good. The secret is held in
/// memory only: it is never written to the cache, a log or an error.
public struct ClientCredentialsTokenSource: Sendable {
    /// Which request gets the token.
    public enum Route: Sendable, Hashable {
        /// GetClientToken on the user-pool endpoint.
        case api
        /// `grant_type=client_credentials` on this token endpoint (`<domain>/oauth2/token`).
        case tokenEndpoint(URL)
    }

    /// The user pool (region, endpoint, pool id) the client belongs to.
    public let pool: UserPoolConfiguration
    /// The app client's id.
    public let clientId: String
    private let secret: String
    /// The scopes asked for (`resource-server/scope`); empty: every scope the client is allowed.
    public let scopes: [String]
    /// The route the token is asked by.
    public let route: Route
    /// Sent as `ClientMetadata` (GetClientToken) or `aws_client_metadata` (token endpoint).
    public let clientMetadata: [String: String]
    /// Where tokens are kept between calls and processes.
    public let cache: IssuedTokenCache
    let transport: any HTTPTransport
    let timeout: Duration
    let clock: any AuthClock
    /// Renew this long before expiry (at most a quarter of the token's lifetime).
    public let refreshMargin: TimeInterval

    /// Creates a source; nothing is sent until ``token()``.
    public init(
        pool: UserPoolConfiguration, clientId: String, secret: String, scopes: [String] = [], route: Route = .api,
        clientMetadata: [String: String] = [:], cache: IssuedTokenCache, transport: any HTTPTransport = CurlTransport(),
        timeout: Duration = .seconds(15), clock: any AuthClock = SystemAuthClock(), refreshMargin: TimeInterval = 300
    ) {
        self.pool = pool
        self.clientId = clientId
        self.secret = secret
        self.scopes = scopes
        self.route = route
        self.clientMetadata = clientMetadata
        self.cache = cache
        self.transport = transport
        self.timeout = timeout
        self.clock = clock
        self.refreshMargin = refreshMargin
    }

    /// The cache key: pool, client, route and the scopes in order of their names.
    public var cacheKey: String {
        let via: String
        switch route {
        case .api: via = "api"
        case .tokenEndpoint(let url): via = url.absoluteString
        }
        return ["client-credentials", pool.region, pool.poolId, clientId, via, scopes.sorted().joined(separator: " ")]
            .joined(separator: "\n")
    }

    /// A token good beyond the margin: the cached one, else a new one (one request across processes).
    public func token() async throws -> IssuedToken {
        try await cache.token(for: cacheKey, clock: clock, preferredMargin: refreshMargin) {
            try await request()
        }
    }

    /// Sends one token request (no cache).
    func request() async throws -> IssuedToken {
        switch route {
        case .api: return try await requestByAPI()
        case .tokenEndpoint(let url): return try await requestByEndpoint(url)
        }
    }

    private func requestByAPI() async throws -> IssuedToken {
        let client = AWSJSONClient(
            targetPrefix: AWSJSONClient.userPoolsTarget, endpoint: pool.resolvedEndpoint, transport: transport,
            timeout: timeout)
        let json: JSONValue
        do {
            json = try await client.getClientToken(
                clientId: clientId, secret: secret, scopes: scopes, clientMetadata: clientMetadata)
        } catch let error as AuthError {
            throw Self.explained(error, clientId: clientId)
        }
        let result = json["ClientAuthenticationResult"]
        return try IssuedToken.from(
            token: result?["AccessToken"]?.stringValue, tokenType: result?["TokenType"]?.stringValue,
            expiresIn: result?["ExpiresIn"]?.doubleValue, scopes: nil, now: clock.now())
    }

    private func requestByEndpoint(_ url: URL) async throws -> IssuedToken {
        var form = [("grant_type", "client_credentials")]
        if !scopes.isEmpty { form.append(("scope", scopes.joined(separator: " "))) }
        if !clientMetadata.isEmpty,
            let text = String(bytes: JSONValue.strings(clientMetadata).encoded(), encoding: .utf8)
        {
            form.append(("aws_client_metadata", text))
        }
        let basic = Data("\(Self.formEncoded(clientId)):\(Self.formEncoded(secret))".utf8).base64EncodedString()
        let request = HTTPRequestData(
            url: url, method: "POST",
            headers: [
                ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
                ("Authorization", "Basic \(basic)"), ("User-Agent", LatchkeyVersion.userAgent),
            ],
            body: Array(form.map { "\($0.0)=\(Self.formEncoded($0.1))" }.joined(separator: "&").utf8))
        let response = try await transport.send(request, timeout: timeout)
        let json = JSONValue.parse(response.body)
        guard (200..<300).contains(response.status) else {
            throw Self.endpointError(json?["error"]?.stringValue, status: response.status, clientId: clientId)
        }
        return try IssuedToken.from(
            token: json?["access_token"]?.stringValue, tokenType: json?["token_type"]?.stringValue,
            expiresIn: json?["expires_in"]?.doubleValue, scopes: nil, now: clock.now())
    }

    /// GetClientToken's refusals, in our words.
    static func explained(_ error: AuthError, clientId: String) -> any Error {
        switch error {
        case .notAuthorized, .resourceNotFound: return TokenServiceError.clientSecretRejected(clientId: clientId)
        case .invalidParameter(let message) where message.contains("flow not enabled"):
            return TokenServiceError.clientCredentialsNotEnabled(clientId: clientId, route: "GetClientToken")
        case .invalidParameter(let message) where message.lowercased().contains("scope"):
            return TokenServiceError.scopeNotAllowed(detail: message)
        default: return error
        }
    }

    /// The token endpoint's OAuth errors, in our words.
    static func endpointError(_ code: String?, status: Int, clientId: String) -> any Error {
        switch code {
        case "invalid_client": return TokenServiceError.clientSecretRejected(clientId: clientId)
        case "unauthorized_client", "unsupported_grant_type":
            return TokenServiceError.clientCredentialsNotEnabled(clientId: clientId, route: "/oauth2/token")
        case "invalid_scope": return TokenServiceError.scopeNotAllowed(detail: "invalid_scope")
        default:
            if status >= 500 || status == 429 {
                return AuthError.invalidResponse(status: status, detail: "the token endpoint failed")
            }
            return AuthError.invalidResponse(
                status: status, detail: "the token endpoint answered \(TerminalText.sanitized(code ?? "no error code"))"
            )
        }
    }

    /// `application/x-www-form-urlencoded` for one value (RFC 6749 appendix B for the Basic credentials too).
    static func formEncoded(_ value: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
