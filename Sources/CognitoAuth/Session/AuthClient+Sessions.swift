import Foundation

/// The user's sessions across devices and app clients (Cognito's user session tracking).
public protocol SessionListService: Sendable {
    /// The user's sessions, this one marked ``UserSessionInfo/isCurrent``.
    func listSessions() async throws -> [UserSessionInfo]
    /// Ends another session; this one is refused locally (``TokenServiceError/cannotRevokeCurrentSession(id:)``).
    func revokeSession(id: String, revokeAssociated: Bool) async throws
}

extension AuthClient: SessionListService {}

extension AuthClient {
    /// The user's sessions across every app client of the pool (ListUserSessions, every page), newest first
    /// as Cognito sends them, this one marked ``UserSessionInfo/isCurrent``.
    ///
    /// Throws ``TokenServiceError/sessionTrackingNotEnabled`` when the pool does not track sessions, and
    /// ``AuthError`` for the rest (nobody signed in, re-login required, the network).
    public func listSessions() async throws -> [UserSessionInfo] {
        let api = try userPoolAPI()
        return try await mappingSessionErrors(id: nil) {
            try await withAccessToken(label: "ListUserSessions") { accessToken in
                var sessions: [UserSessionInfo] = []
                var next: String?
                var seen: Set<String> = []
                repeat {
                    let page = try await api.listUserSessions(accessToken: accessToken, nextToken: next)
                    sessions += page.sessions.compactMap(UserSessionInfo.init)
                    next = page.next
                    // A token seen before would loop forever: stop instead.
                    if let token = next, !seen.insert(token).inserted { break }
                } while next != nil
                return sessions
            }
        }
    }

    /// Ends one of the user's other sessions (RevokeUserSession): its refresh and access tokens stop working.
    ///
    /// Cognito cannot revoke the caller's own session, so this one is refused here and no RevokeUserSession
    /// is sent: the session list (ListUserSessions) says which one is this. To end this session, sign out.
    /// - Parameters:
    ///   - id: the session's id, as ``listSessions()`` gives it.
    ///   - revokeAssociated: also end the linked sessions (an SSO session's token sessions, or a token
    ///     session's SSO session).
    public func revokeSession(id: String, revokeAssociated: Bool = false) async throws {
        let sessions = try await listSessions()
        if sessions.first(where: { $0.id == id })?.isCurrent == true {
            throw TokenServiceError.cannotRevokeCurrentSession(id: id)
        }
        let api = try userPoolAPI()
        try await mappingSessionErrors(id: id) {
            try await withAccessToken(label: "RevokeUserSession") { accessToken in
                try await api.revokeUserSession(
                    accessToken: accessToken, sessionId: id, revokeAssociated: revokeAssociated)
            }
        }
    }

    /// Cognito's answers for the session operations, in our words.
    func mappingSessionErrors<T: Sendable>(id: String?, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch AuthError.service(let type, _) where type == "OperationNotEnabledException" {
            throw TokenServiceError.sessionTrackingNotEnabled
        } catch AuthError.resourceNotFound where id != nil {
            throw TokenServiceError.sessionNotFound(id: id ?? "")
        }
    }
}
