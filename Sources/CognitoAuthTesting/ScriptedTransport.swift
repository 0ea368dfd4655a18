import CognitoAuth
import Foundation

/// A transport for unit tests: each request is answered by a closure, and every request is recorded.
public final class ScriptedTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: `requests` is only touched while holding `lock`; `responder` is immutable.
    private let lock = NSLock()
    private var requests: [HTTPRequestData] = []
    private let responder: @Sendable (HTTPRequestData) async throws -> HTTPResponseData

    /// Notified after each request is recorded (for ``Waiter``).
    public let changes = ChangeSignal()

    /// Creates a transport answering with `responder`.
    public init(_ responder: @escaping @Sendable (HTTPRequestData) async throws -> HTTPResponseData) {
        self.responder = responder
    }

    /// Records and answers the request.
    public func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        lock.withLock { requests.append(request) }
        changes.notify()
        return try await responder(request)
    }

    /// The requests sent so far.
    public var sent: [HTTPRequestData] { lock.withLock { requests } }

    /// The X-Amz-Target operation names sent so far.
    public var operations: [String] {
        sent.compactMap { $0.header("X-Amz-Target")?.split(separator: ".").last.map(String.init) }
    }

    /// An answer with `value` as its JSON body and `status` (200 unless given).
    public static func json(_ value: JSONValue, status: Int = 200) -> HTTPResponseData {
        HTTPResponseData(
            status: status, headers: [("Content-Type", "application/x-amz-json-1.1")], body: Array(value.encoded()))
    }

    /// A Cognito error answer.
    public static func error(_ type: String, _ message: String, status: Int = 400) -> HTTPResponseData {
        json(["__type": .string(type), "message": .string(message)], status: status)
    }
}

/// Makes unsigned JWTs with chosen claims, for unit tests that need tokens.
public enum TestJWT {
    /// A JWT whose payload is `claims` (signature is garbage: decoding does not verify).
    public static func make(_ claims: [String: JSONValue]) -> String {
        func encode(_ value: JSONValue) -> String {
            value.encoded().base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return encode(["alg": "RS256", "kid": "test", "typ": "JWT"]) + "." + encode(.object(claims)) + ".c2lnbmF0dXJl"
    }

    /// An id/access/refresh token set for `pool`, issued at `issued` with `lifetime` seconds.
    public static func tokens(
        pool: UserPoolConfiguration, username: String, issued: Date, lifetime: TimeInterval, serial: Int = 0,
        issuer: String? = nil
    )
        -> (id: String, access: String, refresh: String)
    {
        let iss = JSONValue.string(issuer ?? pool.issuer)
        let iat = JSONValue.number(issued.timeIntervalSince1970.rounded(.down))
        let exp = JSONValue.number((issued.timeIntervalSince1970 + lifetime).rounded(.down))
        let id = make([
            "iss": iss, "aud": .string(pool.appClientId), "token_use": "id", "iat": iat, "exp": exp,
            "cognito:username": .string(username), "sub": .string("sub-\(username)"), "jti": .string("id-\(serial)"),
        ])
        let access = make([
            "iss": iss, "client_id": .string(pool.appClientId), "token_use": "access", "iat": iat,
            "exp": exp, "username": .string(username), "sub": .string("sub-\(username)"),
            "jti": .string("access-\(serial)"),
        ])
        return (id, access, "refresh-\(username)")
    }
}
