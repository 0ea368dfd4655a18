import Foundation

/// One HTTP request as the wire client builds it.
public struct HTTPRequestData: Sendable {
    /// The absolute URL, scheme `http` or `https`.
    public var url: URL
    /// The method, such as `POST`.
    public var method: String
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes; empty for no body.
    public var body: [UInt8]

    /// Creates a request; by default a `POST` with no headers and no body.
    public init(url: URL, method: String = "POST", headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// The first value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One HTTP response as a transport received it, body complete.
public struct HTTPResponseData: Sendable {
    /// The HTTP status code, such as 200 or 400.
    public var status: Int
    /// Header fields in order.
    public var headers: [(name: String, value: String)]
    /// The body bytes, capped by the transport.
    public var body: [UInt8]

    /// Creates a response (transports, and test doubles standing in for one).
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The first value of the named header, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Sends HTTP requests: the edge the auth core talks to the network through.
///
/// Implementations map every transport failure to ``AuthError/network(kind:message:)``, enforce the
/// total `timeout` (slow-drip answers included) and cap the body at `maxResponseBytes`.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole response, or throws an ``AuthError``.
    func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData
}

/// Limits that every transport honours.
package enum HTTPLimits {
    /// The largest response body accepted (1 MiB); a larger one is an invalid response.
    package static let maxResponseBytes = 1 << 20
}
