import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Tokens whose access and id tokens carry `acr`, `amr` and `auth_time`, for the step-up tests.
enum StepUpFixtures {
    static let loa1 = "urn:cognito:loa:1"
    static let loa2 = "urn:cognito:loa:2"

    /// alice's tokens issued at `issued` (valid an hour) from an authentication at `authTime` with `amr`.
    static func tokens(
        acr: String, amr: [String], authTime: Date = Fixtures.t0, issued: Date = Fixtures.t0, serial: Int
    )
        throws -> CognitoTokens
    {
        let pool = Fixtures.pool
        let iat = JSONValue.number(issued.timeIntervalSince1970.rounded(.down))
        let exp = JSONValue.number((issued.timeIntervalSince1970 + 3600).rounded(.down))
        var common: [String: JSONValue] = [
            "iss": .string(pool.issuer), "iat": iat, "exp": exp, "sub": .string("sub-alice"),
            "acr": .string(acr), "amr": .array(amr.map(JSONValue.string)),
            "auth_time": .number(authTime.timeIntervalSince1970.rounded(.down)),
        ]
        var id = common
        id["aud"] = .string(pool.appClientId)
        id["token_use"] = .string("id")
        id["cognito:username"] = .string("alice")
        id["jti"] = .string("id-\(serial)")
        common["client_id"] = .string(pool.appClientId)
        common["token_use"] = .string("access")
        common["username"] = .string("alice")
        common["jti"] = .string("access-\(serial)")
        return try CognitoTokens(
            idToken: TestJWT.make(id), accessToken: TestJWT.make(common), refreshToken: "refresh-alice")
    }
}

/// Step-up in the pure machine: a call asking for a higher level than the tokens carry waits behind
/// a step-up exactly as calls wait for re-login, one sign-in resumes them all, release fails them.
extension AuthStateMachineTests {
    typealias F = StepUpFixtures

    @Test("A call asking for loa:2 on loa:1 tokens waits behind a step-up; one step-up resumes all such calls")
    func stepUpWaitsAndResumes() throws {
        let weak = try F.tokens(acr: F.loa1, amr: ["pwd"], serial: 1)
        var machine = signedInMachine(weak)
        let wantsLoa2 = TokenRequestOptions(acr: [F.loa2])
        #expect(machine.handle(.tokensRequested(1, wantsLoa2), now: t0) == [.pendingCallsChanged])
        #expect(machine.handle(.tokensRequested(2, wantsLoa2), now: t0) == [.pendingCallsChanged])
        // A call that asks for no level is served from the same tokens at once.
        #expect(machine.handle(.tokensRequested(3, .default), now: t0) == [.resume([3], weak)])
        #expect(machine.pendingCalls.map(\.reason) == [.stepUp, .stepUp])
        #expect(machine.pendingCalls.first?.acr == [F.loa2])
        let requirement = try #require(machine.stepUpRequirement)
        #expect(requirement.acr == [F.loa2] && requirement.waitingCount == 2)
        #expect(requirement.current.acr == F.loa1 && requirement.current.amr == ["pwd"])
        #expect(machine.userState == .signedIn)

        let strong = try F.tokens(acr: F.loa2, amr: ["pwd", "otp", "mfa"], serial: 2)
        let actions = machine.handle(.userPoolSignedIn(.alice(strong)), now: t0)
        #expect(actions.contains(.resume([1, 2], strong)))
        #expect(actions.last == .pendingCallsChanged)
        #expect(machine.pendingCalls.isEmpty && machine.stepUpRequirement == nil)
    }

