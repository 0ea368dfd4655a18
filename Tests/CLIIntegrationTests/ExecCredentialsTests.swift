import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// `latchkey exec`, `serve-credentials` and `aws-profile` with the real SDKs (boto3/botocore and
    /// the AWS CLI) against the local backend's STS.
    @Suite("exec, serve-credentials and aws-profile with boto3 and the AWS CLI")
    struct ExecCredentialsTests {
        /// A signed-in CLI session in its own store: the arguments that select it, and the user.
        struct Session {
            var directory: String
            var common: [String]
            var username: String
        }

        static func signedInSession(_ name: String, config: String? = nil) async throws -> Session {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory(name)
            let common = ["--config", config ?? backend.info.configPath, "--store", directory]
            let username = await backend.uniqueName(name)
            try await backend.createUser(username, password: Integration.password)
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            return Session(directory: directory, common: common, username: username)
        }

        /// The environment every SDK child runs in: no AWS files of the machine's user.
        static func isolatedAWS(_ directory: String) -> [String: String] {
            [
                "AWS_CONFIG_FILE": directory + "/no-aws-config",
                "AWS_SHARED_CREDENTIALS_FILE": directory + "/no-aws-creds",
            ]
        }

        static var python: String {
            let venv =
                ProcessInfo.processInfo.environment["LATCHKEY_VENV"].flatMap { $0.isEmpty ? nil : $0 }
                ?? LocalBackend.repositoryRoot.appendingPathComponent(".venv").path
            return venv + "/bin/python"
        }

        /// A boto3 job: STS GetCallerIdentity every `interval` seconds for `seconds`, through the
        /// default credential chain; prints {"calls","failures","keys","refreshes"} and exits 1 on any failure.
        static let job = """
            import json, os, sys, time
            import boto3
            seconds, interval = float(sys.argv[1]), float(sys.argv[2])
            session = boto3.session.Session()
            sts = session.client("sts", endpoint_url=os.environ["LATCHKEY_TEST_STS"])
            deadline = time.time() + seconds
            calls = failures = 0
            keys = set()
            while time.time() < deadline:
                try:
                    sts.get_caller_identity()
                    calls += 1
                    keys.add(session.get_credentials().get_frozen_credentials().access_key)
                except Exception as error:
                    failures += 1
                    print("call failed:", repr(error)[:300], file=sys.stderr, flush=True)
                time.sleep(interval)
            print(json.dumps({"calls": calls, "failures": failures, "keys": len(keys),
                              "method": session.get_credentials().method}))
            sys.exit(1 if failures else 0)
            """

        @Test("exec names one removed variable as 'it' (ux-3, item 20: it said 'they' for AWS_PROFILE alone)")
        func oneRemovedVariableIsIt() async throws {
            let session = try await Self.signedInSession("exec-one-removed")
            var environment = Self.isolatedAWS(session.directory)
            environment["AWS_PROFILE"] = "somebody-else"
            let outcome = try await LatchkeyBinary.run(
                ["exec"] + session.common + ["--", "true"], environment: environment,
                removing: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"], timeout: .seconds(60))
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(
                outcome.stderr.contains(
                    "removed AWS_PROFILE from the command's environment (it would take precedence over Latchkey's credentials)."
                ), "\(outcome.stderr)")
        }

        @Test(
            "boto3 under latchkey exec calls STS for over three 20 s credential lifetimes with no failed call"
        )
        func boto3ThreeLifetimes() async throws {
            let backend = try await LocalBackend.shared()
            let session = try await Self.signedInSession("exec-boto3")
            try await backend.identityCredentialsSeconds(20)
            let script = session.directory + "/job.py"
            try Self.job.write(toFile: script, atomically: true, encoding: .utf8)
            var environment = Self.isolatedAWS(session.directory)
            environment["LATCHKEY_TEST_STS"] = backend.info.endpoint
            environment["AWS_PROFILE"] = "somebody-else"
            environment["AWS_ACCESS_KEY_ID"] = "AKIASTATICKEY"
            let outcome: LatchkeyBinary.Output
            do {
                outcome = try await LatchkeyBinary.run(
                    ["exec"] + session.common + ["--", Self.python, script, "66", "1.5"],
                    environment: environment, removing: ["AWS_REGION", "AWS_DEFAULT_REGION"], timeout: .seconds(150))
            } catch {
                _ = try? await backend.identityCredentialsSeconds(90)
                throw error
            }
            // Back to the backend's default for the other tests.
            try await backend.identityCredentialsSeconds(90)
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("removed AWS_ACCESS_KEY_ID, AWS_PROFILE"), "\(outcome.stderr)")
            let line = outcome.stdout.split(separator: "\n").last.map(String.init) ?? ""
            let figures = try #require(JSONValue.parse(Array(line.utf8)), "\(outcome.stdout)")
            print("exec boto3 figures: \(line)")
            #expect(figures["failures"] == 0)
            #expect(figures["method"]?.stringValue == "container-role")
            // 66 s of 20 s credentials: at least three distinct keys were handed out and used.
            #expect((figures["keys"]?.intValue ?? 0) >= 3, "\(line)")
            #expect((figures["calls"]?.intValue ?? 0) >= 20, "\(line)")
        }

        @Test("The AWS CLI under latchkey exec, with the endpoint and with --no-server")
        func awsCLI() async throws {
            let backend = try await LocalBackend.shared()
            let session = try await Self.signedInSession("exec-cli")
            let aws = try #require(Integration.awsCLI(), "the AWS CLI is not installed (pip install awscli)")
            for mode in [[], ["--no-server"]] {
                let outcome = try await LatchkeyBinary.run(
                    ["exec"] + session.common + mode
                        + [
                            "--", aws, "sts", "get-caller-identity", "--endpoint-url", backend.info.endpoint,
                            "--output", "json",
                        ],
                    environment: Self.isolatedAWS(session.directory), removing: ["AWS_REGION", "AWS_DEFAULT_REGION"],
                    timeout: .seconds(120))
                #expect(outcome.status == 0, "\(mode): \(outcome.stderr)")
                #expect(JSONValue.parse(Array(outcome.stdout.utf8))?["Arn"]?.stringValue?.hasPrefix("arn:aws:") == true)
            }
        }

        @Test("exec: the child's exit status, SIGTERM and SIGINT passed on, the endpoint gone after the child")
        func exitStatusSignalsAndEndpointLifetime() async throws {
            let session = try await Self.signedInSession("exec-signals")
            let seven = try await LatchkeyBinary.run(["exec"] + session.common + ["--", "sh", "-c", "exit 7"])
            #expect(seven.status == 7)
            let killed = try await LatchkeyBinary.run(["exec"] + session.common + ["--", "sh", "-c", "kill -KILL $$"])
            #expect(killed.status == 128 + SIGKILL)
            let missing = try await LatchkeyBinary.run(["exec"] + session.common + ["--", "no-such-command-xyz"])
            #expect(missing.status == 127)
            #expect(missing.stderr.contains("command not found"))

            for (signal, name, code) in [(SIGTERM, "TERM", 42), (SIGINT, "INT", 43)] {
                try await expectExecForwards(signal, named: name, exitCode: code, common: session.common)
            }

            // The child prints where the endpoint is; once it has exited the endpoint is gone.
            let printing = try await LatchkeyBinary.run(
                ["exec"] + session.common
                    + [
                        "--", "sh", "-c",
                        "echo \"$AWS_CONTAINER_CREDENTIALS_FULL_URI $AWS_CONTAINER_AUTHORIZATION_TOKEN\"",
                    ])
            #expect(printing.status == 0)
            let words = printing.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(words.count == 2 && words[0].hasPrefix("http://127.0.0.1:") && words[1].count == 64, "\(words)")
            let uri = try #require(words.first)
            await #expect(throws: (any Error).self) { _ = try await Self.get(uri, token: words.last) }
        }

        @Test("exec while signed out: exit 1 and no command run; --guest runs it with guest credentials")
        func signedOut() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("exec-signed-out")
            let common = ["--config", backend.info.configPath, "--store", directory]
            let marker = directory + "/ran"
            let refused = try await LatchkeyBinary.run(["exec"] + common + ["--", "touch", marker])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("latchkey sign-in"))
            #expect(!FileManager.default.fileExists(atPath: marker))
            let guest = try await LatchkeyBinary.run(["exec", "--guest"] + common + ["--", "touch", marker])
            #expect(guest.status == 0, "\(guest.stderr)")
            #expect(FileManager.default.fileExists(atPath: marker))
        }

        /// `serve-credentials` started; its URI and token read from its first two lines.
        static func serve(_ session: Session, _ extra: [String] = []) async throws -> (ChildProcess, String, String) {
            let process = try LatchkeyBinary.spawn(
                ["serve-credentials"] + session.common + extra, timeout: .seconds(150))
            let lines = try await Waiter.value(of: "the endpoint's two lines", on: [process.changeSource()]) {
                process.stdoutSoFar.split(separator: "\n").map(String.init)
            } until: {
                $0.count >= 2 || process.hasExited
            }
            let uri = try #require(lines.first?.split(separator: "=", maxSplits: 1).last.map(String.init))
            let token = try #require(lines.dropFirst().first?.split(separator: "=", maxSplits: 1).last.map(String.init))
            return (process, uri, token)
        }

        static func get(_ uri: String, token: String?) async throws -> (Int, JSONValue?) {
            var headers: [(name: String, value: String)] = []
            if let token { headers.append(("Authorization", token)) }
            let request = HTTPRequestData(url: try #require(URL(string: uri)), method: "GET", headers: headers)
            let response = try await CurlTransport().send(request, timeout: .seconds(90))
            return (response.status, JSONValue.parse(response.body))
        }

        @Test(
            "serve-credentials: 200 with the token, 401 without; a re-login in another process resumes a waiting request; signed out is NotSignedIn JSON; SIGTERM closes it"
        )
        func serveCredentialsLifecycle() async throws {
            let backend = try await LocalBackend.shared()
            // A 5 s access token, so the revoked session is found out at the next refresh.
            let short = try await backend.configuration(accessTokenSeconds: 5)
            let configDirectory = try Integration.temporaryDirectory("serve-config")
            let configPath = configDirectory + "/awsconfiguration.json"
            let original = try String(contentsOfFile: backend.info.configPath, encoding: .utf8)
            try original.replacingOccurrences(
                of: backend.info.appClientId, with: short.userPool?.appClientId ?? ""
            ).write(toFile: configPath, atomically: true, encoding: .utf8)
            let session = try await Self.signedInSession("serve", config: configPath)
            let (server, uri, token) = try await Self.serve(session, ["--relogin-wait-seconds", "60"])
            defer { server.kill(SIGKILL) }
            #expect(token.count == 64)

            let (status, json) = try await Self.get(uri, token: token)
            #expect(status == 200)
            #expect(json?["AccessKeyId"]?.stringValue?.isEmpty == false)
            #expect(json?["Token"]?.stringValue?.isEmpty == false)
            #expect(json?["Expiration"]?.stringValue?.hasSuffix("Z") == true)
            let (unauthorised, refusal) = try await Self.get(uri, token: String(repeating: "0", count: 64))
            #expect(unauthorised == 401)
            #expect(refusal?["code"]?.stringValue == "Unauthorized")
            #expect(try await Self.get(uri, token: nil).0 == 401)
            let registry = CredentialsEndpointRegistry(storeDirectory: try Self.accountDirectory(session.directory))
            #expect(registry.live().map(\.kind) == ["serve-credentials"])
            #expect(registry.live().first?.handOuts ?? 0 >= 1)

            // Revoked everywhere; `latchkey token` in another process finds out and stores "re-login required".
            try await backend.adminGlobalSignOut(session.username)
            try await Waiter.until(
                "the stored session needs re-login", timeout: .seconds(60), on: [.polling(every: .milliseconds(500))]
            ) {
                (try? await LatchkeyBinary.run(["token"] + session.common).status) == 4
            }
            // A request now waits (up to 60 s); a sign-in in a second process answers it.
            let waiting = Task { try await Self.get(uri, token: token) }
            // Let the request reach the endpoint and start waiting (it cannot be answered 200 before the
            // sign-in: the stored session needs re-login; a 503 would mean the wait did not happen).
            try await Task.sleep(for: .milliseconds(800))
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", session.username, "--password-stdin"] + session.common,
                stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let resumed = try await waiting.value
            #expect(resumed.0 == 200, "\(String(describing: resumed.1))")
            #expect(resumed.1?["AccessKeyId"]?.stringValue?.isEmpty == false)

            // Signed out in another process: the SDKs' error JSON.
            #expect(try await LatchkeyBinary.run(["sign-out"] + session.common).status == 0)
            let (signedOut, signedOutJSON) = try await Self.get(uri, token: token)
            #expect(signedOut == 403)
            #expect(signedOutJSON?["code"]?.stringValue == "NotSignedIn")
            #expect(signedOutJSON?["message"]?.stringValue?.contains("latchkey sign-in") == true)

            server.kill(SIGTERM)
            let ended = try await server.wait()
            #expect(ended.status == 0, "\(ended)")
            await #expect(throws: (any Error).self) { _ = try await Self.get(uri, token: token) }
            #expect(registry.live().isEmpty)
        }

        /// The account directory a `--store` root holds (the one account signed in there).
        static func accountDirectory(_ root: String) throws -> String {
            let accounts = AccountDirectory(root: root)
            return accounts.directory(for: accounts.activeID())
        }

        @Test("aws-profile install demo: aws --profile demo works; again is unchanged; uninstall restores the file")
        func awsProfile() async throws {
            let backend = try await LocalBackend.shared()
            let session = try await Self.signedInSession("profile")
            let aws = try #require(Integration.awsCLI(), "the AWS CLI is not installed (pip install awscli)")
            let config = session.directory + "/aws/config"
            try FileManager.default.createDirectory(
                atPath: session.directory + "/aws", withIntermediateDirectories: true)
            let before = "[profile other]\nregion = eu-west-1\n"
            try before.write(toFile: config, atomically: true, encoding: .utf8)
            let environment = ["AWS_CONFIG_FILE": config, "AWS_SHARED_CREDENTIALS_FILE": session.directory + "/none"]
            let install = try await LatchkeyBinary.run(
                ["aws-profile", "install", "demo"] + session.common, environment: environment)
            #expect(install.status == 0, "\(install.stderr)")
            let written = try String(contentsOfFile: config, encoding: .utf8)
            #expect(written.contains("[profile demo]\ncredential_process = /"))
            #expect(!written.contains("AccessKeyId") && !written.lowercased().contains("secret"))
            #expect(try String(contentsOfFile: config + ".latchkey-backup", encoding: .utf8) == before)
            let again = try await LatchkeyBinary.run(
                ["aws-profile", "install", "demo"] + session.common, environment: environment)
            #expect(again.status == 0 && again.stdout.contains("already up to date"), "\(again)")
            #expect(try String(contentsOfFile: config, encoding: .utf8) == written)

            let outcome = try await ChildProcess.run(
                aws,
                [
                    "--profile", "demo", "sts", "get-caller-identity", "--endpoint-url", backend.info.endpoint,
                    "--output", "json",
                ],
                environment: environment, removing: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_PROFILE"],
                timeout: .seconds(120))
            #expect(outcome.exitCode == 0, "\(outcome.stderr)")
            #expect(JSONValue.parse(Array(outcome.stdout.utf8))?["Arn"]?.stringValue?.hasPrefix("arn:aws:") == true)

            // A profile Latchkey did not write is left alone (exit 2).
            let foreign = try await LatchkeyBinary.run(
                ["aws-profile", "install", "other"] + session.common, environment: environment)
            #expect(foreign.status == 2)
            #expect(foreign.stderr.contains("did not write"))

            let uninstall = try await LatchkeyBinary.run(
                ["aws-profile", "uninstall", "demo"] + session.common, environment: environment)
            #expect(uninstall.status == 0, "\(uninstall.stderr)")
            #expect(try String(contentsOfFile: config, encoding: .utf8) == before)
        }
    }
}

