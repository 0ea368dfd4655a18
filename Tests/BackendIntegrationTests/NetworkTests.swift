import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Proxies and extra CAs through the built binary (issue 11, item 3), all on 127.0.0.1: a real
    /// tinyproxy, and a TLS front with a test CA made at test time.
    @Suite("Network: HTTP(S)_PROXY, NO_PROXY and AWS_CA_BUNDLE", .enabled(if: TinyProxy.executable != nil))
    struct NetworkTests {
        /// Every proxy and CA variable, removed from the child's environment unless a test sets it.
        static let variables = [
            "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy",
            "AWS_CA_BUNDLE",
        ]

        /// A user, a store, and the sign-in arguments for `config`.
        static func signInArguments(_ backend: LocalBackend, config: String? = nil) async throws -> (
            arguments: [String], username: String
        ) {
            let username = await backend.uniqueName("net")
            try await backend.createUser(username, password: Integration.password)
            let store = try Integration.temporaryDirectory("net")
            return (
                [
                    "sign-in", "--username", username, "--password-stdin", "--config",
                    config ?? backend.info.configPath,
                    "--store", store,
                ],
                username
            )
        }

        /// Runs `latchkey` with exactly these network variables.
        static func run(_ arguments: [String], _ environment: [String: String]) async throws -> LatchkeyBinary.Output {
            try await LatchkeyBinary.run(
                arguments, stdin: Integration.password + "\n", environment: environment,
                removing: variables.filter { environment[$0] == nil }, timeout: .seconds(60))
        }

        /// The backend's port (its endpoint is http://127.0.0.1:<port>).
        static func backendPort(_ backend: LocalBackend) throws -> Int {
            try #require(URL(string: backend.info.endpoint)?.port)
        }

        @Test("HTTP_PROXY: the requests go through the proxy (its log shows them), and lower case wins")
        func throughTheProxy() async throws {
            let backend = try await LocalBackend.shared()
            let proxy = try await TinyProxy()
            defer { proxy.stop() }
            let port = try Self.backendPort(backend)
            let (arguments, _) = try await Self.signInArguments(backend)
            // The upper-case variable names a dead proxy: the lower-case one must win.
            let dead = try freeLoopbackPort()
            let output = try await Self.run(
                arguments, ["http_proxy": proxy.url, "HTTP_PROXY": "http://127.0.0.1:\(dead)"])
            #expect(output.status == 0, "\(output)\n\(proxy.log)")
            let tunnels = proxy.requestLines.filter { $0.hasPrefix("CONNECT 127.0.0.1:\(port) ") }
            #expect(!tunnels.isEmpty, "no CONNECT to the backend in the proxy log:\n\(proxy.log)")
        }

        @Test("NO_PROXY=127.0.0.1 bypasses the proxy")
        func noProxyBypasses() async throws {
            let backend = try await LocalBackend.shared()
            let proxy = try await TinyProxy()
            defer { proxy.stop() }
            let (arguments, _) = try await Self.signInArguments(backend)
            let output = try await Self.run(arguments, ["HTTP_PROXY": proxy.url, "NO_PROXY": "localhost,127.0.0.1"])
            #expect(output.status == 0, "\(output)")
            #expect(proxy.requestLines.isEmpty, "the proxy saw requests:\n\(proxy.log)")
        }

        @Test("A dead proxy: exit 3, the error names the proxy and the variable, never its password")
        func deadProxy() async throws {
            let backend = try await LocalBackend.shared()
            let (arguments, _) = try await Self.signInArguments(backend)
            let dead = try freeLoopbackPort()
            let output = try await Self.run(arguments, ["HTTP_PROXY": "http://alice:pr0xy-s3cret@127.0.0.1:\(dead)"])
            #expect(output.status == 3, "\(output)")
            #expect(output.stderr.contains("http://127.0.0.1:\(dead) (from HTTP_PROXY)"), "\(output.stderr)")
            #expect(output.stderr.contains("refused the connection"))
            #expect(!output.stderr.contains("pr0xy-s3cret") && !output.stdout.contains("pr0xy-s3cret"))
            #expect(!output.stderr.contains("alice"))
        }

        @Test("A proxy that refuses the tunnel: exit 3, the error names the proxy")
        func refusingProxy() async throws {
            let backend = try await LocalBackend.shared()
            let proxy = try await TinyProxy(allowedConnectPorts: [443])
            defer { proxy.stop() }
            let (arguments, _) = try await Self.signInArguments(backend)
            let output = try await Self.run(arguments, ["http_proxy": proxy.url])
            #expect(output.status == 3, "\(output)")
            #expect(
                output.stderr.contains("\(proxy.url) (from http_proxy) refused to open the tunnel"), "\(output.stderr)")
            #expect(output.stderr.contains("HTTPS_PROXY / HTTP_PROXY and NO_PROXY"))
        }

        @Test(
            "A bad proxy URL is a configuration error (exit 2) naming the variable; a bad CA bundle only matters to TLS"
        )
        func badValues() async throws {
            let backend = try await LocalBackend.shared()
            let (arguments, _) = try await Self.signInArguments(backend)
            let socks = try await Self.run(arguments, ["HTTP_PROXY": "socks5://u:hunter2@127.0.0.1:1080"])
            #expect(socks.status == 2, "\(socks)")
            #expect(socks.stderr.contains("HTTP_PROXY"))
            #expect(!socks.stderr.contains("hunter2"))
            // The backend is plain http: the bundle is never read (the TLS case is in privateCA).
            let (again, _) = try await Self.signInArguments(backend)
            let bundle = try await Self.run(again, ["AWS_CA_BUNDLE": "/nonexistent/corp-ca.pem"])
            #expect(bundle.status == 0, "\(bundle)")
        }

        @Test(
            "TLS with a private CA: without AWS_CA_BUNDLE a certificate error that says to set it; with it, signed in")
        func privateCA() async throws {
            let backend = try await LocalBackend.shared()
            let front = try await TLSFront(upstreamPort: try Self.backendPort(backend))
            defer { front.stop() }
            // The backend's configuration with every endpoint moved to the TLS front.
            let text = try String(contentsOfFile: backend.info.configPath, encoding: .utf8)
            let directory = try Integration.temporaryDirectory("tls-config")
            let config = directory + "/awsconfiguration.json"
            try text.replacingOccurrences(of: backend.info.endpoint, with: front.url).write(
                toFile: config, atomically: true, encoding: .utf8)
            #expect(try String(contentsOfFile: config, encoding: .utf8).contains(front.url))

            let (arguments, _) = try await Self.signInArguments(backend, config: config)
            let untrusted = try await Self.run(arguments, [:])
            #expect(untrusted.status == 3, "\(untrusted)")
            #expect(untrusted.stderr.contains("certificate is not trusted"), "\(untrusted.stderr)")
            #expect(untrusted.stderr.contains("AWS_CA_BUNDLE"))

            // A bundle that cannot be read is exit 2 naming the variable, when the request is TLS.
            let missing = try await Self.run(arguments, ["AWS_CA_BUNDLE": "/nonexistent/corp-ca.pem"])
            #expect(missing.status == 2, "\(missing)")
            #expect(missing.stderr.contains("AWS_CA_BUNDLE"), "\(missing.stderr)")

            let trusted = try await Self.run(arguments, ["AWS_CA_BUNDLE": front.caPath])
            #expect(trusted.status == 0, "\(trusted)")

            // HTTPS through the proxy (CONNECT tunnel) with the extra CA: both conventions at once.
            let proxy = try await TinyProxy()
            defer { proxy.stop() }
            let (again, _) = try await Self.signInArguments(backend, config: config)
            let tunnelled = try await Self.run(again, ["HTTPS_PROXY": proxy.url, "AWS_CA_BUNDLE": front.caPath])
            #expect(tunnelled.status == 0, "\(tunnelled)\n\(proxy.log)")
            #expect(proxy.requestLines.contains { $0.hasPrefix("CONNECT 127.0.0.1:\(front.port) ") }, "\(proxy.log)")
        }
    }
}