    @Test("releaseStepUpWait fails only the calls waiting for a step-up, with stepUpCancelled")
    func releaseStepUp() throws {
        let weak = try F.tokens(acr: F.loa1, amr: ["pwd"], serial: 1)
        var machine = signedInMachine(weak)
        _ = machine.handle(.tokensRequested(1, TokenRequestOptions(acr: [F.loa2])), now: t0)
        #expect(machine.handle(.releaseSignInWait, now: t0) == [])
        #expect(
            machine.handle(.releaseStepUpWait, now: t0) == [
                .fail([1], .error(.stepUpCancelled)), .pendingCallsChanged,
            ])
        #expect(machine.handle(.releaseStepUpWait, now: t0) == [])
        #expect(machine.userState == .signedIn && machine.session?.tokens == weak)
    }

    @Test("Without waitForSignIn a call short of the level fails at once with stepUpRequired naming it")
    func noWaitStepUp() throws {
        var machine = signedInMachine(try F.tokens(acr: F.loa1, amr: ["pwd"], serial: 1))
        let options = TokenRequestOptions(acr: [F.loa2], waitForSignIn: false)
        #expect(
            machine.handle(.tokensRequested(1, options), now: t0) == [
                .fail([1], .error(.stepUpRequired(acr: [F.loa2])))
            ])
        #expect(machine.pendingCalls.isEmpty)
    }

    @Test("A higher loa meets a lower one; maxAge is measured on auth_time with the injected time")
    func satisfactionRules() throws {
        let strong = try F.tokens(acr: F.loa2, amr: ["pwd", "otp", "mfa"], authTime: t0, serial: 1)
        var machine = signedInMachine(strong)
        #expect(
            machine.handle(.tokensRequested(1, TokenRequestOptions(acr: [F.loa1])), now: t0) == [.resume([1], strong)])
        let recent = TokenRequestOptions(acr: [F.loa2], maxAge: .seconds(300))
        #expect(machine.handle(.tokensRequested(2, recent), now: t0.addingTimeInterval(299)) == [.resume([2], strong)])
        #expect(machine.handle(.tokensRequested(3, recent), now: t0.addingTimeInterval(301)) == [.pendingCallsChanged])
        #expect(machine.stepUpRequirement?.maxAge == .seconds(300))
        // An unknown level is met only by itself.
        #expect(!AuthenticationContext(acr: F.loa2).satisfies(acr: ["urn:example:gold"], maxAge: nil, at: t0))
        #expect(
            AuthenticationContext(acr: "urn:example:gold").satisfies(acr: ["urn:example:gold"], maxAge: nil, at: t0))
        #expect(!AuthenticationContext().satisfies(acr: [F.loa1], maxAge: nil, at: t0))
    }

    @Test("A refresh keeps a step-up call waiting (same level), and a step-up still short keeps it waiting")
    func refreshDoesNotResumeStepUp() throws {
        let weak = try F.tokens(acr: F.loa1, amr: ["pwd"], serial: 1)
        var machine = signedInMachine(weak)
        // At t1 the tokens need a refresh: the call waits for it first.
        let actions = machine.handle(.tokensRequested(1, TokenRequestOptions(acr: [F.loa2])), now: t1)
        #expect(actions.first == .pendingCallsChanged && machine.pendingCalls.first?.reason == .refresh)
        let refreshed = try F.tokens(acr: F.loa1, amr: ["pwd"], issued: t1, serial: 2)
        let after = machine.handle(.refreshSucceeded(refreshed, generation: machine.generation), now: t1)
        #expect(after == [.persist(machine.session), .pendingCallsChanged])
        #expect(machine.pendingCalls.map(\.reason) == [.stepUp])
        // A new sign-in that is still loa:1 does not resume it either.
        let still = try F.tokens(acr: F.loa1, amr: ["pwd"], issued: t1, serial: 3)
        let signIn = machine.handle(.userPoolSignedIn(.alice(still)), now: t1)
        #expect(!signIn.contains { if case .resume = $0 { return true } else { return false } })
        #expect(machine.pendingCalls.map(\.reason) == [.stepUp])
    }

    @Test("A step-up call follows re-login like any call: after the sign-in it is checked again")
    func stepUpThroughRelogin() throws {
        var machine = signedInMachine(try F.tokens(acr: F.loa1, amr: ["pwd"], serial: 1))
        _ = machine.handle(.tokensRequested(1, TokenRequestOptions(acr: [F.loa2])), now: t0)
        _ = machine.invalidate(.userPoolTokensInvalid, now: t0)
        #expect(machine.pendingCalls.map(\.reason) == [.signIn])
        let strong = try F.tokens(acr: F.loa2, amr: ["pwd", "otp", "mfa"], serial: 2)
        #expect(machine.handle(.userPoolSignedIn(.alice(strong)), now: t0).contains(.resume([1], strong)))
    }
}
