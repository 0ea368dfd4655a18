import AWSMobileClientCompat
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// A Swift 5 `main.swift` that blocks the main thread on a semaphore for every handler
    /// (`Tests/CompatPorting/Swift5Script`, the `CompatPortingBlockingMain` executable).
    @Suite("A Swift 5 main.swift that blocks the main thread on semaphores, against the local backend")
    struct PortedBlockingMainTests {
        /// The built program `name`: beside the test bundle, or in `.build/debug`.
        static func binary(_ name: String = "CompatPortingBlockingMain") -> URL? {
            let candidates = [
                Bundle.main.bundleURL.appendingPathComponent(name),
                Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent(name),
                LocalBackend.repositoryRoot.appendingPathComponent(".build/debug/\(name)"),
            ]
            return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }

        @Test(
            "initialize, addUserStateListener, signIn, getTokens, releaseSignInWait, signOut each return: no deadlock"
        )
        func blockingMainRunsToTheEnd() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("blocking-main")
            try await backend.createUser(username, password: Integration.password)
            let directory = try Integration.temporaryDirectory("blocking-main")
            let binary = try #require(
                Self.binary(), "CompatPortingBlockingMain is not built (swift build --build-tests)")
            let environment = [
                "SEED_USERNAME": username, "SEED_PASSWORD": Integration.password,
                "LATCHKEY_CONFIG": backend.info.configPath, "LATCHKEY_STORE": "file",
                "LATCHKEY_STORE_DIR": directory + "/store",
            ]
            let output = try await ChildProcess.spawn(
                binary.path, [], environment: environment, directory: directory, timeout: .seconds(60)
            ).wait()
            let steps = output.stdout.split(separator: "\n").filter { $0.hasPrefix("step: ") }
            #expect(
                steps == [
                    "step: initialize", "step: addUserStateListener", "step: signIn", "step: getTokens",
                    "step: releaseSignInWait", "step: signOut",
                ], "\(output.stdout)\n\(output.stderr)")
            #expect(output.exitCode == 0, "\(output.stderr)")
            #expect(output.stdout.contains("initialize: signedOut"))
            #expect(output.stdout.contains("signIn: signed in"))
            #expect(output.stdout.contains("getTokens: username \(username)"))
            #expect(output.stdout.contains("signOut: done"))
            #expect(output.stdout.contains("state: signedOut"))
            // The one-time warning names the way out.
            #expect(output.stderr.contains("AWSMobileClient.completionQueue"))
            #expect(output.stderr.components(separatedBy: "AWSMobileClient.completionQueue").count == 2)
        }

        @Test("Swift 6 mode: a main-actor handler the blocked main thread waits for ends the wait, with the warning")
        func swift6BlockingMainEnds() async throws {
            let name = "CompatPortingBlockingMainSwift6"
            let binary = try #require(Self.binary(name), "\(name) is not built (swift build --build-tests)")
            let directory = try Integration.temporaryDirectory("blocking-main-6")
            // No configuration: initialize's handler comes back at once, with the configuration error.
            let output = try await ChildProcess.spawn(
                binary.path, [], environment: ["LATCHKEY_CONFIG": directory + "/none.json"], directory: directory,
                timeout: .seconds(60)
            ).wait()
            #expect(output.stdout.contains("initialize: error:"), "\(output.stdout)\n\(output.stderr)")
            #expect(output.stderr.contains("AWSMobileClient.completionQueue"))
        }
    }
}
