import Foundation
import Logging

/// The signed-in user's passkeys: add one (registration), list them, remove one.
public protocol PasskeyService: Sendable {
    /// Registers a new passkey (StartWebAuthnRegistration → the authenticator → CompleteWebAuthnRegistration) and
    /// returns its credential id; `name` goes to the authenticator only (Cognito names passkeys itself).
    func addPasskey(name: String?) async throws -> String
    /// The user's passkeys (ListWebAuthnCredentials, every page).
    func listPasskeys() async throws -> [PasskeyCredential]
    /// Removes a passkey (DeleteWebAuthnCredential).
    func deletePasskey(_ credentialId: String) async throws
}

extension AuthClient: PasskeyService {}

extension AuthClient {
    // MARK: Managing passkeys

    /// Registers a new passkey for the signed-in user and returns its credential id.
    ///
    /// The creation options are checked against the pinned relying party before the authenticator is asked, and the
    /// authenticator's answer is checked (its clientDataJSON's type, challenge and origin) before it is sent.
    /// `name` is given to the authenticator for its own label; Cognito has no field for it.
    public func addPasskey(name: String? = nil) async throws -> String {
        let api = try userPoolAPI()
        // The session first: nobody signed in, or a sign-in needed again, says so before "no provider".
        let accessToken = try await getTokens().accessToken
        let (authenticator, party) = try passkeyAuthenticatorAndParty()
        let options = try await reachingBackend { try await api.startWebAuthnRegistration(accessToken: accessToken) }
        var ceremony = try PasskeyCeremony.registration(options: options, pinned: party)
        ceremony.name = name
        let credential = try await authenticator.create(ceremony)
        try ceremony.check(credential: credential)
        try await reachingBackend {
            try await api.completeWebAuthnRegistration(accessToken: accessToken, credential: credential)
        }
        return TerminalText.sanitized(credential["id"]?.stringValue ?? "")
    }

    /// The signed-in user's passkeys, following every page (ListWebAuthnCredentials).
    public func listPasskeys() async throws -> [PasskeyCredential] {
        let api = try userPoolAPI()
        let accessToken = try await getTokens().accessToken
        var credentials: [PasskeyCredential] = []
        var token: String?
        var seen: Set<String> = []
        repeat {
            let page = try await reachingBackend {
                try await api.listWebAuthnCredentials(accessToken: accessToken, nextToken: token)
            }
            credentials += page.credentials.compactMap(PasskeyCredential.init)
            token = page.next
            // A token seen before would loop forever: stop instead.
            if let next = token, !seen.insert(next).inserted { break }
        } while token != nil
        return credentials
    }

    /// Removes one of the signed-in user's passkeys (DeleteWebAuthnCredential).
    public func deletePasskey(_ credentialId: String) async throws {
        let trimmed = credentialId.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else {
            throw AuthError.invalidParameter("The passkey id is empty. Name one from `latchkey passkey list`.")
        }
        let api = try userPoolAPI()
        let accessToken = try await getTokens().accessToken
        do {
            try await reachingBackend {
                try await api.deleteWebAuthnCredential(accessToken: accessToken, credentialId: trimmed)
            }
        } catch AuthError.resourceNotFound {
            throw AuthError.passkey(.unknownCredential(TerminalText.sanitized(trimmed)))
        }
    }

    // MARK: Sign-in support

    /// Whether this client can sign in with a passkey: an authenticator is set up.
    public nonisolated var canUsePasskeys: Bool { options.passkeys?.authenticator != nil }

    /// The authenticator and the pinned relying party; throws before anything is sent when either is missing.
    func passkeyAuthenticatorAndParty() throws(AuthError) -> (any PasskeyAuthenticator, PasskeyRelyingParty) {
        guard let authenticator = options.passkeys?.authenticator else { throw .passkey(.noAuthenticator) }
        if let pinned = options.passkeys?.relyingParty { return (authenticator, pinned) }
        let environment = options.passkeys?.environment ?? [:]
        return (authenticator, try PasskeyRelyingParty.resolve(environment: environment, configuration: configuration))
    }

    /// Answers the `WEB_AUTHN` challenge: checks `CREDENTIAL_REQUEST_OPTIONS` against the pinned relying party, asks
    /// the authenticator, checks its answer and sends it as `CREDENTIAL`; any failure ends the pending sign-in.
    func answerWebAuthn(_ answer: UserPoolAPI.AuthAnswer, username: String) async throws -> SignInStep {
        do {
            let (authenticator, party) = try passkeyAuthenticatorAndParty()
            guard let text = answer.challengeParameters["CREDENTIAL_REQUEST_OPTIONS"] else {
                throw AuthError.passkey(.malformed("the WEB_AUTHN challenge has no CREDENTIAL_REQUEST_OPTIONS"))
            }
            let ceremony = try PasskeyCeremony.assertion(optionsText: text, pinned: party)
            let credential = try await authenticator.get(ceremony)
            try ceremony.check(credential: credential)
            let api = try userPoolAPI()
            let responses = ["USERNAME": username, "CREDENTIAL": String(decoding: credential.encoded(), as: UTF8.self)]
            let result = try await reachingBackend {
                try await api.respond(
                    challenge: "WEB_AUTHN", responses: responses, session: answer.session, username: username)
            }
            return try await handle(result, username: username)
        } catch {
            pendingChallenge = nil
            lastSignInAttempt = nil
            throw error
        }
    }
}
