/// An HTTP request as the SigV4 signer sees it: method, raw path and query, headers and body.
///
/// The signer never rewrites `path` or `query`: they are signed (after canonicalisation) exactly
/// as they will be sent. The `Host` header must be among `headers`, since SigV4 signs it.
public struct SigV4Request: Sendable, Hashable {
    /// One header line: a name and a value, kept exactly as given (case and spaces included).
    public struct Header: Sendable, Hashable {
        /// The header name, for example `Content-Type`; compared without regard to case.
        public var name: String

        /// The raw header value; the signer trims it and collapses inner whitespace when signing.
        public var value: String

        /// Creates a header line from a name and a value.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        /// Creates a header line from a name and a value, without argument labels.
        public init(_ name: String, _ value: String) {
            self.init(name: name, value: value)
        }
    }

    /// The HTTP method, for example `GET` or `POST`, used as given.
    public var method: String

    /// The request path as it goes on the wire (already percent-encoded where needed), for example `/`.
    public var path: String

    /// The raw query string without the leading `?`; empty when there is none.
    public var query: String

    /// The headers in order; a name may appear more than once.
    public var headers: [Header]

    /// The body bytes; empty for requests without a body.
    public var body: [UInt8]

    /// Creates a request from its parts.
    public init(
        method: String,
        path: String = "/",
        query: String = "",
        headers: [Header] = [],
        body: [UInt8] = []
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// All values of the headers with the given name (case-insensitive), in order.
    public func values(forHeader name: String) -> [String] {
        let wanted = SigV4Signer.canonicalHeaderName(name)
        return headers.filter { SigV4Signer.canonicalHeaderName($0.name) == wanted }.map(\.value)
    }

    /// The first value of the header with the given name (case-insensitive), if any.
    public func value(forHeader name: String) -> String? {
        values(forHeader: name).first
    }

    /// Removes every header with the given name (case-insensitive).
    public mutating func removeHeaders(named name: String) {
        let wanted = SigV4Signer.canonicalHeaderName(name)
        headers.removeAll { SigV4Signer.canonicalHeaderName($0.name) == wanted }
    }
}
