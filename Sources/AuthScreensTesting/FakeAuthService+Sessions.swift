import CognitoAuth
import Foundation

extension FakeAuthService {
    /// Sets what the session calls return or throw.
    public func script(sessions: [UserSessionInfo], error: (any Error)? = nil) {
        sessionList = sessions
        sessionError = error
    }

    /// Records the call; returns ``sessionList`` or throws ``sessionError``.
    public func listSessions() async throws -> [UserSessionInfo] {
        record(.listSessions)
        if let sessionError { throw sessionError }
        return sessionList
    }

    /// Records the call; refuses the current session as the client does, else removes the session.
    public func revokeSession(id: String, revokeAssociated: Bool) async throws {
        record(.revokeSession(id))
        if let sessionError { throw sessionError }
        if sessionList.first(where: { $0.id == id })?.isCurrent == true {
            throw TokenServiceError.cannotRevokeCurrentSession(id: id)
        }
        guard sessionList.contains(where: { $0.id == id }) else { throw TokenServiceError.sessionNotFound(id: id) }
        sessionList.removeAll { $0.id == id }
    }
}
