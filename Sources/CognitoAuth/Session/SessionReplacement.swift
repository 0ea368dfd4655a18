import Foundation

/// A sign-in that replaced another user's session in the same store (an account slot signed in
/// again as someone else), and what became of that user's refresh token.
public struct SessionReplacement: Sendable, Hashable {
    /// What became of the replaced user's refresh token.
    public enum Revocation: Sendable, Hashable {
        /// RevokeToken was sent and accepted (or the token was already invalid).
        case revoked
        /// The service could not be reached: the revocation is owed, kept in the store and sent
        /// by the next sign-in or sign-out here, as a sign-out keeps it.
        case owed
        /// Another revocation was already owed here and this one could not be sent either.
        case failed
        /// The replaced session held no refresh token (it was waiting for a re-login).
        case nothingToRevoke
    }

    /// The user whose session was replaced.
    public var previousUsername: String
    /// The user signed in now.
    public var username: String
    /// What became of the previous user's refresh token.
    public var revocation: Revocation

    /// A replacement of `previousUsername` by `username`.
    public init(previousUsername: String, username: String, revocation: Revocation) {
        self.previousUsername = previousUsername
        self.username = username
        self.revocation = revocation
    }
}