extension LocalBackend {
    /// Sets the lifetime of the identity-pool credentials the backend hands out from now on.
    @discardableResult
    func identityCredentialsSeconds(_ seconds: Int) async throws -> Int {
        let url = try #require(URL(string: info.endpoint + "/latchkey/identity-credentials"))
        let request = HTTPRequestData(url: url, method: "POST", body: Array("{\"seconds\":\(seconds)}".utf8))
        let response = try await CurlTransport().send(request, timeout: .seconds(10))
        guard response.status == 200 else {
            throw TestSupportError(description: "the backend refused the credentials lifetime (\(response.status))")
        }
        return seconds
    }
}

/// Runs `exec` on a shell that traps signal `name` with exit `code`, sends `signal` to `exec` alone once the
/// command is ready, and expects the command's code back: the signal was passed on.
func expectExecForwards(_ signal: Int32, named name: String, exitCode code: Int, common: [String]) async throws {
    let trapping = "trap 'exit \(code)' \(name); echo ready; while :; do sleep 0.05; done"
    let process = try LatchkeyBinary.spawn(["exec"] + common + ["--", "sh", "-c", trapping], timeout: .seconds(60))
    try await Waiter.until("the child is ready", on: [process.changeSource()]) {
        process.stdoutSoFar.contains("ready")
    }
    // To `exec` alone: a signal to the whole group would reach the shell twice (directly and passed on), and
    // the second could land while the shell exits from its trap (status 128 + the signal, about one run in 15).
    process.signalAlone(signal)
    // Not passed on within 30 s (it takes milliseconds): the signal state of `exec`'s threads and its command's,
    // read before the kill, names where the signal stopped (blocked, pending, ignored, or never sent).
    let ended =
        (try? await Waiter.until("exec ends", timeout: .seconds(30), on: [process.changeSource()]) {
            process.hasExited
        }) != nil
    if !ended {
        let stacks = try? await ChildProcess.run(
            "/usr/bin/gdb", ["-p", "\(process.pid)", "-batch", "-ex", "thread apply all bt 12"], timeout: .seconds(60))
        Issue.record(
            "\(name) was not passed on within 30 s: stderr: \(process.stderrSoFar)\n\(signalState(of: process.pid))\n\(stacks?.stdout ?? "")"
        )
        process.kill(SIGKILL)
        _ = try? await process.wait()
        return
    }
    let outcome = try await process.wait()
    #expect(outcome.status == Int32(code), "\(name): \(outcome)")
}

/// The signal lines of `/proc` for `pid`, each of its threads, and its children (Linux; empty elsewhere).
private func signalState(of pid: pid_t) -> String {
    func lines(_ path: String) -> String {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter {
            $0.hasPrefix("Name") || $0.hasPrefix("State") || $0.hasPrefix("Sig") || $0.hasPrefix("ShdPnd")
        }
        .joined(separator: " | ")
    }
    var report = ["exec \(pid): \(lines("/proc/\(pid)/status"))"]
    let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    for thread in threads.sorted() {
        let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/syscall", encoding: .utf8)) ?? ""
        report.append("  thread \(thread): \(lines("/proc/\(pid)/task/\(thread)/status")) | syscall \(call)")
    }
    for thread in threads {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? ""
        for child in children.split(separator: " ") {
            report.append("child \(child): \(lines("/proc/\(child)/status"))")
        }
    }
    return report.joined(separator: "\n")
}
