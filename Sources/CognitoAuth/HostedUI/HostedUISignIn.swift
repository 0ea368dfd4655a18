import Foundation
import Logging

/// What came back from the hosted UI: the query of the redirect to the sign-in redirect URI.
public enum HostedUICallback: Sendable, Hashable {
    /// `?code=...&state=...`; `state` is nil for a bare pasted code.
    case code(String, state: String?)
    /// The hosted UI refused: `?error=...&error_description=...&state=...`, with the text sanitised.
    case error(String, description: String?, state: String?)

    /// The longest text accepted as a pasted URL or code.
    static let maxPastedLength = 8192

    /// Reads a redirect's query items (`code`, `state`, `error`, `error_description`).
    public static func fromQuery(_ items: [URLQueryItem]) -> HostedUICallback? {
        func value(_ name: String) -> String? {
            items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 }
        }
        let state = value("state")
        if let error = value("error") {
            return .error(
                TerminalText.sanitized(String(error.prefix(100))),
                description: value("error_description").map { TerminalText.sanitized(String($0.prefix(300))) },
                state: state)
        }
        if let code = value("code") { return .code(code, state: state) }
        return nil
    }

    /// Reads what a person pasted: the whole redirect URL (from the browser's address bar) or the
    /// bare authorization code. Throws ``HostedUIFailure/noCode`` for anything else.
    public static func parse(pasted text: String) throws(AuthError) -> HostedUICallback {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= maxPastedLength else { throw .hostedUI(.noCode) }
        if trimmed.contains("?") || trimmed.contains("://") {
            guard let components = URLComponents(string: trimmed), let items = components.queryItems,
                let callback = fromQuery(items)
            else { throw .hostedUI(.noCode) }
            if case .code(_, nil) = callback { throw .hostedUI(.missingState) }
            return callback
        }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        guard trimmed.unicodeScalars.allSatisfy({ allowed.contains($0) }), trimmed.count >= 8 else {
            throw .hostedUI(.noCode)
        }
        return .code(trimmed, state: nil)
    }
}

/// One sign-in through the hosted UI, begun by ``AuthClient/beginHostedUISignIn(provider:)``: the URL
/// to open and the secrets to check the redirect with.
public struct HostedUISignInRequest: Sendable {
    /// The `/oauth2/authorize` URL to open in a browser.
    public let authorizeURL: URL
    /// The redirect URI sent (and to be sent again to the token endpoint).
    public let redirectURI: URL
    /// The loopback port to listen on, when the redirect URI is `http://localhost:PORT/...`.
    public let loopbackPort: Int?
    /// The identity provider asked for (`COGNITO`, `Google`...); nil lets the hosted UI offer every one.
    public let provider: String?
    /// The `state` sent (random, 32 bytes base64url).
    let state: String
    /// The PKCE pair (the verifier is secret).
    let pkce: PKCE

    /// Whether `callback` carries this sign-in's `state` (compared in constant time); a bare pasted
    /// code has none and counts as matching (PKCE still binds it to this sign-in).
    public func accepts(_ callback: HostedUICallback) -> Bool {
        switch callback {
        case .code(_, let state), .error(_, _, let state):
            guard let state else {
                if case .code = callback { return true }
                return false
            }
            return ConstantTime.equal(state, self.state)
        }
    }
}

extension HostedUISignInRequest: CustomStringConvertible {
    /// The URL and port; the state and the verifier are left out.
    public var description: String {
        "HostedUISignInRequest(authorizeURL: \(authorizeURL), loopbackPort: \(loopbackPort.map(String.init) ?? "-"))"
    }
}

