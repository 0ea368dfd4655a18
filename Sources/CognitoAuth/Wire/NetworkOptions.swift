import Foundation

/// How the transport reaches the network: HTTP proxies, hosts that bypass them, and extra trusted CAs.
///
/// The core takes these explicitly; the `latchkey` executable builds them from the environment with
/// ``init(environment:)``, following the conventions of the AWS CLI and curl:
/// `https_proxy` / `HTTPS_PROXY` for `https://` URLs, `http_proxy` / `HTTP_PROXY` for `http://` URLs,
/// `no_proxy` / `NO_PROXY` for the hosts that go direct, and `AWS_CA_BUNDLE` for a PEM file of extra
/// CA certificates (added to the system's trust roots, never replacing them). When both spellings of
/// a variable are set, the lower-case one wins, as in curl.
public struct NetworkOptions: Sendable, Hashable {
    /// The proxy for `https://` URLs, or nil to connect directly.
    public var httpsProxy: ProxyServer?
    /// The proxy for `http://` URLs, or nil to connect directly.
    public var httpProxy: ProxyServer?
    /// Hosts that never use a proxy (`NO_PROXY` entries): `*`, a domain (matches its subdomains too,
    /// with or without a leading `.`), an IP address, an IPv4 or IPv6 CIDR block, each with an optional `:port`.
    public var noProxy: [String]
    /// A PEM file of CA certificates trusted in addition to the system's (`AWS_CA_BUNDLE`).
    public var caBundlePath: String?

    /// Creates options; the defaults connect directly and trust only the system's roots.
    public init(
        httpsProxy: ProxyServer? = nil, httpProxy: ProxyServer? = nil, noProxy: [String] = [],
        caBundlePath: String? = nil
    ) {
        self.httpsProxy = httpsProxy
        self.httpProxy = httpProxy
        self.noProxy = noProxy
        self.caBundlePath = caBundlePath
    }

    /// Direct connections and the system's trust roots only.
    public static let direct = NetworkOptions()

