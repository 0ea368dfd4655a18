import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// GetTokensFromRefreshToken: rotation, reuse, the fallback to REFRESH_TOKEN_AUTH, and what is sent.
@Suite struct RefreshRotationTests {
    let t0 = Fixtures.t0

    func rig(
        stored: PersistedSession?, options: AuthClientOptions = Fixtures.clientOptions,
        _ responder: @escaping @Sendable (HTTPRequestData, InMemorySessionStore) async throws -> HTTPResponseData
    ) -> (client: AuthClient, transport: ScriptedTransport, store: InMemorySessionStore) {
        let store = InMemorySessionStore(stored)
        let transport = ScriptedTransport { request in try await responder(request, store) }
        let client = AuthClient(
            configuration: Fixtures.configuration(pool: Fixtures.pool), store: store, transport: transport,
            clock: ManualClock(start: t0), random: FixedRandomSource(fixed: [0x80]), options: options)
        return (client, transport, store)
    }

    func expired(_ refreshToken: String = "rt-1") throws -> CognitoTokens {
        try Fixtures.tokens(issued: t0.addingTimeInterval(-10_000), refreshToken: refreshToken)
    }

    static let mooHTML = HTTPResponseData(
        status: 500, headers: [("Content-Type", "text/html")],
        body: Array("<!doctype html><title>500 Internal Server Error</title>".utf8))

    @Test func theRotatedRefreshTokenIsStoredAndSentNext() async throws {
        let counter = Locked(0)
        let (client, transport, store) = rig(stored: Fixtures.signedInSession(try expired())) { _, _ in
            let serial = counter.withLock {
                $0 += 1
                return $0
            }
            let fresh = try Fixtures.tokens(
                issued: Fixtures.t0, lifetime: 1, serial: serial, refreshToken: "rt-\(serial + 1)")
            return refreshAnswer(fresh, includeRefreshToken: true)
        }
        await client.initialize()
        _ = try await client.getTokens()
        #expect(try store.load()?.tokens?.refreshToken == "rt-2")
        await client.forceRefresh()
        try await Waiter.value(
            of: "the rotated refresh token rt-3 stored", on: [await client.changeSource(), transport.changeSource()],
            { try? store.load()?.tokens?.refreshToken }, until: { $0 == "rt-3" })
        let sent = transport.sent.filter(\.isRefresh).map(\.sentRefreshToken)
        #expect(sent == ["rt-1", "rt-2"])
        #expect(transport.sent.allSatisfy { $0.operation == "GetTokensFromRefreshToken" })
    }

    @Test func deviceKeyAndClientMetadataAreSent() async throws {
        var session = Fixtures.signedInSession(try expired())
        session.device = TrackedDevice(
            username: "alice", deviceKey: "us-east-1_dev", deviceGroupKey: "-g", devicePassword: "pw")
        var options = Fixtures.clientOptions
        options.clientMetadata = ["app": "latchkey"]
        let (client, transport, _) = rig(stored: session, options: options) { _, _ in
            refreshAnswer(try Fixtures.tokens(serial: 2))
        }
        await client.initialize()
        _ = try await client.getTokens()
        let body = try #require(transport.sent.first?.json)
        #expect(body["DeviceKey"] == "us-east-1_dev")
        #expect(body["ClientMetadata"]?["app"] == "latchkey")
        #expect(body["ClientSecret"] == nil)
    }

    @Test func anotherUsersDeviceIsNotSent() async throws {
        var session = Fixtures.signedInSession(try expired())
        session.device = TrackedDevice(
            username: "bob", deviceKey: "us-east-1_bob", deviceGroupKey: "-g", devicePassword: "pw")
        let (client, transport, _) = rig(stored: session) { _, _ in refreshAnswer(try Fixtures.tokens(serial: 2)) }
        await client.initialize()
        _ = try await client.getTokens()
        #expect(try #require(transport.sent.first?.json)["DeviceKey"] == nil)
    }

