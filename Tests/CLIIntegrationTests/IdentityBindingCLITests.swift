import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// Issue 35's identity findings (rel-3 R1 / N2's identity side, R12), each with the real binary
/// against the local backend.
extension BackendTests {
    @Suite("Identity binding: the identity leg bound to its pool and endpoint, an account slot not silently replaced")
    struct IdentityBindingCLITests {
        /// `path` with the identity pool's `Endpoint` set to `endpoint`, or removed when nil.
        static func identityConfig(from path: String, endpoint: URL?, in directory: String) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard case .object(var document) = JSONValue.parse(Array(data)),
                case .object(var provider) = document["CredentialsProvider"],
                case .object(var identity) = provider["CognitoIdentity"],
                case .object(var pool) = identity["Default"]
            else { throw TestSupportError(description: "unexpected configuration shape") }
            if let endpoint { pool["Endpoint"] = .string(endpoint.absoluteString) } else { pool["Endpoint"] = nil }
            identity["Default"] = .object(pool)
            provider["CognitoIdentity"] = .object(identity)
            document["CredentialsProvider"] = .object(provider)
            let target = directory + "/identity-\(UInt32.random(in: 0...UInt32.max)).json"
            try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: target))
            return target
        }

        @Test(
            "R1: a config or AWS_ENDPOINT_URL_COGNITO_IDENTITY naming another identity endpoint: exit 2 for credentials, credential_process and exec, nothing sent"
        )
        func identityLegBoundToItsEndpoint() async throws {
            let backend = try await LocalBackend.shared()
            let session = try await ExecCredentialsTests.signedInSession("r1")
            let store = session.directory
            let config = backend.info.configPath
            let first = try await LatchkeyBinary.run(["credentials", "--format", "json"] + session.common)
            #expect(first.status == 0, "\(first.stderr)")
            let bound = try #require(JSONValue.parse(Array(first.stdout.utf8)))

            // A hostile identity endpoint: it would forward to the real backend, so before the fix the
            // commands succeeded with the id token it received; it records every connection.
            let hostile = try FaultProxy(upstream: backend.endpoint)
            defer { hostile.stop() }
            let byFile = try Self.identityConfig(from: config, endpoint: hostile.endpoint, in: store)
            // Amplify Gen 2 style: no identity endpoint in the file; the environment names it.
            let noEndpoint = try Self.identityConfig(from: config, endpoint: nil, in: store)
            let variants: [(config: String, environment: [String: String])] = [
                (byFile, [:]),
                (noEndpoint, ["AWS_ENDPOINT_URL_COGNITO_IDENTITY": hostile.endpoint.absoluteString]),
                (noEndpoint, ["AWS_ENDPOINT_URL": hostile.endpoint.absoluteString]),
            ]
            let marker = store + "/ran"
            let commands: [[String]] = [
                ["credentials", "--format", "json"], ["credentials"],
                ["credentials", "--format", "credential-process"],
                ["exec", "--", "touch", marker], ["exec", "--no-server", "--", "touch", marker],
            ]
            for variant in variants {
                for command in commands {
                    let what = "\(command.joined(separator: " ")) with \(variant.environment.keys.sorted())"
                    // The options go before exec's `--`.
                    let arguments =
                        Array(command.prefix(1)) + ["--config", variant.config, "--store", store] + command.dropFirst()
                    let output = try await LatchkeyBinary.run(
                        arguments, environment: variant.environment, timeout: .seconds(30))
                    if variant.environment["AWS_ENDPOINT_URL"] != nil {
                        // The user pool endpoint moves too, and is refused by the user-pool binding.
                        #expect(output.status == 2, "\(what): \(output.stderr)")
                        continue
                    }
                    #expect(output.status == 2, "\(what): \(output.stderr)")
                    #expect(output.stderr.contains("identity pool"), "\(what): \(output.stderr)")
                    #expect(output.stderr.contains(backend.endpoint.absoluteString.trimmingSuffix("/")), "\(what)")
                    #expect(output.stderr.contains(hostile.endpoint.host ?? "-"), "\(what) names the other endpoint")
                    #expect(output.stderr.contains("latchkey sign-out"), "\(what) says the next step")
                    #expect(!output.stdout.contains("AccessKeyId") && !output.stdout.contains("accessKeyId"))
                }
            }
            #expect(!FileManager.default.fileExists(atPath: marker), "exec ran its command")
            #expect(hostile.connectionCounts.values.reduce(0, +) == 0, "a request reached the other identity endpoint")

            // The legitimate configuration still serves its own identity and credentials.
            let again = try await LatchkeyBinary.run(["credentials", "--format", "json"] + session.common)
            #expect(again.status == 0, "\(again.stderr)")
            let served = try #require(JSONValue.parse(Array(again.stdout.utf8)))
            #expect(served["identityId"] == bound["identityId"])
            #expect(served["accessKeyId"] == bound["accessKeyId"])
            let stored = try FileSessionStore(directory: try ExecCredentialsTests.accountDirectory(store)).load()
            #expect(stored?.identityIssuer?.endpoint == backend.endpoint.absoluteString.trimmingSuffix("/"))

            // A sign-out and a new sign-in with the other configuration is the way to move the identity.
            #expect(try await LatchkeyBinary.run(["sign-out"] + session.common).status == 0)
            try FileManager.default.removeItem(atPath: store)
        }

        @Test(
            "R12: sign-in --account X as another user revokes X's refresh token, says so, and a running exec refuses the new user's credentials"
        )
        func accountSlotReplacedTruthfully() async throws {
            let backend = try await LocalBackend.shared()
            let bob = await backend.uniqueName("bob")
            try await backend.createUser(bob, password: Integration.password)
            let session = try await ExecCredentialsTests.signedInSession("mallory")
            let mallory = session.username
            let store = session.directory
            defer { try? FileManager.default.removeItem(atPath: store) }
            let accountDirectory = try ExecCredentialsTests.accountDirectory(store)
            let malloryRefresh = try #require(
                try FileSessionStore(directory: accountDirectory).load()?.tokens?.refreshToken)

            // An exec for mallory, whose command waits for the test.
            let release = store + "/release"
            let exec = try LatchkeyBinary.spawn(
                ["exec"] + session.common
                    + [
                        "--", "sh", "-c",
                        "echo \"$AWS_CONTAINER_CREDENTIALS_FULL_URI $AWS_CONTAINER_AUTHORIZATION_TOKEN\"; "
                            + "while [ ! -e '\(release)' ]; do sleep 0.1; done",
                    ], timeout: .seconds(90))
            defer { exec.kill(SIGKILL) }
            let words = try await Waiter.value(of: "the endpoint's URI and token", on: [exec.changeSource()]) {
                exec.stdoutSoFar.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            } until: {
                $0.count >= 2 && $0[1].count == 64 || exec.hasExited
            }
            let uri = try #require(words.first)
            let token = try #require(words.dropFirst().first)
            let before = try await ExecCredentialsTests.get(uri, token: token)
            #expect(before.0 == 200)

            let replaced = try await LatchkeyBinary.run(
                ["sign-in", "--account", mallory, "--username", bob, "--password-stdin"] + session.common,
                stdin: Integration.password + "\n")
            #expect(replaced.status == 0, "\(replaced.stderr)")
            #expect(replaced.stderr.contains("Replaced \(mallory) with \(bob) in account"), "\(replaced.stderr)")
            #expect(replaced.stderr.contains("revoked"), "\(replaced.stderr)")
            #expect(!replaced.stderr.contains("Added an account"), "\(replaced.stderr)")
            let configuration = try AuthConfiguration.load(path: backend.info.configPath)
            #expect(await !RotationSupport.refreshes(backend: backend, configuration, malloryRefresh))

            // The exec started for mallory hands out nothing of bob's.
            let (status, json) = try await ExecCredentialsTests.get(uri, token: token)
            #expect(status == 403)
            #expect(json?["code"]?.stringValue == "SessionUserChanged")
            #expect(json?["message"]?.stringValue?.contains(bob) == true)
            _ = FileManager.default.createFile(atPath: release, contents: nil)
            #expect(try await exec.wait().status == 0)
            #expect(try await LatchkeyBinary.run(["sign-out"] + session.common).status == 0)
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
