import Foundation

extension AuthStateMachine {
    /// Records the tracked device (or its removal) in the current record and persists it.
    mutating func deviceChanged(_ device: TrackedDevice?, now: Date) -> [Action] {
        guard var record = session, record.device != device else { return [] }
        record.device = device
        record.updatedAt = now
        replaceRecord(with: record)
        return [.persist(record)]
    }

    /// Adopts the stored record of this same session whose refresh token a peer rotated, while this
    /// client's refresh is in flight: the refresh then continues from the stored token, so a retired
    /// refresh token is never sent again. Nothing is written (the store already holds it).
    mutating func peerRotatedRefreshToken(_ stored: PersistedSession) -> [Action] {
        guard case .signedIn(let mine, let phase) = state, phase != .idle, stored.state == .signedIn,
            let theirs = stored.tokens, let sub = mine.tokens?.idClaims?.sub, theirs.idClaims?.sub == sub
        else { return [] }
        replaceRecord(with: stored)
        return []
    }
}
