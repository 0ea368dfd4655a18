import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Calls waiting for sign-in: resumed, cancelled, released, past their deadline.
extension AuthClientTests {
    @Test("getTokens(.noWait) in signedOutUserPoolsTokenInvalid throws reloginRequired at once")
    func noWaitReloginRequired() async throws {
        let rig = makeRig(stored: reloginSession())
        #expect(await rig.client.initialize() == .signedOutUserPoolsTokenInvalid)
        await #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) {
            try await rig.client.getTokens(.noWait)
        }
        #expect(await rig.client.pendingCalls.isEmpty)
        #expect(rig.transport.sent.isEmpty)
    }

    @Test("A waiting call is resumed by completeSignIn with the new tokens")
    func waitingCallResumedBySignIn() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let waiters = (0..<3).map { _ in Task { try await client.getTokens() } }
        try await Waiter.value(
            of: "three calls waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 3 })
        #expect(await client.pendingCalls.allSatisfy { $0.reason == .signIn && $0.label == "getTokens" })
        let tokens = try Fixtures.tokens(serial: 21)
        try await client.completeSignIn(tokens: tokens, username: "alice")
        for waiter in waiters { #expect(try await waiter.value == tokens) }
        #expect(await client.pendingCalls.isEmpty)
        #expect(await client.userState == .signedIn)
        #expect(try rig.store.load()?.tokens == tokens)
        #expect(rig.transport.sent.isEmpty)
    }

    @Test("A cancelled waiting task throws CancellationError and leaves pendingCalls; the others keep waiting")
    func cancelledWaiter() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let cancelled = Task { try await client.getTokens(TokenRequestOptions(label: "cancelled")) }
        let kept = Task { try await client.getTokens(TokenRequestOptions(label: "kept")) }
        try await Waiter.value(
            of: "two calls waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 2 })
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        try await Waiter.value(
            of: "the cancelled call removed", on: [await client.changeSource()],
            { await client.pendingCalls.map(\.label) }, until: { $0 == ["kept"] })

        // A task cancelled before it asks never waits.
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.getTokens()
        }
        await #expect(throws: CancellationError.self) { try await early.value }

        await client.releaseSignInWait()
        await #expect(throws: AuthError.signInWaitCancelled) { try await kept.value }
        #expect(await client.pendingCalls.isEmpty)
    }

    @Test("releaseSignInWait fails the waiting calls; a later call waits afresh")
    func releaseSignInWait() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let first = Task { try await client.getTokens() }
        try await Waiter.value(
            of: "one call waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 1 })
        await client.releaseSignInWait()
        await #expect(throws: AuthError.signInWaitCancelled) { try await first.value }
        let second = Task { try await client.getTokens() }
        try await Waiter.value(
            of: "the later call waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 1 })
        try await client.signOut()
        await #expect(throws: AuthError.signedOut) { try await second.value }
        #expect(await client.userState == .signedOut)
    }

    @Test("A deadline on the manual clock fails the waiting call with deadlineExceeded")
    func deadlineExceeded() async throws {
        let rig = makeRig(stored: reloginSession())
        await rig.client.initialize()
        let client = rig.client
        let waiter = Task { try await client.getTokens(TokenRequestOptions(deadline: .seconds(30))) }
        try await Waiter.until(
            "the call waiting with its deadline timer", on: [await client.changeSource(), rig.clock.changeSource()]
        ) {
            await client.pendingCalls.count == 1 && rig.clock.sleeperCount == 1
        }
        rig.clock.advance(by: 29)
        #expect(await client.pendingCalls.count == 1)
        rig.clock.advance(by: 2)
        await #expect(throws: AuthError.deadlineExceeded) { try await waiter.value }
        #expect(await client.pendingCalls.isEmpty)
    }

    @Test("A rejected access token makes the next getTokens refresh")
    func rejectedAccessToken() async throws {
        let tokens = try Fixtures.tokens()
        let fresh = try Fixtures.tokens(serial: 31, refreshToken: nil)
        let rig = makeRig(stored: Fixtures.signedInSession(tokens)) { _ in refreshAnswer(fresh) }
        await rig.client.initialize()
        #expect(try await rig.client.getTokens() == tokens)
        await rig.client.reportAccessTokenRejected(tokens.accessToken)
        #expect(try await rig.client.getTokens().accessToken == fresh.accessToken)
        #expect(rig.refreshRequests.count == 1)
    }
}
