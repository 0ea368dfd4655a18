import Foundation

/// The user pool's hosted UI (managed login) as the configuration file states it: Cognito's OAuth 2.0
/// endpoints for the authorization code grant with PKCE.
///
/// Read from `awsconfiguration.json`'s `Auth.Default.OAuth` (`WebDomain`, `AppClientId`,
/// `SignInRedirectURI`, `SignOutRedirectURI`, `Scopes`), Gen 1's `oauth` (`domain`, `scope`,
/// `redirectSignIn`, `redirectSignOut`, `responseType`) and Gen 2's `auth.oauth` (`domain`, `scopes`,
/// `redirect_sign_in_uri`, `redirect_sign_out_uri`, `identity_providers`, `response_type`).
public struct HostedUIConfiguration: Sendable, Hashable {
    /// The hosted UI's base URL: `https://<domain>` (or `http://127.0.0.1:PORT` for a local backend).
    public var webDomain: URL
    /// The app client the hosted UI signs in to; nil means the user pool's `AppClientId`.
    public var appClientId: String?
    /// The sign-in redirect URIs (callback URLs) in the file's order, http(s) only.
    public var signInRedirectURIs: [URL]
    /// The sign-out redirect URIs (sign-out URLs), http(s) only.
    public var signOutRedirectURIs: [URL]
    /// The scopes to ask for; empty means the app client's allowed scopes.
    public var scopes: [String]
    /// The identity providers the configuration names, in Cognito's `identity_provider` spelling
    /// (`Google`, `Facebook`, `LoginWithAmazon`, `SignInWithApple`, or a SAML/OIDC provider's name).
    public var identityProviders: [String]

    /// Creates a configuration; nil `appClientId` means the user pool's app client.
    public init(
        webDomain: URL, appClientId: String? = nil, signInRedirectURIs: [URL], signOutRedirectURIs: [URL] = [],
        scopes: [String] = [], identityProviders: [String] = []
    ) {
        self.webDomain = webDomain
        self.appClientId = appClientId
        self.signInRedirectURIs = signInRedirectURIs
        self.signOutRedirectURIs = signOutRedirectURIs
        self.scopes = scopes
        self.identityProviders = identityProviders
    }

    /// The `identity_provider` value of the pool's own sign-in form.
    public static let cognitoProvider = "COGNITO"

    /// The OAuth 2.0 authorize endpoint the browser opens, `<webDomain>/oauth2/authorize`.
    public var authorizeEndpoint: URL { webDomain.appendingPathComponent("oauth2/authorize") }
    /// The endpoint that exchanges the code (and refresh tokens) for tokens, `<webDomain>/oauth2/token`.
    public var tokenEndpoint: URL { webDomain.appendingPathComponent("oauth2/token") }
    /// The endpoint that revokes a refresh token, `<webDomain>/oauth2/revoke`.
    public var revokeEndpoint: URL { webDomain.appendingPathComponent("oauth2/revoke") }
    /// The page that clears the hosted UI's browser session, `<webDomain>/logout`.
    public var logoutEndpoint: URL { webDomain.appendingPathComponent("logout") }

    /// The first sign-in redirect URI a terminal can listen on: `http://localhost:PORT/...` or
    /// `http://127.0.0.1:PORT/...` with an explicit port.
    public var loopbackRedirectURI: URL? {
        signInRedirectURIs.first { Self.loopbackPort(of: $0) != nil }
    }

    /// The redirect URI a sign-in sends: the loopback one when there is one, else the first (the
    /// paste-back path works with any registered URI: the browser shows where it landed).
    public var signInRedirectURI: URL? { loopbackRedirectURI ?? signInRedirectURIs.first }

    /// The port of a loopback `http` URL with an explicit port, else nil.
    public static func loopbackPort(of url: URL) -> Int? {
        guard url.scheme?.lowercased() == "http", let host = url.host, isLoopbackHost(host),
            let port = url.port, (1...65535).contains(port)
        else { return nil }
        return port
    }

    /// Whether `host` names this machine's loopback interface.
    public static func isLoopbackHost(_ host: String) -> Bool {
        let lowered = host.lowercased()
        return lowered == "localhost" || lowered == "127.0.0.1" || lowered == "[::1]" || lowered == "::1"
    }

    /// Cognito's `identity_provider` spelling for the names Amplify writes (`GOOGLE`, `FACEBOOK`,
    /// `AMAZON`, `APPLE`, `LOGIN_WITH_AMAZON`, `SIGN_IN_WITH_APPLE`); other names (SAML and OIDC providers)
    /// are kept as written.
    public static func cognitoProviderName(_ name: String) -> String {
        switch name.trimmingCharacters(in: .whitespaces).uppercased() {
        case "GOOGLE": return "Google"
        case "FACEBOOK": return "Facebook"
        case "AMAZON", "LOGIN_WITH_AMAZON", "LOGINWITHAMAZON": return "LoginWithAmazon"
        case "APPLE", "SIGN_IN_WITH_APPLE", "SIGNINWITHAPPLE": return "SignInWithApple"
        case "COGNITO": return cognitoProvider
        default: return name.trimmingCharacters(in: .whitespaces)
        }
    }

    /// A provider's name for people: `Google`, `Login with Amazon`, `Sign in with Apple`, or as written.
    public static func displayName(ofProvider name: String) -> String {
        switch name {
        case "LoginWithAmazon": return "Amazon"
        case "SignInWithApple": return "Apple"
        default: return name
        }
    }
}

