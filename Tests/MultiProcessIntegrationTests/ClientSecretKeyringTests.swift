import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

// Issue 38, item 2: an app client's secret in the system keyring (`latchkey client-secret`).
// The suites that need a Secret Service run under Scripts/test-keyring (as KeyringSessionStoreTests do).

@Suite("ClientSecretKeyring: without a keyring nothing is saved")
struct ClientSecretKeyringUnavailableTests {
    @Test("No session bus: save and remove fail naming it, load finds nothing")
    func noBus() throws {
        let keyring = ClientSecretKeyring(poolId: "us-east-1_nobus", clientId: "client", environment: [:])
        #expect(keyring.availabilityProblem()?.contains("DBUS_SESSION_BUS_ADDRESS") == true)
        #expect(throws: ClientSecretKeyring.Failure.self) { try keyring.save("s3cret-never-kept") }
        #expect(throws: ClientSecretKeyring.Failure.self) { try keyring.remove() }
        #expect(try keyring.load() == nil)
    }
}

@Suite(
    "ClientSecretKeyring: the real Secret Service (gnome-keyring)", .timeLimit(.minutes(2)),
    .enabled(
        if: KeyringTestEnvironment.reachable,
        "no Secret Service is reachable (needs a D-Bus session bus, gnome-keyring and libsecret); run Scripts/test-keyring"
    ))
struct ClientSecretKeyringTests {
    @Test("Save, load, replace and remove; each pool and client has its own item")
    func roundTrip() throws {
        let pool = "us-east-1_keyring\(UInt32.random(in: 0...UInt32.max))"
        let first = ClientSecretKeyring(poolId: pool, clientId: "clientone")
        let second = ClientSecretKeyring(poolId: pool, clientId: "clienttwo")
        let otherPool = ClientSecretKeyring(poolId: pool + "x", clientId: "clientone")
        defer { for keyring in [first, second, otherPool] { try? keyring.remove() } }
        #expect(try first.load() == nil)
        try first.save("first-secret")
        try second.save("second-secret")
        #expect(try first.load() == "first-secret")
        #expect(try second.load() == "second-secret")
        #expect(try otherPool.load() == nil)
        try first.save("replaced-secret")
        #expect(try first.load() == "replaced-secret")
        try first.remove()
        #expect(try first.load() == nil)
        #expect(try second.load() == "second-secret")
        try first.remove()  // removing nothing succeeds
    }
}

extension BackendTests {
    /// The backend's record (`/latchkey/config`), with the machine client's id and secret.
    static func machineClient(_ backend: LocalBackend) async throws -> (id: String, secret: String) {
        let url = try #require(URL(string: "\(backend.info.endpoint)/latchkey/config"))
        let response = try await CurlTransport().send(HTTPRequestData(url: url, method: "GET"), timeout: .seconds(10))
        let record = try #require(JSONValue.parse(response.body))
        return (
            try #require(record["machineClientId"]?.stringValue),
            try #require(record["machineClientSecret"]?.stringValue)
        )
    }

    @Suite("ClientSecretKeyring: client-secret set without a keyring (local backend)")
    struct ClientSecretKeyringNoKeyringCLITests {
        @Test("Without a session bus, client-secret set exits 5 with a sentence and writes the secret nowhere")
        func setWithoutKeyring() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("client-secret-nokeyring")
            let secret = "plain-text-must-not-appear-\(UInt32.random(in: 0...UInt32.max))"
            let set = try await LatchkeyBinary.run(
                [
                    "client-secret", "set", "--client-id", "someclient", "--config", backend.info.configPath,
                    "--store", directory + "/store",
                ],
                stdin: secret + "\n", removing: ["DBUS_SESSION_BUS_ADDRESS", "LATCHKEY_STORE"])
            #expect(set.status == 5, "\(set)")
            #expect(set.stderr.contains("The client secret was not saved"), "\(set.stderr)")
            #expect(set.stderr.contains("never a file"))
            #expect(!set.stderr.contains(secret) && !set.stdout.contains(secret))
            #expect(StoreTestSupport.filesContaining([secret], under: directory).isEmpty)
        }
    }

    @Suite(
        "ClientSecretKeyring: token --client-credentials uses the saved secret (local backend)",
        .enabled(
            if: KeyringTestEnvironment.reachable,
            "no Secret Service is reachable (needs a D-Bus session bus, gnome-keyring and libsecret); run Scripts/test-keyring"
        ))
    struct ClientSecretKeyringCLITests {
        @Test("client-secret set, then token --client-credentials with no env and no stdin; remove forgets it")
        func savedSecretIsUsed() async throws {
            let backend = try await LocalBackend.shared()
            let (clientId, secret) = try await BackendTests.machineClient(backend)
            let directory = try Integration.temporaryDirectory("client-secret-keyring")
            let common = [
                "--client-id", clientId, "--config", backend.info.configPath, "--store", directory + "/store",
            ]
            let hidden = ["LATCHKEY_CLIENT_SECRET"]
            let pool = backend.info.userPoolId
            defer { try? ClientSecretKeyring(poolId: pool, clientId: clientId).remove() }

            let set = try await LatchkeyBinary.run(
                ["client-secret", "set"] + common, stdin: secret + "\n", removing: hidden)
            #expect(set.status == 0, "\(set)")
            #expect(set.stderr.contains("Saved app client \(clientId)'s secret in the system keyring"))
            #expect(try ClientSecretKeyring(poolId: pool, clientId: clientId).load() == secret)

            let token = try await LatchkeyBinary.run(["token", "--client-credentials"] + common, removing: hidden)
            #expect(token.status == 0, "\(token)")
            let access = token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(access.split(separator: ".").count == 3)
            for output in [set, token] { #expect(!output.stderr.contains(secret) && !output.stdout.contains(secret)) }
            #expect(StoreTestSupport.filesContaining([secret], under: directory).isEmpty)

            let remove = try await LatchkeyBinary.run(["client-secret", "remove"] + common, removing: hidden)
            #expect(remove.status == 0, "\(remove)")
            #expect(try ClientSecretKeyring(poolId: pool, clientId: clientId).load() == nil)
            let without = try await LatchkeyBinary.run(["token", "--client-credentials"] + common, removing: hidden)
            #expect(without.status == 2, "\(without)")
            #expect(without.stderr.contains("latchkey client-secret set --client-id \(clientId)"))
        }
    }
}
