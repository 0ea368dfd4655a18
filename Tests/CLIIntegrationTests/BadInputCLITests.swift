import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `latchkey` binary given bad input: it never crashes, and it says what is wrong (findings F6,
/// F7, F8, F13, F16, F17 and F20 of the reliability report). None of these needs the local backend:
/// the configuration points at a closed port, and no test reaches the network.
@Suite("The latchkey binary given bad input", .serialized, .timeLimit(.minutes(3)))
struct BadInputCLITests {
    static let pool = UserPoolConfiguration(
        poolId: "us-east-1_Offline1", appClientId: "offlineclient", region: "us-east-1")

    /// A store holding a signed-in session whose tokens are valid for an hour.
    static func signedInStore(_ name: String) throws -> (store: String, config: String) {
        let directory = try Integration.temporaryDirectory(name)
        let raw = TestJWT.tokens(pool: pool, username: "offline", issued: Date(), lifetime: 3600)
        let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
        try FileSessionStore(directory: directory).save(
            PersistedSession(
                state: .signedIn, username: "offline", provider: pool.providerKey, tokens: tokens, updatedAt: Date()))
        return (directory, try Integration.unreachableConfig(in: directory))
    }

    static func writeConfig(in directory: String, endpoint: String = "http://127.0.0.1:9", latchkey: String = "")
        throws -> String
    {
        let path = directory + "/config.json"
        let json = """
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Offline1","AppClientId":"offlineclient",
            "Region":"us-east-1","Endpoint":"\(endpoint)"}}, "Latchkey": {\(latchkey)}}
            """
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    // MARK: F6

    @Test("An Endpoint or JWKSURL with a port above 65535 is a configuration error (exit 2) naming the key")
    func portOutOfRange() async throws {
        let directory = try Integration.temporaryDirectory("badport")
        for (endpoint, latchkey, key) in [
            ("http://127.0.0.1:65536", "", "CognitoUserPool.Default.Endpoint"),
            ("http://127.0.0.1:4294967297", "", "CognitoUserPool.Default.Endpoint"),
            ("http://localhost:70000", "", "CognitoUserPool.Default.Endpoint"),
            ("http://127.0.0.1:9", "\"JWKSURL\": \"http://127.0.0.1:77777/jwks\"", "Latchkey.JWKSURL"),
            ("http://127.0.0.1:9", "\"STSEndpoint\": \"http://127.0.0.1:99999\"", "Latchkey.STSEndpoint"),
        ] {
            let config = try Self.writeConfig(in: directory, endpoint: endpoint, latchkey: latchkey)
            let output = try await LatchkeyBinary.run(
                ["sign-in", "--username", "demo", "--password-stdin", "--config", config, "--store", directory],
                stdin: "S3cret-Core-XYZ\n")
            #expect(output.status == 2, "\(endpoint) \(latchkey): \(output)")
            #expect(output.stderr.contains(key), "\(output.stderr)")
            #expect(output.stderr.contains("65535"), "\(output.stderr)")
        }
    }

    // MARK: F14

    @Test("Error messages reach stderr without control characters (an escape sequence echoed from the input)")
    func errorOutputIsSanitised() async throws {
        let directory = try Integration.temporaryDirectory("escape")
        let path = directory + "/config.json"
        let json = #"""
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_\u001b[2J\u001b]0;title\u0007\r\nfake",
            "AppClientId":"c","Region":"us-east-1"}}}
            """#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try await LatchkeyBinary.run(["status", "--config", path, "--store", directory])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("PoolId"), "\(output.stderr)")
        let controls = output.stderr.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        }
        #expect(controls.isEmpty, "\(output.stderr.debugDescription)")
        #expect(output.stderr.filter { $0 == "\n" }.count == 1, "\(output.stderr.debugDescription)")
    }

    // MARK: N11, N18

    @Test("Plain http to another host is exit 2 naming the key and LATCHKEY_ALLOW_INSECURE_HTTP=1, which allows it")
    func remotePlainHTTPIsRefused() async throws {
        let directory = try Integration.temporaryDirectory("insecure")
        let config = try Self.writeConfig(in: directory, endpoint: "http://192.0.2.2:5000")
        let refused = try await LatchkeyBinary.run(["status", "--config", config, "--store", directory])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("CognitoUserPool.Default.Endpoint"), "\(refused.stderr)")
        #expect(refused.stderr.contains("LATCHKEY_ALLOW_INSECURE_HTTP=1"), "\(refused.stderr)")
        let allowed = try await LatchkeyBinary.run(
            ["config", "--config", config, "--store", directory],
            environment: ["LATCHKEY_ALLOW_INSECURE_HTTP": "1"])
        #expect(allowed.status == 0, "\(allowed)")
        #expect(allowed.stdout.contains("http://192.0.2.2:5000"), "\(allowed.stdout)")
    }

    @Test("A URL's password is never echoed, whatever its scheme (file or environment)")
    func urlPasswordNeverEchoed() async throws {
        let directory = try Integration.temporaryDirectory("userinfo")
        let config = try Self.writeConfig(in: directory, endpoint: "ftp://admin:S3CRETPW@127.0.0.1")
        let fromFile = try await LatchkeyBinary.run(["status", "--config", config, "--store", directory])
        #expect(fromFile.status == 2, "\(fromFile)")
        #expect(!fromFile.stderr.contains("S3CRETPW"), "\(fromFile.stderr)")
        let plain = try Integration.unreachableConfig(in: directory)
        let path = directory + "/nopoint.json"
        try String(contentsOfFile: plain, encoding: .utf8)
            .replacingOccurrences(of: #","Endpoint":"http://127.0.0.1:9""#, with: "")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let fromVariable = try await LatchkeyBinary.run(
            ["status", "--config", path, "--store", directory],
            environment: ["AWS_ENDPOINT_URL": "ftp://user:S3CRETPW@x"])
        #expect(fromVariable.status == 2, "\(fromVariable)")
        #expect(fromVariable.stderr.contains("AWS_ENDPOINT_URL"), "\(fromVariable.stderr)")
        #expect(!fromVariable.stderr.contains("S3CRETPW"), "\(fromVariable.stderr)")
    }

    // MARK: N10

    @Test("config, config --json and status print no bidi override, isolate, zero-width character or line separator")
    func formatCharactersNeverReachTheTerminal() async throws {
        let directory = try Integration.temporaryDirectory("bidi")
        let path = directory + "/config.json"
        let json = #"""
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_AbCd","AppClientId":"c\u202ex\u2028y\u200bz",
            "Region":"us-east-1","Endpoint":"http://127.0.0.1:9"},
            "Ev\u202eil\u2066":{"PoolId":"us-east-1_X","AppClientId":"c","Region":"us-east-1"}}}
            """#
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        func leaked(_ text: String) -> [Unicode.Scalar] {
            text.unicodeScalars.filter { $0.properties.generalCategory == .format || $0.value == 0x2028 }
        }
        for arguments in [["config"], ["config", "--json"], ["status"]] {
            let output = try await LatchkeyBinary.run(arguments + ["--config", path, "--store", directory])
            #expect(output.stdout.contains("Ev") || arguments == ["status"], "\(arguments): \(output)")
            #expect(leaked(output.stdout).isEmpty, "\(arguments): \(output.stdout.debugDescription)")
            #expect(leaked(output.stderr).isEmpty, "\(arguments): \(output.stderr.debugDescription)")
        }
    }

    // MARK: F20

    /// Runs the binary with `input` (any bytes) on its standard input.
    static func run(_ arguments: [String], input: [UInt8]) async throws -> LatchkeyBinary.Output {
        let binary = try #require(LatchkeyBinary.url, "the latchkey binary is not built")
        return try await ChildProcess.spawn(
            binary.path, arguments, input: .bytes(input), environment: ["LATCHKEY_STORE": "file", "LC_ALL": "C"],
            timeout: LatchkeyBinary.defaultTimeout
        ).wait()
    }

    @Test("An empty password line is exit 2 before any request, for sign-in, sign-up, change and reset")
    func emptyPasswordIsAUsageError() async throws {
        let (store, config) = try Self.signedInStore("emptypw")
        let common = ["--config", config, "--store", store]
        for arguments in [
            ["sign-in", "--username", "demo", "--password-stdin", "--flow", "password"],
            ["sign-in", "--username", "demo", "--password-stdin"],
            ["sign-up", "--username", "newcomer", "--password-stdin"],
            ["confirm-forgot-password", "--username", "demo", "--code", "123456", "--password-stdin"],
            ["change-password", "--password-stdin"],
        ] {
            let output = try await Self.run(arguments + common, input: Array("\n\n".utf8))
            #expect(output.status == 2, "\(arguments): \(output)")
            #expect(output.stderr.contains("the password is empty"), "\(arguments): \(output.stderr)")
            #expect(output.stderr.contains("--password-stdin"), "\(arguments): \(output.stderr)")
        }
    }

    @Test("A password that is not UTF-8 (byte 0xFF) is refused with exit 2, never changed and sent")
    func invalidUTF8PasswordIsRefused() async throws {
        let directory = try Integration.temporaryDirectory("badutf8")
        let config = try Integration.unreachableConfig(in: directory)
        let password = Array("Corr3ct-".utf8) + [0xFF] + Array("Horse!\n".utf8)
        let output = try await Self.run(
            ["sign-in", "--username", "demo", "--password-stdin", "--config", config, "--store", directory],
            input: password)
        #expect(output.status == 2, "\(output)")
        // The whole of stderr (so nothing of the password is in it): the store's notice, then the refusal.
        expectExactText(
            output.stderr,
            """
            latchkey: storing the session in plain text at \(directory)/session.json (mode 0600); LATCHKEY_STORE=file chose the file store.
            latchkey: a line of standard input is not valid UTF-8, and latchkey does not change what was typed. Check the encoding of the terminal or of the file piped in (it must be UTF-8).

            """)
    }

    // MARK: F7

    @Test("An identity-pool-only Amplify Gen 2 file: status names the identity pool and the right next step")
    func identityPoolOnlyStatus() async throws {
        let directory = try Integration.temporaryDirectory("ipo")
        let path = directory + "/amplify_outputs.json"
        let poolId = "us-east-1:0d6a1c2e-1111-2222-3333-444455556666"
        try """
        {"version": "1.3", "auth": {"aws_region": "us-east-1", "identity_pool_id": "\(poolId)",
          "unauthenticated_identities_enabled": true}}
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try await LatchkeyBinary.run(
            ["status", "--config", path, "--store", directory + "/store"], environment: ["LATCHKEY_STORE": "file"])
        #expect(output.exitCode == 1, "nobody is signed in: \(output.stderr)")
        #expect(output.stdout.contains("identity pool \(poolId)"), "\(output.stdout)")
        #expect(output.stdout.contains("latchkey credentials"), "\(output.stdout)")
        #expect(!output.stdout.contains("Sign in: latchkey sign-in"), "\(output.stdout)")
        let json = try await LatchkeyBinary.run(
            ["status", "--json", "--config", path, "--store", directory + "/store"],
            environment: ["LATCHKEY_STORE": "file"])
        #expect(JSONValue.parse(Data(json.stdout.utf8))?["identityPoolId"]?.stringValue == poolId, "\(json.stdout)")
    }

    @Test("token and credentials --retry-seconds must be finite and 0...3600: exit 2, no crash")
    func retrySecondsValidated() async throws {
        let (store, config) = try Self.signedInStore("retry")
        for command in ["token", "credentials"] {
            for value in ["inf", "nan", "1e300", "3601", "+inf"] {
                let output = try await LatchkeyBinary.run(
                    [command, "--retry-seconds", value, "--config", config, "--store", store])
                #expect(output.status == 2, "\(command) --retry-seconds \(value): \(output)")
                #expect(output.stderr.contains("--retry-seconds"), "\(output.stderr)")
            }
        }
        let fine = try await LatchkeyBinary.run([
            "token", "--retry-seconds", "3600", "--config", config, "--store", store,
        ])
        #expect(fine.status == 0, "\(fine)")
    }

    // MARK: F8

    @Test("status renders sessions stored with absurd token and credential times (±1e20, 1e300) without crashing")
    func statusWithAbsurdTimes() async throws {
        for seconds in [1e20, -1e20, 1e300, 9e15] {
            let directory = try Integration.temporaryDirectory("abs")
            let raw = TestJWT.tokens(pool: Self.pool, username: "offline", issued: Date(), lifetime: 3600)
            var tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
            tokens.idTokenExpiration = Date(timeIntervalSince1970: seconds)
            tokens.accessTokenExpiration = Date(timeIntervalSince1970: seconds)
            try FileSessionStore(directory: directory).save(
                PersistedSession(
                    state: .signedIn, username: "offline", provider: Self.pool.providerKey, tokens: tokens,
                    identityId: "us-east-1:id",
                    awsCredentials: AWSCredentials(
                        accessKeyId: "ASIA", secretAccessKey: "s", sessionToken: "t",
                        expiration: Date(timeIntervalSince1970: -seconds)),
                    updatedAt: Date()))
            let config = try Integration.unreachableConfig(in: directory)
            let human = try await LatchkeyBinary.run(["status", "--config", config, "--store", directory])
            #expect(human.status == 0, "\(seconds): \(human)")
            #expect(human.stdout.contains("Signed in as offline"), "\(human.stdout)")
            if seconds > 0 { #expect(human.stdout.contains("Access token"), "\(human.stdout)") }
            let json = try await LatchkeyBinary.run(["status", "--json", "--config", config, "--store", directory])
            #expect(json.status == 0, "\(seconds): \(json)")
        }
    }

    // MARK: F13

    @Test("A write error on standard output (/dev/full) exits 5 with a message, for token and status")
    func stdoutWriteErrors() async throws {
        let (store, config) = try Self.signedInStore("devfull")
        let binary = try #require(LatchkeyBinary.url).path
        for arguments in [["token"], ["token", "--access"], ["status"], ["status", "--json"]] {
            let output = try await ChildProcess.run(
                "/bin/sh",
                ["-c", "exec \"$0\" \"$@\" > /dev/full", binary] + arguments + ["--config", config, "--store", store],
                timeout: .seconds(60))
            #expect(output.status == 5, "\(arguments): \(output)")
            #expect(output.stderr.contains("could not write the output"), "\(output.stderr)")
        }
        let normal = try await LatchkeyBinary.run(["token", "--config", config, "--store", store])
        #expect(normal.status == 0)
        #expect(normal.stdout.hasPrefix("eyJ") && normal.stdout.hasSuffix("\n"))
    }

    // MARK: F20

    @Test("--password-stdin refuses a line over 64 KiB (exit 2) instead of reading it all")
    func overlongPasswordLine() async throws {
        let directory = try Integration.temporaryDirectory("longline")
        let config = try Integration.unreachableConfig(in: directory)
        let binary = try #require(LatchkeyBinary.url).path
        // The input comes from a file: latchkey stops reading early, and a pipe it leaves unread would
        // end this test process with SIGPIPE.
        let input = directory + "/input"
        for text in [String(repeating: "a", count: 64 * 1024 + 1) + "\n", String(repeating: "b", count: 10_000_000)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: input))
            let output = try await ChildProcess.run(
                "/bin/sh",
                [
                    "-c",
                    "exec \"$0\" sign-in --username demo --password-stdin --config \"$1\" --store \"$2\" < \"$3\"",
                    binary, config, directory, input,
                ],
                timeout: .seconds(60))
            #expect(output.status == 2, "\(output.status) \(output.stderr.prefix(300))")
            #expect(output.stderr.contains("longer than 64 KiB"), "\(output.stderr.prefix(300))")
        }
    }

    // MARK: F16

    /// Reads `/proc/<pid>/limits`' core-file line, such as "0 0" or "unlimited unlimited".
    static func coreLimit(_ pid: pid_t) -> String? {
        guard let limits = try? String(contentsOfFile: "/proc/\(pid)/limits", encoding: .utf8),
            let line = limits.split(separator: "\n").first(where: { $0.hasPrefix("Max core file size") })
        else { return nil }
        let fields = line.dropFirst("Max core file size".count).split(separator: " ")
        return fields.prefix(2).joined(separator: " ")
    }

    @Test(
        "A running latchkey has core dumps off (limit 0) and is not dumpable (its /proc files belong to root)",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/limits")))
    func coreDumpsDisabled() async throws {
        let binary = try #require(LatchkeyBinary.url).path
        // A directory a non-root user can read, so the binary can also be run as nobody.
        let directory = FileManager.default.temporaryDirectory.path + "/lk-core-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = chmod(directory, 0o755)
        let config = try Integration.unreachableConfig(in: directory)
        _ = chmod(config, 0o644)
        let store = directory + "/store"
        try FileManager.default.createDirectory(atPath: store, withIntermediateDirectories: true)
        let asNobody = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
        if asNobody { _ = chown(store, 65534, 65534) }
        // The shell raises the core limit first, so the test fails unless latchkey lowers it itself.
        let command =
            (asNobody ? "exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups " : "exec ")
            + "\"$0\" sign-in --username demo --password-stdin --config \"$1\" --store \"$2\""
        let child = try ChildProcess.spawn(
            "/bin/sh",
            ["-c", "ulimit -c unlimited 2>/dev/null || ulimit -c 1000000; " + command, binary, config, store],
            input: .keptOpen, environment: ["LATCHKEY_STORE": "file"], timeout: .seconds(60))
        defer { child.kill(SIGKILL) }
        // The child execs latchkey in place of the shell: wait until the limits are latchkey's.
        // The polling fallback: an exec and a setrlimit in the child announce nothing.
        let limit = try? await Waiter.value(
            of: "latchkey running with core limit 0 0", on: [child.changeSource(), .polling(every: .milliseconds(50))],
            { () -> String? in
                let executable =
                    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/exe")) ?? ""
                guard executable.hasSuffix("/latchkey") else { return nil }
                return Self.coreLimit(child.pid)
            }, until: { $0 == "0 0" || child.hasExited })
        #expect(limit == "0 0", "core limit of the running latchkey: \(Self.coreLimit(child.pid) ?? "gone")")
        if asNobody {
            let owner = try FileManager.default.attributesOfItem(atPath: "/proc/\(child.pid)/status")[.ownerAccountID]
            // A non-dumpable process's /proc files belong to root even though it runs as nobody.
            #expect(
                (owner as? NSNumber)?.intValue == 0,
                "/proc/\(child.pid)/status belongs to uid \(String(describing: owner))")
        }
        #expect(!child.hasExited, "latchkey should be waiting for the password")
    }

    // MARK: F17

    static let ptyDriver = #"""
        import json, os, pty, select, signal, sys, termios, time
        binary, config, store, sig = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
        pid, fd = pty.fork()
        if pid == 0:
            try:
                os.execv(binary, [binary, "sign-in", "--username", "ptyuser", "--config", config, "--store", store])
            finally:
                os._exit(127)
        result = {"echo_before": bool(termios.tcgetattr(fd)[3] & termios.ECHO)}
        deadline = time.time() + 30
        prompt = b""
        while time.time() < deadline:
            r, _, _ = select.select([fd], [], [], 0.05)
            if r:
                try:
                    prompt += os.read(fd, 4096)
                except OSError:
                    break
            if b"Password" in prompt and not (termios.tcgetattr(fd)[3] & termios.ECHO):
                break
        result["prompted"] = b"Password" in prompt
        result["echo_during"] = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
        if sig == signal.SIGINT:
            os.write(fd, b"\x03")
        else:
            os.kill(pid, sig)
        _, status = os.waitpid(pid, 0)
        result["signal"] = os.WTERMSIG(status) if os.WIFSIGNALED(status) else None
        result["exit"] = os.WEXITSTATUS(status) if os.WIFEXITED(status) else None
        result["echo_after"] = bool(termios.tcgetattr(fd)[3] & termios.ECHO)
        print(json.dumps(result))
        """#

    @Test(
        "Ctrl-C or SIGTERM at the password prompt turns echo back on, then ends latchkey by that signal",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")),
        arguments: [SIGINT, SIGTERM])
    func signalAtPasswordPrompt(signal: Int32) async throws {
        let binary = try #require(LatchkeyBinary.url).path
        let directory = try Integration.temporaryDirectory("pty")
        let config = try Integration.unreachableConfig(in: directory)
        let driver = directory + "/driver.py"
        try Self.ptyDriver.write(toFile: driver, atomically: true, encoding: .utf8)
        let output = try await ChildProcess.run(
            "/usr/bin/python3", [driver, binary, config, directory, String(signal)],
            environment: ["LATCHKEY_STORE": "file"], timeout: .seconds(60))
        let result = try #require(JSONValue.parse(Array(output.stdout.utf8)), "\(output)")
        #expect(result["prompted"] == .bool(true), "\(output)")
        #expect(result["echo_before"] == .bool(true))
        #expect(result["echo_during"] == .bool(false), "echo was not turned off at the prompt: \(output)")
        #expect(result["signal"]?.intValue == Int(signal), "\(output)")
        #expect(result["echo_after"] == .bool(true), "echo stayed off after the signal: \(output)")
    }
}