extension ConfigurationReader {
    /// The raw values of an OAuth section, before checking.
    struct RawHostedUI {
        var domain: String?
        var domainKey: String
        var appClientId: String?
        var signIn: [String]
        var signInKey: String
        var signOut: [String]
        var signOutKey: String
        var scopes: [String]
        var providers: [String]
        var responseType: String?
        var responseTypeKey: String
    }

    /// Reads an OAuth section into ``HostedUIConfiguration``; a value a terminal cannot use becomes
    /// ``AuthConfiguration/hostedUIProblem`` (the rest of the file still loads, so password sign-in
    /// keeps working) and a note.
    mutating func readHostedUI(_ raw: RawHostedUI, into configuration: inout AuthConfiguration) {
        do {
            configuration.hostedUI = try checkedHostedUI(raw)
            configuration.hostedUIDomain = configuration.hostedUI?.webDomain.absoluteString
        } catch {
            configuration.hostedUIProblem = error
            configuration.hostedUIDomain = raw.domain.flatMap { $0.isEmpty ? nil : TerminalText.sanitized($0) }
            warn(error, lead: "the hosted UI (OAuth) cannot be used; password sign-in is unaffected")
        }
    }

    func checkedHostedUI(_ raw: RawHostedUI) throws(ConfigurationError) -> HostedUIConfiguration {
        guard let domain = raw.domain, !domain.isEmpty else {
            throw error(
                raw.domainKey, "the OAuth section names no hosted UI domain.",
                "Add the user pool's domain (such as example.auth.us-east-1.amazoncognito.com).")
        }
        let webDomain = try Self.webDomainURL(domain, key: raw.domainKey, reader: self)
        if let type = raw.responseType?.lowercased(), type != "code" {
            throw error(
                raw.responseTypeKey,
                "response type \"\(TerminalText.sanitized(type))\" (the implicit grant) is refused: it puts the "
                    + "tokens in the browser's address bar and gives no refresh token.",
                "Set it to \"code\" and allow the authorization code grant on the app client.")
        }
        func urls(_ texts: [String], key: String) throws(ConfigurationError) -> [URL] {
            var result: [URL] = []
            for text in texts where !text.isEmpty {
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                    scheme == "http" || scheme == "https", url.host?.isEmpty == false
                else {
                    // Mobile apps register custom schemes (myapp://); a terminal cannot receive them.
                    continue
                }
                result.append(url)
            }
            if result.isEmpty && !texts.isEmpty {
                throw error(
                    key,
                    "no redirect URI is an http(s) URL (\(texts.map { "\"\(AuthConfiguration.displayedURL($0))\"" }.joined(separator: ", "))): "
                        + "a terminal cannot receive a custom-scheme redirect.",
                    "Add http://localhost:53682/callback to the app client's callback URLs and to this list.")
            }
            return result
        }
        let signIn = try urls(raw.signIn, key: raw.signInKey)
        guard !signIn.isEmpty else {
            throw error(
                raw.signInKey, "the OAuth section has no sign-in redirect URI.",
                "Add http://localhost:53682/callback to the app client's callback URLs and to the configuration.")
        }
        let signOut = (try? urls(raw.signOut, key: raw.signOutKey)) ?? []
        var providers: [String] = []
        for name in raw.providers.map(HostedUIConfiguration.cognitoProviderName)
        where !name.isEmpty && name != HostedUIConfiguration.cognitoProvider && !providers.contains(name) {
            providers.append(name)
        }
        return HostedUIConfiguration(
            webDomain: webDomain, appClientId: raw.appClientId.flatMap { $0.isEmpty ? nil : $0 },
            signInRedirectURIs: signIn, signOutRedirectURIs: signOut,
            scopes: raw.scopes.filter { !$0.isEmpty }, identityProviders: providers)
    }

    /// `domain` as a base URL: a bare host means https; an explicit `http://` is accepted for loopback only.
    static func webDomainURL(_ domain: String, key: String, reader: ConfigurationReader) throws(ConfigurationError)
        -> URL
    {
        var text = domain
        while text.hasSuffix("/") { text.removeLast() }
        if !text.contains("://") { text = "https://" + text }
        guard let url = URL(string: text), let host = url.host, !host.isEmpty,
            AuthConfiguration.endpointProblem(text) == nil
        else {
            throw reader.error(
                key, "\"\(AuthConfiguration.displayedURL(domain))\" is not a hosted UI domain.",
                "Write the domain as Cognito shows it, such as example.auth.us-east-1.amazoncognito.com.")
        }
        if url.scheme?.lowercased() == "http" && !HostedUIConfiguration.isLoopbackHost(host) {
            throw reader.error(
                key,
                "\"\(AuthConfiguration.displayedURL(domain))\" uses plain http to a host that is not this machine.",
                "Use https (or the bare domain name); plain http is accepted for 127.0.0.1 and localhost only.")
        }
        return url
    }

    /// A list of strings from an array, or from one string (Gen 1 writes a single URI, or several
    /// separated by commas).
    static func stringList(_ value: JSONValue?) -> [String] {
        if let array = value?.arrayValue {
            return array.compactMap { $0.stringValue?.trimmingCharacters(in: .whitespaces) }
        }
        guard let text = value?.stringValue else { return [] }
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