    /// Reads the proxy and CA variables from `environment` (lower case wins over upper case).
    ///
    /// Throws a ``ConfigurationError`` naming the variable when a proxy URL cannot be used; the
    /// message never repeats the URL's password.
    public init(environment: [String: String]) throws(ConfigurationError) {
        func value(_ name: String) -> (name: String, value: String)? {
            for candidate in [name.lowercased(), name.uppercased()] {
                if let text = environment[candidate]?.trimmingCharacters(in: .whitespaces), !text.isEmpty {
                    return (candidate, text)
                }
            }
            return nil
        }
        self.init()
        if let https = value("HTTPS_PROXY") { httpsProxy = try ProxyServer(url: https.value, variable: https.name) }
        if let http = value("HTTP_PROXY") { httpProxy = try ProxyServer(url: http.value, variable: http.name) }
        if let list = value("NO_PROXY") {
            noProxy = list.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty }
        }
        if let bundle = environment["AWS_CA_BUNDLE"], !bundle.isEmpty { caBundlePath = bundle }
    }

    /// The proxy a request to `url` goes through, or nil when it connects directly.
    public func proxy(for url: URL) -> ProxyServer? {
        let scheme = url.scheme?.lowercased()
        guard let proxy = scheme == "https" ? httpsProxy : scheme == "http" ? httpProxy : nil,
            let host = url.host
        else { return nil }
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return bypassesProxy(host: host, port: port) ? nil : proxy
    }

    /// Whether `host:port` matches an entry of ``noProxy``, as curl matches `NO_PROXY`.
    ///
    /// An IP address is compared as an address: it matches an entry that is the same address, or a
    /// CIDR block (`10.0.0.0/8`, `fd00::/8`) holding it; it never tail-matches (`0.0.1` does not
    /// match `127.0.0.1`). A host name matches an entry that is the same name or a parent domain
    /// (`example.com` and `.example.com` match `api.example.com`, never `notexample.com`). `*` alone
    /// matches every host; an entry may end in `:port` to match that port only.
    public func bypassesProxy(host: String, port: Int) -> Bool {
        let host = Self.normalised(host)
        let address = IPAddress(host)
        for raw in noProxy {
            if raw == "*" { return true }
            var entry = raw.lowercased()
            var entryPort: Int?
            // A trailing ":port" (but not the colons of a bare IPv6 address).
            if let colon = entry.lastIndex(of: ":"), entry.filter({ $0 == ":" }).count == 1 || entry.hasPrefix("[") {
                let tail = entry[entry.index(after: colon)...]
                if let number = Int(tail) {
                    entryPort = number
                    entry = String(entry[..<colon])
                }
            }
            if let entryPort, entryPort != port { continue }
            entry = Self.normalised(entry)
            if let address {
                if entry.contains("/") {
                    if address.isIn(block: entry) { return true }
                } else if IPAddress(entry) == address {
                    return true
                }
                continue
            }
            if entry.hasPrefix("*.") { entry.removeFirst(2) } else if entry.hasPrefix(".") { entry.removeFirst() }
            if entry.isEmpty || entry.contains("/") || IPAddress(entry) != nil { continue }
            if host == entry || host.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// Lower case, without IPv6 brackets or a trailing dot.
    private static func normalised(_ host: String) -> String {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        return host
    }
}

/// An IPv4 or IPv6 address in network byte order, as `inet_pton` reads it (no shorthand forms
/// such as `127.1`).
struct IPAddress: Equatable {
    /// 4 bytes for IPv4, 16 for IPv6.
    let bytes: [UInt8]

    /// The address `text` spells, or nil when it is not an IP address.
    init?(_ text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    /// Whether this address lies in the CIDR block `block` (`10.0.0.0/8`, `fd00::/8`) of its own family.
    func isIn(block: String) -> Bool {
        let parts = block.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let network = IPAddress(String(parts[0])), network.bytes.count == bytes.count,
            let bits = Int(parts[1]), (0...(bytes.count * 8)).contains(bits)
        else { return false }
        for index in bytes.indices {
            let remaining = bits - index * 8
            if remaining <= 0 { break }
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            if bytes[index] & mask != network.bytes[index] & mask { return false }
        }
        return true
    }
}

/// An HTTP proxy from a `http://[user:password@]host[:port]` URL.
///
/// Its ``description`` names the proxy and the variable it came from but never the credentials.
public struct ProxyServer: Sendable, Hashable, CustomStringConvertible {
    /// The proxy's host name or address.
    public var host: String
    /// The proxy's TCP port, from the URL (80 when the URL names none).
    public var port: Int
    /// The user name for the proxy's Basic authentication, if the URL has one.
    public var username: String?
    /// The password for the proxy's Basic authentication, if the URL has one. Never logged or shown.
    public var password: String?
    /// The environment variable the proxy came from (`HTTPS_PROXY`), when it came from one.
    public var variable: String?

    /// Creates a proxy description; `variable` names where it came from, for messages.
    public init(host: String, port: Int, username: String? = nil, password: String? = nil, variable: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.variable = variable
    }

    /// Parses a proxy URL as curl and the AWS CLI accept it: `http://` may be left out; the port
    /// defaults to 80. `https://` and SOCKS proxies are refused with a configuration error.
    public init(url text: String, variable: String? = nil) throws(ConfigurationError) {
        let name = variable ?? "proxy"
        var text = text
        if !text.contains("://") { text = "http://" + text }
        guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
            throw ConfigurationError(
                key: name, problem: "the proxy URL cannot be read.",
                fix: "Set \(name) to http://host:port (optionally http://user:password@host:port).")
        }
        let scheme = components.scheme?.lowercased() ?? "http"
        guard scheme == "http" else {
            throw ConfigurationError(
                key: name, problem: "\(scheme):// proxies are not supported.",
                fix: "Use an HTTP proxy (http://host:port); it tunnels HTTPS with CONNECT.")
        }
        let port = components.port ?? 80
        guard (1...65535).contains(port) else {
            throw ConfigurationError(
                key: name, problem: "the proxy port \(port) is out of range.", fix: "Use a port from 1 to 65535.")
        }
        self.init(
            host: host, port: port, username: components.user.flatMap { $0.removingPercentEncoding ?? $0 },
            password: components.password.flatMap { $0.removingPercentEncoding ?? $0 }, variable: variable)
    }

    /// `http://host:port (from HTTPS_PROXY)`, without credentials.
    public var description: String {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let origin = variable.map { " (from \($0))" } ?? ""
        return "http://\(shownHost):\(port)\(origin)"
    }
}
