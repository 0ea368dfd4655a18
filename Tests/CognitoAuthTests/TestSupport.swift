import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Shared fixtures for the CognitoAuth unit tests.
enum Fixtures {
    /// A user pool whose endpoint nothing listens on (every test uses a scripted transport).
    static let pool = UserPoolConfiguration(
        poolId: "us-east-1_TestPool1", appClientId: "testclient123", region: "us-east-1",
        endpoint: URL(string: "http://127.0.0.1:9/"))

    /// The same pool with an app client secret.
    static let poolWithSecret = UserPoolConfiguration(
        poolId: "us-east-1_TestPool1", appClientId: "testclient123", appClientSecret: "client-secret-xyz",
        region: "us-east-1", endpoint: URL(string: "http://127.0.0.1:9/"))

    /// The instant most tests start at (whole seconds, so that JSON round trips are exact).
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// Tokens issued at `issued`, valid for `lifetime` seconds.
    static func tokens(
        username: String = "alice", issued: Date = t0, lifetime: TimeInterval = 3600, serial: Int = 0,
        refreshToken: String? = "default", pool: UserPoolConfiguration = pool
    ) throws -> CognitoTokens {
        let raw = TestJWT.tokens(pool: pool, username: username, issued: issued, lifetime: lifetime, serial: serial)
        let refresh = refreshToken == "default" ? raw.refresh : refreshToken
        return try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: refresh)
    }

    /// A signed-in session record.
    static func signedInSession(_ tokens: CognitoTokens?, username: String = "alice", at date: Date = t0)
        -> PersistedSession
    {
        PersistedSession(
            state: .signedIn, username: username, provider: pool.providerKey, tokens: tokens, updatedAt: date)
    }

    /// Client options for unit tests: claims are checked, but the test JWTs carry no real signature.
    static var clientOptions: AuthClientOptions {
        var options = AuthClientOptions()
        options.verifySignatures = false
        return options
    }

    /// A configuration with just the user pool.
    static func configuration(pool: UserPoolConfiguration = pool) -> AuthConfiguration {
        AuthConfiguration(userPool: pool)
    }
}

/// A `RandomSource` that hands out fixed bytes (then zeros), for SRP and jitter.
struct FixedRandomSource: RandomSource {
    var fixed: [UInt8]
    func bytes(count: Int) -> [UInt8] {
        Array((fixed + [UInt8](repeating: 0, count: max(0, count - fixed.count))).prefix(count))
    }
}

/// A lock-protected value shared between tasks and threads in tests.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: every access to `value` holds `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}

/// A one-shot gate: waiters suspend until `open()`, or until their task is cancelled (so a test that
/// fails before opening it, and is cancelled at its time limit, does not hang).
actor AsyncGate {
    private var isOpen = false
    private var waiting: [UUID: CheckedContinuation<Void, Never>] = [:]

    func wait() async {
        if isOpen { return }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if isOpen || Task.isCancelled {
                    continuation.resume()
                } else {
                    waiting[id] = continuation
                }
            }
        } onCancel: {
            Task { await self.release(id) }
        }
    }

    private func release(_ id: UUID) { waiting.removeValue(forKey: id)?.resume() }

    func open() {
        isOpen = true
        let resumed = waiting.values
        waiting = [:]
        for continuation in resumed { continuation.resume() }
    }
}

/// Lowercase hex of bytes.
func hexString(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
}

/// Hex of an integer without leading zeros (for comparing integers given as hex of any padding).
func integerHex(_ text: String) -> String {
    let trimmed = text.lowercased().drop(while: { $0 == "0" })
    return trimmed.isEmpty ? "0" : String(trimmed)
}

/// The same for big-endian bytes.
func integerHex(_ bytes: [UInt8]) -> String { integerHex(hexString(bytes)) }

extension HTTPRequestData {
    /// The JSON body.
    var json: JSONValue? { JSONValue.parse(body) }
    /// The operation named in X-Amz-Target.
    var operation: String? { header("X-Amz-Target")?.split(separator: ".").last.map(String.init) }
    /// Whether this is a token refresh: GetTokensFromRefreshToken, or InitiateAuth with REFRESH_TOKEN_AUTH.
    var isRefresh: Bool {
        operation == "GetTokensFromRefreshToken"
            || (operation == "InitiateAuth" && json?["AuthFlow"]?.stringValue == "REFRESH_TOKEN_AUTH")
    }
    /// The refresh token a refresh request sends (either operation).
    var sentRefreshToken: String? {
        json?["RefreshToken"]?.stringValue ?? json?["AuthParameters"]?["REFRESH_TOKEN"]?.stringValue
    }
}

/// A refresh answer with tokens (and a refresh token only when `refreshToken` is given).
func refreshAnswer(_ tokens: CognitoTokens, includeRefreshToken: Bool = false) -> HTTPResponseData {
    var result: [String: JSONValue] = [
        "IdToken": .string(tokens.idToken), "AccessToken": .string(tokens.accessToken), "ExpiresIn": 3600,
        "TokenType": "Bearer",
    ]
    if includeRefreshToken, let refresh = tokens.refreshToken { result["RefreshToken"] = .string(refresh) }
    return ScriptedTransport.json(["AuthenticationResult": .object(result)])
}

extension Result where Failure == any Error {
    /// Captures the outcome of an async throwing call.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
