import Foundation
import Testing

@testable import CognitoAuth

/// Proxy and CA variables as the AWS CLI and curl read them (issue 11, item 3), without the network.
@Suite("Network options: HTTPS_PROXY, HTTP_PROXY, NO_PROXY, AWS_CA_BUNDLE")
struct NetworkOptionsTests {
    static let https = URL(string: "https://cognito-idp.us-east-1.amazonaws.com/")!
    static let http = URL(string: "http://127.0.0.1:5000/")!

    @Test("HTTPS_PROXY serves https:// URLs and HTTP_PROXY http:// URLs; nothing set connects directly")
    func schemes() throws {
        let options = try NetworkOptions(environment: [
            "HTTPS_PROXY": "http://secure.proxy:3128", "HTTP_PROXY": "plain.proxy:8080",
        ])
        #expect(options.proxy(for: Self.https)?.host == "secure.proxy")
        #expect(options.proxy(for: Self.https)?.port == 3128)
        #expect(options.proxy(for: Self.http)?.host == "plain.proxy")
        #expect(options.proxy(for: Self.http)?.port == 8080)
        let none = try NetworkOptions(environment: [:])
        #expect(none.proxy(for: Self.https) == nil)
        #expect(none == .direct)
        // No port: 80, as the AWS CLI (Python) assumes for an http:// proxy.
        #expect(try ProxyServer(url: "http://proxy.corp").port == 80)
    }

    @Test("Lower case wins over upper case, as in curl; empty values count as unset")
    func lowerCaseWins() throws {
        let options = try NetworkOptions(environment: [
            "https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2", "no_proxy": "",
            "NO_PROXY": "upper.example",
        ])
        #expect(options.httpsProxy?.host == "lower")
        #expect(options.httpsProxy?.variable == "https_proxy")
        #expect(options.noProxy == ["upper.example"])
    }

    @Test("NO_PROXY: *, domains with subdomains, leading dots, IPs, IPv4 CIDR blocks and ports")
    func noProxyMatching() {
        let options = NetworkOptions(
            httpsProxy: ProxyServer(host: "p", port: 1),
            noProxy: ["example.com", ".corp.internal", "*.wild.test", "127.0.0.1", "10.0.0.0/8", "svc.local:8443"])
        #expect(options.bypassesProxy(host: "example.com", port: 443))
        #expect(options.bypassesProxy(host: "api.example.com", port: 443))
        #expect(!options.bypassesProxy(host: "notexample.com", port: 443))
        #expect(options.bypassesProxy(host: "a.corp.internal", port: 443))
        #expect(options.bypassesProxy(host: "x.wild.test", port: 443))
        #expect(options.bypassesProxy(host: "127.0.0.1", port: 5000))
        #expect(!options.bypassesProxy(host: "127.0.0.2", port: 5000))
        #expect(options.bypassesProxy(host: "10.20.30.40", port: 443))
        #expect(!options.bypassesProxy(host: "11.0.0.1", port: 443))
        #expect(options.bypassesProxy(host: "svc.local", port: 8443))
        #expect(!options.bypassesProxy(host: "svc.local", port: 443))
        #expect(options.proxy(for: Self.https) != nil)
        #expect(options.proxy(for: URL(string: "https://api.example.com/")!) == nil)
        let all = NetworkOptions(httpsProxy: ProxyServer(host: "p", port: 1), noProxy: ["*"])
        #expect(all.proxy(for: Self.https) == nil)
    }

    @Test("Proxy credentials are used but never shown")
    func credentialsNeverShown() throws {
        let proxy = try ProxyServer(url: "http://alice:s%40cret@proxy.corp:3128", variable: "HTTPS_PROXY")
        #expect(proxy.username == "alice")
        #expect(proxy.password == "s@cret")
        #expect(proxy.description == "http://proxy.corp:3128 (from HTTPS_PROXY)")
        #expect(!"\(proxy)".contains("cret"))
        let error = CurlTransport.classify(
            CurlFailure(code: CurlCode.couldNotConnect, osErrno: ECONNREFUSED), proxy: proxy)
        #expect(error.description.contains("http://proxy.corp:3128 (from HTTPS_PROXY)"))
        #expect(error.description.contains("HTTPS_PROXY"))
        #expect(!error.description.contains("cret"))
        #expect(error.failureKind == .network)
    }

