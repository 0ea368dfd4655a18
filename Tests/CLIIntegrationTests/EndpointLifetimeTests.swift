import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension BackendTests {
    /// What outlives `exec` (rel-3 R10), the signals it passes on, and `serve-credentials`' token and ready
    /// files (R9).
    @Suite("exec and serve-credentials: orphans, signals, stale token files, the ready file")
    struct EndpointLifetimeTests {
        typealias Shared = ExecCredentialsTests

        @Test("R10: a process the command leaves running gets 503 ExecEnded, not a closed port, and no credentials")
        func orphanGetsExecEnded() async throws {
            let session = try await Shared.signedInSession("exec-orphan")
            let out = session.directory + "/orphan"
            let orphan =
                "(sleep 1; curl -s -o \(out).json -w '%{http_code}' -H \"Authorization: $AWS_CONTAINER_AUTHORIZATION_TOKEN\" "
                + "\"$AWS_CONTAINER_CREDENTIALS_FULL_URI\" > \(out).status) >/dev/null 2>&1 & exit 3"
            let outcome = try await LatchkeyBinary.run(["exec"] + session.common + ["--", "sh", "-c", orphan])
            #expect(outcome.status == 3, "\(outcome)")
            #expect(outcome.stderr.contains("exec ended"), "\(outcome.stderr)")
            // exec waited for the orphan, so its answer is there already.
            #expect(try String(contentsOfFile: out + ".status", encoding: .utf8) == "503")
            let body = try JSONValue.parse(Array(Data(contentsOf: URL(fileURLWithPath: out + ".json"))))
            #expect(body?["code"]?.stringValue == "ExecEnded", "\(String(describing: body))")
            #expect(body?["AccessKeyId"] == nil)
        }

        @Test("R3: serve-credentials with 20 idle connections and 10 half-sent heads held open serves the SDK")
        func idleConnectionsHeld() async throws {
            let session = try await Shared.signedInSession("serve-idle")
            let (server, uri, token) = try await Shared.serve(session)
            defer { server.kill(SIGKILL) }
            let port = try #require(URL(string: uri)?.port)
            var held: [Int32] = []
            defer { for fd in held { close(fd) } }
            for index in 0..<30 {
                let fd = try #require(Self.connect(port: port))
                if index >= 20 {
                    _ = "GET /latchkey/credentials HTTP/1.1\r\n".withCString { send(fd, $0, strlen($0), 0) }
                }
                held.append(fd)
            }
            for _ in 0..<3 {
                let (status, json) = try await Shared.get(uri, token: token)
                #expect(status == 200)
                #expect(json?["AccessKeyId"]?.stringValue?.isEmpty == false)
            }
        }

        /// A TCP connection to 127.0.0.1:`port`, or nil.
        static func connect(port: Int) -> Int32? {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            guard fd >= 0 else { return nil }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port)).bigEndian
            address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard result == 0 else {
                close(fd)
                return nil
            }
            return fd
        }

        @Test(
            "R13: exec on an empty store fails \"Nobody is signed in\" without the plain-text notice, creating nothing")
        func emptyStore() async throws {
            let backend = try await LocalBackend.shared()
            let store = try Integration.temporaryDirectory("exec-empty") + "/store"
            let outcome = try await LatchkeyBinary.run(
                ["exec", "--config", backend.info.configPath, "--store", store, "--", "true"])
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("Nobody is signed in"), "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("plain text"), "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: store))
        }

        @Test("R13: a held refresh.lock is waited for no longer than --retry-seconds (1 s here, not 15 s): exit 5")
        func refreshLockWaitFollowsRetrySeconds() async throws {
            let backend = try await LocalBackend.shared()
            // A 5 s access token, so that `token` must refresh.
            let short = try await backend.configuration(accessTokenSeconds: 5)
            let configPath = try Integration.temporaryDirectory("lock-wait-config") + "/awsconfiguration.json"
            let original = try String(contentsOfFile: backend.info.configPath, encoding: .utf8)
            try original.replacingOccurrences(of: backend.info.appClientId, with: short.userPool?.appClientId ?? "")
                .write(toFile: configPath, atomically: true, encoding: .utf8)
            let session = try await Shared.signedInSession("lock-wait", config: configPath)
            try await Task.sleep(for: .seconds(6))
            let lockPath = try Shared.accountDirectory(session.directory) + "/refresh.lock"
            let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            #expect(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0)
            defer { close(fd) }
            // Killed (and failed) at 10 s: the 15 s wait of before cannot pass.
            let outcome = try await LatchkeyBinary.run(
                ["token", "--retry-seconds", "1"] + session.common, timeout: .seconds(10))
            #expect(outcome.status == 5, "\(outcome)")
            #expect(outcome.stderr.contains("refresh.lock"), "\(outcome.stderr)")
        }

        @Test("R10: SIGUSR1, SIGUSR2 and SIGALRM sent to exec are passed on to the command")
        func moreSignalsForwarded() async throws {
            let session = try await Shared.signedInSession("exec-usr1")
            for (signal, name, code) in [(SIGUSR1, "USR1", 45), (SIGUSR2, "USR2", 46), (SIGALRM, "ALRM", 47)] {
                try await expectExecForwards(signal, named: name, exitCode: code, common: session.common)
            }
        }

        @Test(
            "R9: a stale token file of this user is replaced; a live one and a foreign file are refused; --ready-file"
        )
        func tokenAndReadyFiles() async throws {
            let session = try await Shared.signedInSession("serve-files")
            let tokenFile = session.directory + "/token"
            let readyFile = session.directory + "/ready"
            // What a serve-credentials killed with SIGKILL leaves: its 0600 token, no lock held.
            try String(repeating: "ab", count: 32).write(toFile: tokenFile, atomically: false, encoding: .utf8)
            chmod(tokenFile, 0o600)
            let (server, uri, _) = try await Shared.serve(
                session, ["--token-file", tokenFile, "--ready-file", readyFile])
            defer { server.kill(SIGKILL) }
            let token = try String(contentsOfFile: tokenFile, encoding: .utf8)
            #expect(token.count == 64 && token != String(repeating: "ab", count: 32))
            let ready = try String(contentsOfFile: readyFile, encoding: .utf8)
            #expect(
                ready
                    == "AWS_CONTAINER_CREDENTIALS_FULL_URI=\(uri)\nAWS_CONTAINER_AUTHORIZATION_TOKEN_FILE=\(tokenFile)\n"
            )
            #expect(try await Shared.get(uri, token: token).0 == 200)

            // The same path while that server runs: refused, and its token is left alone.
            let second = try await LatchkeyBinary.run(
                ["serve-credentials"] + session.common + ["--token-file", tokenFile], timeout: .seconds(60))
            #expect(second.status == 2, "\(second)")
            #expect(second.stderr.contains("using it"), "\(second.stderr)")
            #expect(try String(contentsOfFile: tokenFile, encoding: .utf8) == token)

            // A file that is not a token is never taken over.
            let other = session.directory + "/notes"
            try "not a token".write(toFile: other, atomically: false, encoding: .utf8)
            chmod(other, 0o600)
            let refused = try await LatchkeyBinary.run(
                ["serve-credentials"] + session.common + ["--token-file", other], timeout: .seconds(60))
            #expect(refused.status == 2, "\(refused)")
            #expect(try String(contentsOfFile: other, encoding: .utf8) == "not a token")

            server.kill(SIGTERM)
            #expect(try await server.wait().status == 0)
            #expect(!FileManager.default.fileExists(atPath: tokenFile))
            #expect(!FileManager.default.fileExists(atPath: readyFile))
        }
    }
}
