import SystemCrypto

extension SigV4Signer {
    /// Headers that are never signed, because proxies and HTTP clients may add, change or drop
    /// them (the list botocore uses), plus `authorization` itself.
    static let unsignedHeaderNames: Set<String> = [
        "authorization", "connection", "expect", "keep-alive", "proxy-authenticate",
        "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade", "user-agent",
        "x-amzn-trace-id",
    ]

    /// A header name as SigV4 signs it: surrounding whitespace removed, ASCII letters lower-cased.
    static func canonicalHeaderName(_ name: String) -> String {
        let bytes = trimmingWhitespace(Array(name.utf8)).map { byte in
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A header value as SigV4 signs it: trimmed, with every inner run of whitespace (line
    /// breaks of folded multi-line values included) collapsed to one space.
    static func canonicalHeaderValue(_ value: String) -> String {
        var output: [UInt8] = []
        var pendingSpace = false
        for byte in value.utf8 {
            if isWhitespace(byte) {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(UInt8(ascii: " ")) }
                pendingSpace = false
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The canonical header block (one `name:value` line each, sorted by name, duplicate names
    /// joined with `,` in order) and the `;`-separated signed header names.
    func canonicalHeaders(of request: SigV4Request) -> (canonical: String, signedHeaders: String) {
        var valuesByName: [String: [String]] = [:]
        for header in request.headers {
            let name = Self.canonicalHeaderName(header.name)
            guard !Self.unsignedHeaderNames.contains(name) else { continue }
            valuesByName[name, default: []].append(Self.canonicalHeaderValue(header.value))
        }
        let names = valuesByName.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        var canonical = ""
        for name in names {
            canonical += name + ":" + (valuesByName[name] ?? []).joined(separator: ",") + "\n"
        }
        return (canonical, names.joined(separator: ";"))
    }

    /// The canonical URI: the path, normalised and encoded as ``Options`` say; `/` when empty.
    func canonicalURI(for path: String) -> String {
        var path = path
        if options.normalizesPath {
            path = Self.removingDotSegments(from: path)
        }
        if path.isEmpty {
            path = "/"
        }
        return URIEncoding.encode(
            path.utf8, keepSlash: true, keepEscapes: !options.doubleEncodesPath)
    }

    /// `path` with `.` and `..` segments (RFC 3986 section 5.2.4) and empty segments removed,
    /// keeping a leading and (unless nothing is left) a trailing slash, as AWS services expect.
    static func removingDotSegments(from path: String) -> String {
        guard !path.isEmpty else { return "/" }
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".":
                continue
            case "..":
                if !segments.isEmpty { segments.removeLast() }
            default:
                segments.append(segment)
            }
        }
        let leading = path.hasPrefix("/") ? "/" : ""
        let trailing = path.hasSuffix("/") && !segments.isEmpty ? "/" : ""
        return leading + segments.joined(separator: "/") + trailing
    }

    /// The canonical query string: each `key=value` pair decoded and re-encoded per RFC 3986
    /// (unreserved characters left alone), sorted by encoded key, then by encoded value.
    ///
    /// A parameter without `=` gets an empty value; `+` is taken literally (signed as `%2B`),
    /// so spaces must be sent as `%20`.
    static func canonicalQueryString(for query: String) -> String {
        var pairs: [(key: String, value: String)] = []
        for parameter in query.split(separator: "&", omittingEmptySubsequences: true) {
            let key: Substring
            let value: Substring
            if let equals = parameter.firstIndex(of: "=") {
                key = parameter[..<equals]
                value = parameter[parameter.index(after: equals)...]
            } else {
                key = parameter
                value = ""
            }
            pairs.append(
                (URIEncoding.encode(URIEncoding.decode(key)), URIEncoding.encode(URIEncoding.decode(value)))
            )
        }
        pairs.sort { lhs, rhs in
            if lhs.key != rhs.key {
                return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
            }
            return lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8)
        }
        return pairs.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
    }

    /// The payload hash: an `X-Amz-Content-Sha256` header's value if present, else the body's hex SHA-256.
    static func payloadHash(of request: SigV4Request) -> String {
        if let declared = request.value(forHeader: "X-Amz-Content-Sha256") {
            return canonicalHeaderValue(declared)
        }
        return URIEncoding.hex(SHA256.hash(data: request.body))
    }

    /// Whether `byte` is ASCII whitespace (space, tab, line feed, vertical tab, form feed, carriage return).
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// `bytes` without leading and trailing ASCII whitespace.
    private static func trimmingWhitespace(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return [] }
        return bytes[first...last]
    }
}