/// Form encoding and the authorize URL.
enum HostedUIWire {
    /// `application/x-www-form-urlencoded` of `pairs`, in order.
    static func form(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func encode(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// The authorize URL for the code flow with PKCE (S256): client, redirect URI, `state`, the scopes
    /// when configured and `identity_provider` when `provider` is given; nil if the URL cannot be formed.
    static func authorizeURL(
        _ hostedUI: HostedUIConfiguration, clientId: String, redirectURI: URL, state: String, pkce: PKCE,
        provider: String?
    ) -> URL? {
        var pairs = [
            ("response_type", "code"), ("client_id", clientId), ("redirect_uri", redirectURI.absoluteString),
            ("state", state),
        ]
        if !hostedUI.scopes.isEmpty { pairs.append(("scope", hostedUI.scopes.joined(separator: " "))) }
        pairs.append(("code_challenge", pkce.challenge))
        pairs.append(("code_challenge_method", PKCE.method))
        if let provider { pairs.append(("identity_provider", provider)) }
        return URL(string: hostedUI.authorizeEndpoint.absoluteString + "?" + form(pairs))
    }

    /// The hosted UI's `/logout?client_id&logout_uri` URL; nil when no sign-out redirect URI is configured.
    static func logoutURL(_ hostedUI: HostedUIConfiguration, clientId: String) -> URL? {
        guard let logoutURI = hostedUI.signOutRedirectURIs.first else { return nil }
        return URL(
            string: hostedUI.logoutEndpoint.absoluteString + "?"
                + form([("client_id", clientId), ("logout_uri", logoutURI.absoluteString)]))
    }
}

/// Signing in through the pool's hosted UI (OAuth 2.0 with PKCE) in a browser.
public protocol HostedUIService: Sendable {
    /// Begins a browser sign-in with `provider` (`COGNITO` for the pool's own page, nil for every option).
    func beginHostedUISignIn(provider: String?) async throws -> HostedUISignInRequest
    /// Completes a browser sign-in with the redirect the loopback listener received.
    func completeHostedUISignIn(_ request: HostedUISignInRequest, callback: HostedUICallback, replacingSession: Bool)
        async throws
    /// Completes a browser sign-in with a pasted redirect URL or code.
    func completeHostedUISignIn(_ request: HostedUISignInRequest, pasted: String, replacingSession: Bool) async throws
}

extension AuthClient: HostedUIService {}

extension AuthClient {
    /// The hosted UI settings, or the configuration error that explains why there are none.
    public func hostedUIConfiguration() throws(AuthError) -> HostedUIConfiguration {
        if let hostedUI = configuration.hostedUI { return hostedUI }
        if let problem = configuration.hostedUIProblem { throw .configuration(problem) }
        throw .configuration(
            ConfigurationError(
                file: configuration.sourcePath, key: "Auth.Default.OAuth",
                problem: "no hosted UI (OAuth) is configured, so there is no browser sign-in.",
                fix: "Add Auth.Default.OAuth (WebDomain, SignInRedirectURI such as http://localhost:53682/callback, "
                    + "Scopes) to awsconfiguration.json, or oauth to the Amplify configuration; or sign in with a password."
            ))
    }

    /// The app client the hosted UI signs in to: the user pool's (tokens are verified and refreshed for it).
    func hostedUIClientId(_ hostedUI: HostedUIConfiguration) throws(AuthError) -> String {
        guard let pool = configuration.userPool else {
            _ = try userPoolAPI()
            return ""
        }
        if let own = hostedUI.appClientId, own != pool.appClientId {
            throw .configuration(
                ConfigurationError(
                    file: configuration.sourcePath, key: "Auth.Default.OAuth.AppClientId",
                    problem: "the hosted UI's app client differs from CognitoUserPool's AppClientId, and Latchkey "
                        + "verifies and refreshes tokens for one app client.",
                    fix: "Use the same app client in both places (or drop OAuth.AppClientId)."))
        }
        return pool.appClientId
    }

    /// Begins a sign-in through the hosted UI: a fresh PKCE pair and `state`, and the authorize URL.
    ///
    /// `provider` is sent as `identity_provider`: `COGNITO` for the pool's own form, `Google` (and so on)
    /// for a social or SAML/OIDC provider, nil to let the hosted UI show every option.
    public func beginHostedUISignIn(provider: String?) throws(AuthError) -> HostedUISignInRequest {
        let hostedUI = try hostedUIConfiguration()
        let clientId = try hostedUIClientId(hostedUI)
        guard let redirectURI = hostedUI.signInRedirectURI else {
            throw .configuration(
                ConfigurationError(
                    file: configuration.sourcePath, key: "Auth.Default.OAuth.SignInRedirectURI",
                    problem: "no sign-in redirect URI is configured.",
                    fix:
                        "Add http://localhost:53682/callback to the app client's callback URLs and to the configuration."
                ))
        }
        let pkce = PKCE(random: random)
        let state = PKCE.base64URL(random.bytes(count: 32))
        guard
            let url = HostedUIWire.authorizeURL(
                hostedUI, clientId: clientId, redirectURI: redirectURI, state: state, pkce: pkce, provider: provider)
        else {
            throw .invalidParameter("The hosted UI's authorize URL could not be built. Check WebDomain.")
        }
        return HostedUISignInRequest(
            authorizeURL: url, redirectURI: redirectURI,
            loopbackPort: HostedUIConfiguration.loopbackPort(of: redirectURI), provider: provider, state: state,
            pkce: pkce)
    }

    /// Completes a hosted-UI sign-in with the redirect's code: checks `state`, exchanges the code at
    /// `/oauth2/token` with the PKCE verifier, verifies the tokens as any others, and stores the session.
    ///
    /// Listeners and user states follow as for any sign-in. Throws ``AuthError/hostedUI(_:)`` for a
    /// wrong `state`, an `error=` redirect or a refused code.
    public func completeHostedUISignIn(
        _ request: HostedUISignInRequest, callback: HostedUICallback, replacingSession: Bool = false
    ) async throws {
        guard request.accepts(callback) else { throw AuthError.hostedUI(.stateMismatch) }
        let code: String
        switch callback {
        case .error(let error, let description, _):
            throw AuthError.hostedUI(.authorizationDenied(error: error, description: description))
        case .code(let value, _): code = value
        }
        let hostedUI = try hostedUIConfiguration()
        let clientId = try hostedUIClientId(hostedUI)
        let tokens = try await reachingBackend {
            try await exchangeCode(
                code, request: request, hostedUI: hostedUI, clientId: clientId,
                secret: configuration.userPool?.appClientSecret)
        }
        try await verify(tokens)
        let name = tokens.accessClaims?.username ?? tokens.idClaims?.preferredUsername ?? "user"
        if !replacingSession, let current = machine.signedInUser(otherThan: name) {
            logger?.info("hosted UI sign-in refused: another user's session is here")
            throw AuthError.anotherUserSignedIn(signedIn: current, attempted: name)
        }
        try await completeSignIn(tokens: tokens, username: name, hostedUI: true)
    }

    /// Completes a hosted-UI sign-in with pasted text: the whole redirect URL or the bare code.
    public func completeHostedUISignIn(
        _ request: HostedUISignInRequest, pasted: String, replacingSession: Bool = false
    ) async throws {
        try await completeHostedUISignIn(
            request, callback: try HostedUICallback.parse(pasted: pasted), replacingSession: replacingSession)
    }

    /// The `/logout` URL that ends the hosted UI's own browser session, when the signed-in session came
    /// from the hosted UI and a sign-out redirect URI is configured.
    public func hostedUILogoutURL() -> URL? {
        guard machine.session?.hostedUI == true, let hostedUI = configuration.hostedUI,
            let clientId = try? hostedUIClientId(hostedUI)
        else { return nil }
        return HostedUIWire.logoutURL(hostedUI, clientId: clientId)
    }

    /// POST `/oauth2/token` with `grant_type=authorization_code`, through the client's transport.
    func exchangeCode(
        _ code: String, request: HostedUISignInRequest, hostedUI: HostedUIConfiguration, clientId: String,
        secret: String?
    ) async throws -> CognitoTokens {
        var headers: [(name: String, value: String)] = [
            ("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"),
        ]
        if let secret {
            let credentials = HostedUIWire.encode(clientId) + ":" + HostedUIWire.encode(secret)
            headers.append(("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString()))
        }
        let body = HostedUIWire.form([
            ("grant_type", "authorization_code"), ("client_id", clientId), ("code", code),
            ("redirect_uri", request.redirectURI.absoluteString), ("code_verifier", request.pkce.verifier),
        ])
        let response = try await transport.send(
            HTTPRequestData(url: hostedUI.tokenEndpoint, method: "POST", headers: headers, body: Array(body.utf8)),
            timeout: options.requestTimeout)
        let json = JSONValue.parse(response.body)
        guard response.status == 200 else {
            let error = json?["error"]?.stringValue.map { TerminalText.sanitized(String($0.prefix(100))) }
            let description = json?["error_description"]?.stringValue.map {
                TerminalText.sanitized(String($0.prefix(300)))
            }
            if error == "invalid_grant" { throw AuthError.hostedUI(.codeRejected(description: description)) }
            if let error, response.status < 500 {
                throw AuthError.hostedUI(.tokenRequestRefused(error: error, description: description))
            }
            throw AuthError.invalidResponse(
                status: response.status, detail: "the token endpoint answered HTTP \(response.status)")
        }
        guard let id = json?["id_token"]?.stringValue, let access = json?["access_token"]?.stringValue else {
            throw AuthError.invalidResponse(status: 200, detail: "the token endpoint answered without tokens")
        }
        return try CognitoTokens(idToken: id, accessToken: access, refreshToken: json?["refresh_token"]?.stringValue)
    }
}
