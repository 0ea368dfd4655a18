import Foundation

extension AuthConfiguration {
    /// The environment variable that allows plain `http://` endpoints on hosts other than this machine.
    public static let allowInsecureHTTPVariable = "LATCHKEY_ALLOW_INSECURE_HTTP"

    /// The next step for an endpoint refused by ``insecureHTTPProblem(_:text:environment:)``.
    static let insecureHTTPFix =
        "Use https://. Plain http is accepted for this machine only (127.0.0.1, ::1, localhost); to send "
        + "passwords and tokens unencrypted to another host anyway (a test network you trust), set "
        + "\(allowInsecureHTTPVariable)=1."

    /// Why `url` must not be used, when it is plain `http://` to a host that is not this machine's
    /// loopback and `LATCHKEY_ALLOW_INSECURE_HTTP` is not `1` in `environment`; nil otherwise.
    ///
    /// Over plain http the password, the tokens, the refresh token and the key set that verifies
    /// the tokens travel unencrypted, so anyone on the path can read or replace them.
    static func insecureHTTPProblem(_ url: URL, text: String, environment: [String: String]) -> String? {
        guard url.scheme?.lowercased() == "http", let host = url.host, !isLoopbackAddress(host),
            environment[allowInsecureHTTPVariable] != "1"
        else { return nil }
        return "\"\(displayedURL(text))\" uses plain http to a host that is not this machine, so passwords, "
            + "tokens and the key set would travel unencrypted."
    }

    /// Whether `host` is this machine's loopback: `localhost`, an address in 127.0.0.0/8, or `::1`.
    static func isLoopbackAddress(_ host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }

    /// `text` as messages may show it: any user name and password (`user:password@`) in its
    /// authority replaced by `…@`, whatever the scheme, and sanitised for the terminal.
    package static func displayedURL(_ text: String) -> String {
        let authorityStart = text.range(of: "://")?.upperBound ?? text.startIndex
        let rest = text[authorityStart...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return TerminalText.sanitized(text) }
        return TerminalText.sanitized(
            String(text[..<authorityStart]) + "…@" + String(text[text.index(after: at)...]))
    }
}