    @Test("A proxy URL that cannot be used is a configuration error naming the variable, without the password")
    func badProxyURLs() {
        for bad in ["https://proxy.corp:3128", "socks5://proxy.corp:1080", "http://", "http://host:99999"] {
            #expect(throws: ConfigurationError.self) {
                _ = try NetworkOptions(environment: ["HTTPS_PROXY": bad])
            }
        }
        do {
            _ = try NetworkOptions(environment: ["https_proxy": "https://bob:hunter2@proxy.corp"])
            Issue.record("an https:// proxy was accepted")
        } catch {
            #expect(error.description.contains("https_proxy"))
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test("NO_PROXY matches IP addresses as addresses: exact or CIDR, never by their tail, as curl does")
    func noProxyMatchesAddressesExactly() {
        func bypasses(_ host: String, _ entries: [String]) -> Bool {
            NetworkOptions(httpsProxy: ProxyServer(host: "p", port: 1), noProxy: entries)
                .bypassesProxy(host: host, port: 443)
        }
        // The report's cases: a tail of the address is not the address.
        #expect(!bypasses("127.0.0.1", ["0.0.1"]))
        #expect(!bypasses("127.0.0.1", ["1"]))
        #expect(!bypasses("127.0.0.1", [".0.0.1"]))
        #expect(!bypasses("10.0.0.1", ["0.0.1"]))
        #expect(!bypasses("192.168.1.10", ["168.1.10"]))
        // Exact addresses and CIDR blocks, both families.
        #expect(bypasses("127.0.0.1", ["127.0.0.1"]))
        #expect(bypasses("127.0.0.1", ["127.0.0.0/8"]))
        #expect(!bypasses("128.0.0.1", ["127.0.0.0/8"]))
        #expect(bypasses("192.168.1.10", ["192.168.1.0/25"]))
        #expect(!bypasses("192.168.1.200", ["192.168.1.0/25"]))
        #expect(bypasses("8.8.8.8", ["0.0.0.0/0"]))
        #expect(bypasses("::1", ["::1"]))
        #expect(bypasses("[::1]", ["[::1]"]))
        #expect(bypasses("0:0:0:0:0:0:0:1", ["::1"]))
        #expect(bypasses("fd00::5", ["fd00::/8"]))
        #expect(!bypasses("fe80::1", ["fd00::/8"]))
        #expect(!bypasses("::1", ["127.0.0.0/8"]))
        #expect(!bypasses("127.0.0.1", ["::1/128"]))
        #expect(!bypasses("127.0.0.1", ["127.0.0.0/33"]))
        // Names: the same name or a parent domain, at a dot.
        #expect(bypasses("api.example.com", ["example.com"]))
        #expect(bypasses("api.example.com", [".example.com"]))
        #expect(bypasses("example.com", [".example.com"]))
        #expect(!bypasses("notexample.com", ["example.com"]))
        #expect(!bypasses("example.com.evil.test", ["example.com"]))
        #expect(!bypasses("api.example.com", ["com.example"]))
        #expect(bypasses("localhost", ["localhost"]))
        #expect(!bypasses("127.0.0.1", ["localhost"]))
    }

    @Test("AWS_CA_BUNDLE that is missing or holds no certificate is a configuration error naming it")
    func badCABundle() throws {
        #expect(throws: ConfigurationError.self) {
            _ = try CurlTransport(network: NetworkOptions(caBundlePath: "/nonexistent/ca.pem")).trustRoots()
        }
        do {
            _ = try CurlTransport(network: NetworkOptions(caBundlePath: "/dev/null")).trustRoots()
            Issue.record("an empty CA bundle was accepted")
        } catch {
            #expect(error.description.contains("AWS_CA_BUNDLE"))
        }
        let options = try NetworkOptions(environment: ["AWS_CA_BUNDLE": "/etc/corp-ca.pem"])
        #expect(options.caBundlePath == "/etc/corp-ca.pem")
    }

    @Test("A certificate failure says to set AWS_CA_BUNDLE")
    func certificateErrorNamesTheVariable() {
        let error = AuthError.network(kind: .tlsFailure, message: "the server's certificate is not trusted")
        #expect(error.description.contains("AWS_CA_BUNDLE"))
        #expect(error.failureKind == .network)
    }
}
