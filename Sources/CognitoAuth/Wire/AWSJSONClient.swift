import Foundation
import Logging

/// A client for one AWS JSON 1.1 service, such as Cognito user pools or Cognito Identity.
///
/// Requests are unsigned unless a signer is provided (Cognito's client calls are unsigned). Errors
/// come back typed: service exceptions by their `__type`, transport failures as network errors, and
/// anything that is not the expected JSON as ``AuthError/invalidResponse(status:detail:)``.
public struct AWSJSONClient: Sendable {
    /// The service's target prefix, such as `AWSCognitoIdentityProviderService`.
    public var targetPrefix: String
    /// The endpoint requests are POSTed to.
    public var endpoint: URL
    /// The transport requests are sent through.
    public var transport: any HTTPTransport
    /// The total deadline of one request.
    public var timeout: Duration
    /// An optional logger; nothing is logged without one, and bodies are never logged.
    public var logger: Logger?
    /// Signs a request before it is sent, for services that need SigV4.
    public var signer: (@Sendable (HTTPRequestData) async throws -> HTTPRequestData)?

    /// The user-pool service prefix.
    public static let userPoolsTarget = "AWSCognitoIdentityProviderService"
    /// The identity-pool service prefix.
    public static let identityTarget = "AWSCognitoIdentityService"

    /// Creates a client for one service; requests are unsigned unless `signer` is given.
    public init(
        targetPrefix: String, endpoint: URL, transport: any HTTPTransport, timeout: Duration = .seconds(15),
        logger: Logger? = nil,
        signer: (@Sendable (HTTPRequestData) async throws -> HTTPRequestData)? = nil
    ) {
        self.targetPrefix = targetPrefix
        self.endpoint = endpoint
        self.transport = transport
        self.timeout = timeout
        self.logger = logger
        self.signer = signer
    }

    /// Calls `operation` with `body` and returns the parsed JSON answer.
    public func call(_ operation: String, _ body: JSONValue) async throws -> JSONValue {
        var request = HTTPRequestData(
            url: endpoint,
            method: "POST",
            headers: [
                ("Content-Type", "application/x-amz-json-1.1"),
                ("X-Amz-Target", "\(targetPrefix).\(operation)"),
                ("Accept", "application/json"),
                ("User-Agent", LatchkeyVersion.userAgent),
            ],
            body: Array(body.encoded())
        )
        if let signer { request = try await signer(request) }
        let started = ContinuousClock.now
        let response: HTTPResponseData
        do {
            response = try await transport.send(request, timeout: timeout)
        } catch let error as AuthError {
            logger?.debug("\(operation) failed", metadata: ["error": "\(Self.kind(of: error))"])
            throw error
        }
        logger?.debug(
            "\(operation) answered",
            metadata: ["status": "\(response.status)", "ms": "\((ContinuousClock.now - started).milliseconds)"])
        return try Self.decode(response, operation: operation)
    }

    /// Turns a response into JSON or a typed error.
    public static func decode(_ response: HTTPResponseData, operation: String) throws(AuthError) -> JSONValue {
        let parsed = response.body.isEmpty ? JSONValue.object([:]) : JSONValue.parse(response.body)
        if (200..<300).contains(response.status) {
            guard let parsed, parsed.objectValue != nil else {
                throw .invalidResponse(
                    status: response.status, detail: "\(operation) answered with a body that is not a JSON object")
            }
            return parsed
        }
        let headerType = response.header("x-amzn-ErrorType")
        if let type = parsed?["__type"]?.stringValue ?? parsed?["code"]?.stringValue ?? headerType {
            let message = parsed?["message"]?.stringValue ?? parsed?["Message"]?.stringValue ?? ""
            let error = AuthError.fromService(type: Self.normalise(type: type), message: String(message.prefix(500)))
            if case .service = error, response.status >= 500 {
                throw .internalError("\(Self.normalise(type: type)): \(message.prefix(200))")
            }
            throw error
        }
        if (300..<400).contains(response.status) {
            throw .invalidResponse(
                status: response.status,
                detail:
                    "\(operation) was redirected elsewhere (Latchkey does not follow redirects)"
            )
        }
        let snippet = String(decoding: response.body.prefix(80), as: UTF8.self)
            .replacingOccurrences(of: "\n", with: " ")
        let looksLikeHTML = snippet.lowercased().contains("<html") || snippet.lowercased().contains("<!doctype")
        throw .invalidResponse(
            status: response.status,
            detail: looksLikeHTML
                ? "\(operation) answered with an HTML page instead of JSON"
                : "\(operation) answered without a JSON error (\(response.body.count) bytes)")
    }

    /// Strips a `namespace#` prefix and a `:url` suffix from an error type.
    package static func normalise(type: String) -> String {
        var result = Substring(type)
        if let hash = result.lastIndex(of: "#") { result = result[result.index(after: hash)...] }
        if let colon = result.firstIndex(of: ":") { result = result[..<colon] }
        return String(result)
    }

    private static func kind(of error: AuthError) -> String {
        if case .network(let kind, _) = error { return kind.rawValue }
        return "other"
    }
}

extension Duration {
    /// The duration in whole milliseconds.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }

    /// The duration in seconds as a floating-point number.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
