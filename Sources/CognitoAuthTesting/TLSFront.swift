import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TLS endpoint on loopback for tests: a test CA and a server certificate for 127.0.0.1, made at
/// test time with the `openssl` CLI, served by a small Python `ssl` forwarder to a plain-HTTP upstream
/// (the local backend). Clients must trust ``caPath`` (as `AWS_CA_BUNDLE`) to talk to it.
public final class TLSFront: Sendable {
    /// The forwarder's URL, `https://127.0.0.1:<port>`.
    public let url: String
    /// The port it listens on.
    public let port: Int
    /// The test CA's certificate (PEM), for `AWS_CA_BUNDLE`.
    public let caPath: String
    private let child: ChildProcess

    /// The forwarder: TLS in, plain TCP to the upstream port, one thread pair per connection; it
    /// prints its port, and exits when its standard input closes (the test process ended).
    static let script = """
        import os, socket, ssl, sys, threading
        cert, key, upstream = sys.argv[1], sys.argv[2], int(sys.argv[3])
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(cert, key)
        srv = socket.socket()
        srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        srv.bind(("127.0.0.1", 0))
        srv.listen(32)
        print(srv.getsockname()[1], flush=True)
        threading.Thread(target=lambda: (sys.stdin.read(), os._exit(0)), daemon=True).start()
        def pipe(a, b):
            try:
                while True:
                    data = a.recv(65536)
                    if not data:
                        break
                    b.sendall(data)
            except OSError:
                pass
            finally:
                for s in (a, b):
                    try:
                        s.shutdown(socket.SHUT_RDWR)
                    except OSError:
                        pass
        def handle(raw):
            try:
                tls = ctx.wrap_socket(raw, server_side=True)
            except (ssl.SSLError, OSError):
                raw.close()
                return
            up = socket.create_connection(("127.0.0.1", upstream))
            threading.Thread(target=pipe, args=(tls, up), daemon=True).start()
            pipe(up, tls)
        while True:
            conn, _ = srv.accept()
            threading.Thread(target=handle, args=(conn,), daemon=True).start()
        """

    /// Makes the CA and certificate, starts the forwarder to 127.0.0.1:`upstreamPort`, and waits (at
    /// most 10 s) until it listens.
    public init(upstreamPort: Int, lifetime: Duration = .seconds(300)) async throws {
        let directory = try TestScratch.directory("tls")
        func openssl(_ arguments: [String]) async throws {
            let outcome = try await ChildProcess.run(
                "/usr/bin/env", ["openssl"] + arguments, directory: directory, timeout: .seconds(60))
            guard outcome.status == 0 else { throw TestKitError("openssl \(arguments.first ?? "") failed: \(outcome)") }
        }
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try await openssl(
            ["req", "-x509"] + curve + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Latchkey Test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ])
        try await openssl(["req"] + curve + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"])
        try "subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n".write(
            toFile: directory + "/server.ext", atomically: true, encoding: .utf8)
        try await openssl([
            "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "2", "-extfile", "server.ext",
        ])
        try Self.script.write(toFile: directory + "/tls_front.py", atomically: true, encoding: .utf8)
        caPath = directory + "/ca.pem"
        child = try ChildProcess.spawn(
            "/usr/bin/env",
            [
                "python3", directory + "/tls_front.py", directory + "/server.pem", directory + "/server.key",
                "\(upstreamPort)",
            ],
            input: .keptOpen, timeout: lifetime)
        let deadline = ContinuousClock.now + .seconds(10)
        var announced: Int?
        while announced == nil {
            announced = child.stdoutSoFar.split(separator: "\n").first.flatMap { Int($0) }
            if announced != nil { break }
            if child.hasExited { throw TestKitError("the TLS front exited: \(child.stderrSoFar)") }
            if ContinuousClock.now > deadline {
                child.kill()
                throw TestKitError("the TLS front did not start within 10 s")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        port = announced ?? 0
        url = "https://127.0.0.1:\(port)"
    }

    /// Stops the forwarder process with SIGTERM.
    public func stop() { child.kill(SIGTERM) }

    deinit { child.kill(SIGTERM) }
}
