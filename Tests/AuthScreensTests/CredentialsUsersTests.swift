import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// The dashboard's view of `latchkey exec` / `serve-credentials` processes on the session (issue 30).
@MainActor
@Suite struct CredentialsUsersTests {
    @Test("The registry is read on tick: a row names the users, the log notes each hand-out, never a secret")
    func registryOnTick() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("registry-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let registry = CredentialsEndpointRegistry(storeDirectory: directory)
        let me = getpid()
        registry.record(.init(kind: "exec", pid: me, command: "python3"))
        var options = AuthUIOptions()
        options.credentialsRegistryDirectory = directory
        let runtime = AuthScreensRuntime(
            service: FakeAuthService(), options: options, timeZone: utc, clock: ManualClock(start: t0))
        runtime.send(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        runtime.tick(now: t0 + 1)
        #expect(runtime.state.dashboard.credentialsUsers.map(\.pid) == [me])
        let row = try #require(runtime.state.dashboard.credentialsUsersRow)
        #expect(row.label == "AWS used by")
        #expect(row.value == "1: exec python3 (pid \(me))")
        #expect(runtime.state.dashboard.rows.contains(row))
        let logged = runtime.state.dashboard.log.texts.count

        // Two hand-outs: one line each time the count grows, with the key's last four characters only.
        registry.record(
            .init(
                kind: "exec", pid: me, command: "python3", handOuts: 1, lastHandOut: t0, lastAccessKeyHint: "WXYZ",
                lastExpiration: t0 + 3600))
        runtime.tick(now: t0 + 2)
        runtime.tick(now: t0 + 3)
        #expect(runtime.state.dashboard.log.texts.count == logged + 1)
        #expect(
            runtime.state.dashboard.log.texts.last
                == "AWS credentials to exec python3 (pid \(me)): key …WXYZ, expires 23:13:20")

        // Three more between two looks: one line that counts them.
        registry.record(
            .init(
                kind: "exec", pid: me, command: "python3", handOuts: 4, lastHandOut: t0, lastAccessKeyHint: "ABCD",
                lastExpiration: t0 + 7200))
        runtime.tick(now: t0 + 4)
        #expect(runtime.state.dashboard.log.texts.count == logged + 2)
        #expect(
            runtime.state.dashboard.log.texts.last
                == "AWS credentials to exec python3 (pid \(me)), 3 times, last: key …ABCD, expires 00:13:20")

        // A process that is gone is pruned: the row disappears.
        registry.remove(pid: me)
        registry.record(.init(kind: "serve-credentials", pid: Int32.max - 7, command: nil))
        runtime.tick(now: t0 + 4)
        #expect(runtime.state.dashboard.credentialsUsers.isEmpty)
        #expect(runtime.state.dashboard.credentialsUsersRow == nil)
        #expect(!FileManager.default.fileExists(atPath: directory + "/endpoints/\(Int32.max - 7).json"))
    }
}
