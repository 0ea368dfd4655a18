import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Calls wait for re-login, resume after sign-in, fail on releaseSignInWait")
    struct ReloginWaitTests {
        /// Starts five GetUser service calls that will need a re-login after an admin global sign-out.
        static func startFiveCalls(_ client: AuthClient) -> [Task<Result<[String: String], any Error>, Never>] {
            (0..<5).map { index in
                Task {
                    do {
                        return .success(
                            try await client.getUserAttributes(TokenRequestOptions(label: "GetUser #\(index)")))
                    } catch {
                        return .failure(error)
                    }
                }
            }
        }

        @Test(
            "Revoke, five calls wait, sign in again: all five complete with the new tokens; then release: all five fail"
        )
        func reloginResumesThenReleaseFails() async throws {
            let backend = try await LocalBackend.shared()
            let configuration = try await backend.configuration(accessTokenSeconds: 5)
            let (client, username) = try await Integration.signedInClient(
                backend: backend, configuration: configuration)
            let states = await client.userStateChanges()
            let recorder = StateRecorder()
            let listening = Task { for await change in states { await recorder.append(change.state) } }
            defer { listening.cancel() }

            // Round 1: revoke, five calls wait, sign in again, they complete.
            try await backend.adminGlobalSignOut(username)
            let firstRound = Self.startFiveCalls(client)
            try await Waiter.value(
                of: "five calls waiting for sign-in", on: [await client.changeSource()],
                { await client.pendingCalls.map(\.reason) }, until: { $0 == Array(repeating: .signIn, count: 5) })
            #expect(await client.userState == .signedOutUserPoolsTokenInvalid)
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            let newToken = try await client.getTokens().accessToken
            for (index, task) in firstRound.enumerated() {
                let attributes = try await value(of: task, within: 30, "round 1 call \(index)").get()
                #expect(attributes["email"] == "\(username)@example.com")
            }
            #expect(await client.pendingCalls.isEmpty)

            // Round 2: revoke again, five calls wait, releaseSignInWait fails them all.
            try await backend.adminGlobalSignOut(username)
            let secondRound = Self.startFiveCalls(client)
            // Waiting for sign-in, not still for the refresh that finds the token revoked: the release
            // fails sign-in waiters only (a call still waiting for the refresh would then wait for a
            // sign-in that never comes; this race hung the suite about once in four runs).
            try await Waiter.value(
                of: "five calls waiting for sign-in again", on: [await client.changeSource()],
                { await client.pendingCalls.map(\.reason) }, until: { $0 == Array(repeating: .signIn, count: 5) })
            await client.releaseSignInWait()
            for (index, task) in secondRound.enumerated() {
                let result = try await value(of: task, within: 30, "round 2 call \(index)")
                #expect(throws: AuthError.signInWaitCancelled) { _ = try result.get() }
            }
            #expect(await client.pendingCalls.isEmpty)
            // A new call afterwards behaves normally: it does not hang, it reports re-login, and works after sign-in.
            await #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) {
                _ = try await client.getTokens(.noWait)
            }
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            #expect(try await client.getTokens().accessToken != newToken)
            _ = try await client.getUserAttributes()
            let seen = await recorder.states
            #expect(seen.filter { $0 == .signedOutUserPoolsTokenInvalid }.count == 2)
            #expect(seen.last == .signedIn)
        }

        @Test("Signing out fails the waiting calls with .signedOut; a cancelled caller alone gets CancellationError")
        func signOutAndCancellation() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            try await backend.adminGlobalSignOut(username)
            let calls = Self.startFiveCalls(client)
            try await Waiter.value(
                of: "five calls waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
                until: { $0 == 5 })
            calls[0].cancel()
            try await Waiter.value(
                of: "the cancelled call gone from the list", on: [await client.changeSource()],
                { await client.pendingCalls.count }, until: { $0 == 4 })
            let cancelled = try await value(of: calls[0], within: 30, "the cancelled call")
            #expect(throws: CancellationError.self) { _ = try cancelled.get() }
            try await client.signOut()
            for task in calls.dropFirst() {
                let result = try await value(of: task, within: 30, "a call failed by the sign-out")
                #expect(throws: AuthError.signedOut) { _ = try result.get() }
            }
        }

        @Test("A per-call deadline fails a waiting call with deadlineExceeded")
        func deadline() async throws {
            let backend = try await LocalBackend.shared()
            let (client, username) = try await Integration.signedInClient(backend: backend)
            try await backend.adminGlobalSignOut(username)
            await #expect(throws: AuthError.deadlineExceeded) {
                _ = try await client.getUserAttributes(
                    TokenRequestOptions(deadline: .milliseconds(300), label: "deadline"))
            }
            #expect(await client.pendingCalls.isEmpty)
        }
    }
}

actor StateRecorder {
    var states: [UserState] = []
    func append(_ state: UserState) { states.append(state) }
}