    @Test func anUnknownOperationFallsBackToRefreshTokenAuthForTheProcess() async throws {
        let (client, transport, _) = rig(stored: Fixtures.signedInSession(try expired())) { request, _ in
            if request.operation == "GetTokensFromRefreshToken" { return Self.mooHTML }
            return refreshAnswer(try Fixtures.tokens(issued: Fixtures.t0, lifetime: 1, serial: 2))
        }
        await client.initialize()
        _ = try await client.getTokens()
        await client.forceRefresh()
        try await Waiter.value(
            of: "three requests sent", on: [transport.changeSource()], { transport.sent.count }, until: { $0 == 3 })
        #expect(
            transport.sent.map { $0.operation ?? "" } == [
                "GetTokensFromRefreshToken", "InitiateAuth", "InitiateAuth",
            ])
        #expect(await client.userState == .signedIn)
    }

    @Test func aRefusedFallbackNeverSignsOutAndIsNotRemembered() async throws {
        let (client, transport, _) = rig(stored: Fixtures.signedInSession(try expired())) { request, _ in
            if request.operation == "GetTokensFromRefreshToken" { return Self.mooHTML }
            return ScriptedTransport.error("NotAuthorizedException", "Refresh token rotation is enabled")
        }
        await client.initialize()
        await #expect(throws: AuthError.self) {
            _ = try await client.getTokens(TokenRequestOptions(waitForSignIn: false, waitForConnectivity: false))
        }
        #expect(await client.userState == .signedIn)
        // Not remembered: the next refresh tries GetTokensFromRefreshToken again.
        await client.forceRefresh()
        try await Waiter.value(
            of: "three requests sent", on: [transport.changeSource()], { transport.sent.count }, until: { $0 >= 3 })
        #expect(
            transport.sent.prefix(3).map { $0.operation ?? "" } == [
                "GetTokensFromRefreshToken", "InitiateAuth", "GetTokensFromRefreshToken",
            ])
    }

    @Test func reuseWithNothingNewerStoredNeedsReLogin() async throws {
        let (client, _, store) = rig(stored: Fixtures.signedInSession(try expired())) { _, _ in
            ScriptedTransport.error("RefreshTokenReuseException", "The refresh token has been invalidated")
        }
        await client.initialize()
        await #expect(throws: AuthError.self) {
            _ = try await client.getTokens(TokenRequestOptions(waitForSignIn: false))
        }
        #expect(await client.userState == .signedOutUserPoolsTokenInvalid)
        #expect(try store.load()?.state == .signedOutUserPoolsTokenInvalid)
    }

    @Test func reuseAfterAPeerRotatedAdoptsThePeersTokens() async throws {
        let peer = try Fixtures.tokens(issued: Fixtures.t0, serial: 9, refreshToken: "rt-peer")
        let (client, transport, store) = rig(stored: Fixtures.signedInSession(try expired())) { request, store in
            if request.sentRefreshToken == "rt-1" {
                // A peer process refreshed first and stored its result; our token is now retired.
                _ = try store.save(Fixtures.signedInSession(peer), when: .always)
                return ScriptedTransport.error("RefreshTokenReuseException", "invalidated by rotation")
            }
            return ScriptedTransport.error("InvalidParameterException", "unexpected request")
        }
        await client.initialize()
        let tokens = try await client.getTokens(TokenRequestOptions(waitForSignIn: false))
        #expect(tokens.accessToken == peer.accessToken)
        #expect(await client.userState == .signedIn)
        #expect(try store.load()?.tokens?.refreshToken == "rt-peer")
        #expect(transport.sent.count == 1)
    }

    @Test func reuseAfterAPeerRotatedRetriesWithTheStoredToken() async throws {
        let peerExpired = try Fixtures.tokens(issued: t0.addingTimeInterval(-9_000), serial: 9, refreshToken: "rt-peer")
        let (client, transport, store) = rig(stored: Fixtures.signedInSession(try expired())) { request, store in
            switch request.sentRefreshToken {
            case "rt-1":
                _ = try store.save(Fixtures.signedInSession(peerExpired), when: .always)
                return ScriptedTransport.error("RefreshTokenReuseException", "invalidated by rotation")
            case "rt-peer":
                return refreshAnswer(
                    try Fixtures.tokens(issued: Fixtures.t0, serial: 10, refreshToken: "rt-next"),
                    includeRefreshToken: true)
            default:
                return ScriptedTransport.error("InvalidParameterException", "unexpected request")
            }
        }
        await client.initialize()
        _ = try await client.getTokens(TokenRequestOptions(waitForSignIn: false))
        #expect(transport.sent.map(\.sentRefreshToken) == ["rt-1", "rt-peer"])
        #expect(try store.load()?.tokens?.refreshToken == "rt-next")
        #expect(await client.userState == .signedIn)
    }
}
