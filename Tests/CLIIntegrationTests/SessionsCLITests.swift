import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("latchkey sessions, machine tokens and derived tokens against the local backend (issue 38)")
    struct SessionsCLITests {
        /// A file store for `username`, signed in, and the arguments that point at it.
        static func signedIn(_ backend: LocalBackend, _ username: String) async throws -> [String] {
            let store = try Integration.temporaryDirectory("sessions")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: fileStore)
            #expect(signIn.status == 0, "\(signIn.stderr)")
            return common
        }

        static let fileStore = ["LATCHKEY_STORE": "file"]

        /// `sessions --json` as (id, current) pairs.
        static func sessions(_ common: [String]) async throws -> [(id: String, current: Bool)] {
            let listed = try await LatchkeyBinary.run(["sessions", "--json"] + common, environment: fileStore)
            #expect(listed.status == 0, "\(listed.stderr)")
            let array = try #require(JSONValue.parse(Array(listed.stdout.utf8))?.arrayValue)
            return array.compactMap { item in
                guard let id = item["id"]?.stringValue else { return nil }
                #expect(item["client"]?.stringValue?.isEmpty == false)
                #expect(item["created"]?.stringValue?.hasSuffix("Z") == true)
                #expect(item["lastActive"]?.stringValue?.hasSuffix("Z") == true)
                return (id, item["current"] == .bool(true))
            }
        }

        /// The backend's record (`/latchkey/config`): the machine client's id and secret are there.
        static func record(_ backend: LocalBackend) async throws -> JSONValue {
            let url = try #require(URL(string: "\(backend.info.endpoint)/latchkey/config"))
            let response = try await CurlTransport().send(
                HTTPRequestData(url: url, method: "GET"), timeout: .seconds(10))
            return try #require(JSONValue.parse(response.body))
        }

        static func claims(_ jwt: String) -> JSONValue? {
            let parts = jwt.split(separator: ".")
            guard parts.count == 3 else { return nil }
            var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while text.count % 4 != 0 { text += "=" }
            return Data(base64Encoded: text).flatMap { JSONValue.parse(Array($0)) }
        }

        @Test("two stores list two sessions; revoking the other makes its next refresh exit 4; this one is refused")
        func twoStoresTwoSessions() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("sessions")
            try await backend.createUser(username, password: Integration.password)
            let first = try await Self.signedIn(backend, username)
            let second = try await Self.signedIn(backend, username)
            let seenByFirst = try await Self.sessions(first)
            let seenBySecond = try await Self.sessions(second)
            #expect(seenByFirst.count == 2)
            #expect(Set(seenByFirst.map(\.id)) == Set(seenBySecond.map(\.id)))
            let mine = try #require(seenByFirst.first { $0.current }?.id)
            let other = try #require(seenBySecond.first { $0.current }?.id)
            #expect(mine != other)
            let text = try await LatchkeyBinary.run(["sessions"] + first, environment: Self.fileStore)
            #expect(text.stdout.split(separator: "\n").count == 2)
            #expect(text.stdout.contains("* \(mine)") && text.stdout.contains("Latchkey"), "\(text.stdout)")

            let before = try await backend.stats().operations["RevokeUserSession"] ?? 0
            let own = try await LatchkeyBinary.run(
                ["sessions", "revoke", mine, "--yes"] + first, environment: Self.fileStore)
            #expect(own.status == 2 && own.stderr.contains("sign-out"), "\(own)")
            let unasked = try await LatchkeyBinary.run(
                ["sessions", "revoke", other] + first, environment: Self.fileStore)
            #expect(unasked.status == 2 && unasked.stderr.contains("--yes"), "\(unasked)")
            #expect(try await backend.stats().operations["RevokeUserSession"] ?? 0 == before)

            let revoked = try await LatchkeyBinary.run(
                ["sessions", "revoke", other, "--yes"] + first, environment: Self.fileStore)
            #expect(revoked.status == 0, "\(revoked.stderr)")
            let afterwards = try await LatchkeyBinary.run(["user", "show"] + second, environment: Self.fileStore)
            #expect(afterwards.status == 4, "\(afterwards)")
            #expect(try await Self.sessions(first).map(\.id) == [mine])
        }

        @Test("20 parallel token --client-credentials processes send at most one GetClientToken")
        func parallelClientCredentials() async throws {
            let backend = try await LocalBackend.shared()
            let record = try await Self.record(backend)
            let clientId = try #require(record["machineClientId"]?.stringValue)
            let secret = try #require(record["machineClientSecret"]?.stringValue)
            let store = try Integration.temporaryDirectory("m2m")
            let arguments = [
                "token", "--client-credentials", "--client-id", clientId, "--config", backend.info.configPath,
                "--store", store,
            ]
            let environment = Self.fileStore.merging(["LATCHKEY_CLIENT_SECRET": secret]) { $1 }
            let before = try await backend.stats().operations["GetClientToken"] ?? 0
            let children = try (0..<20).map { _ in try LatchkeyBinary.spawn(arguments, environment: environment) }
            var tokens: Set<String> = []
            for child in children {
                let outcome = try await child.wait()
                #expect(outcome.status == 0, "\(outcome)")
                tokens.insert(outcome.stdout)
            }
            let sent = (try await backend.stats().operations["GetClientToken"] ?? 0) - before
            print("GetClientToken requests for 20 processes: \(sent)")
            #expect(sent <= 1)
            #expect(tokens.count == 1)
            let claims = Self.claims(tokens.first?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "")
            #expect(claims?["client_id"]?.stringValue == clientId)
            // The secret is never written to the store.
            for name in try FileManager.default.subpathsOfDirectory(atPath: store) {
                let data = FileManager.default.contents(atPath: store + "/" + name) ?? Data()
                #expect(!String(decoding: data, as: UTF8.self).contains(secret), "\(name) holds the secret")
            }
        }

        @Test("machine tokens: wrong secret exits 1, a missing scope or a client without the flow exits 2")
        func clientCredentialsRefusals() async throws {
            let backend = try await LocalBackend.shared()
            let record = try await Self.record(backend)
            let clientId = try #require(record["machineClientId"]?.stringValue)
            let secret = try #require(record["machineClientSecret"]?.stringValue)
            let store = try Integration.temporaryDirectory("m2m-refusals")
            func run(_ id: String, _ secret: String?, _ extra: [String] = []) async throws -> LatchkeyBinary.Output {
                try await LatchkeyBinary.run(
                    [
                        "token", "--client-credentials", "--client-id", id, "--config", backend.info.configPath,
                        "--store", store,
                    ] + extra,
                    environment: Self.fileStore.merging(secret.map { ["LATCHKEY_CLIENT_SECRET": $0] } ?? [:]) { $1 },
                    removing: secret == nil ? ["LATCHKEY_CLIENT_SECRET"] : [])
            }
            let wrong = try await run(clientId, "not-the-secret-0000000000")
            #expect(wrong.status == 1 && wrong.stderr.contains("secret"), "\(wrong)")
            let scope = try await run(clientId, secret, ["--scope", "latchkey-api/admin"])
            #expect(scope.status == 2 && scope.stderr.contains("scope"), "\(scope)")
            let flow = try await run(backend.info.secretAppClientId ?? "", backend.info.secretAppClientSecret)
            #expect(flow.status == 2 && flow.stderr.contains("ALLOW_CLIENT_TOKEN_AUTH"), "\(flow)")
            let missing = try await run(clientId, nil)
            #expect(missing.status == 2 && missing.stderr.contains("LATCHKEY_CLIENT_SECRET"), "\(missing)")
            let endpoint = try await LatchkeyBinary.run(
                [
                    "token", "--client-credentials", "--client-id", clientId, "--client-secret-stdin", "--via",
                    "token-endpoint", "--scope", "latchkey-api/read", "--config", backend.info.configPath, "--store",
                    store,
                ],
                stdin: secret + "\n", environment: Self.fileStore, removing: ["LATCHKEY_CLIENT_SECRET"])
            #expect(endpoint.status == 0, "\(endpoint)")
            let claims = Self.claims(endpoint.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(claims?["scope"]?.stringValue == "latchkey-api/read")
        }

        @Test("a derived token carries its audience and is cached; nobody signed in exits 1")
        func derivedToken() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("derived")
            try await backend.createUser(username, password: Integration.password)
            let common = try await Self.signedIn(backend, username)
            let before = try await backend.stats().operations["GetDerivedToken"] ?? 0
            let first = try await LatchkeyBinary.run(
                ["token", "--audience", "billing-agent"] + common, environment: Self.fileStore)
            #expect(first.status == 0, "\(first)")
            let second = try await LatchkeyBinary.run(
                ["token", "--audience", "billing-agent"] + common, environment: Self.fileStore)
            #expect(second.stdout == first.stdout)
            #expect((try await backend.stats().operations["GetDerivedToken"] ?? 0) - before == 1)
            let claims = Self.claims(first.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(claims?["aud"]?.stringValue == "billing-agent")
            #expect(claims?["username"]?.stringValue == username)
            let user = try await LatchkeyBinary.run(["token", "--access"] + common, environment: Self.fileStore)
            #expect(user.stdout != first.stdout)  // the user's own token is untouched
            let nobody = try await LatchkeyBinary.run(
                [
                    "token", "--audience", "x", "--config", backend.info.configPath, "--store",
                    try Integration.temporaryDirectory("nobody"),
                ], environment: Self.fileStore)
            #expect(nobody.status == 1, "\(nobody)")
        }
    }
}
