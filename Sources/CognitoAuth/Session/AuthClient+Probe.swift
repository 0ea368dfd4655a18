import Foundation

extension AuthClient {
    /// Checks whether the backend answers, without touching the session: one GetUser request with
    /// a placeholder token, which any reachable Cognito endpoint refuses. Any answer marks the
    /// client online (a `connectivityChanged(.online)` event when it was offline); a network
    /// failure leaves it offline. Nothing is stored and no token is sent.
    public func probeConnectivity() async {
        guard let api = try? userPoolAPI() else { return }
        _ = try? await reachingBackend { try await api.getUser(accessToken: "latchkey-connectivity-probe") }
    }
}

extension AuthClient {
    /// A username as it is sent: spaces around it removed and Unicode composed (NFC), so "José"
    /// typed with a combining accent (NFD, as some keyboards and macOS file names give it) names
    /// the same user as the precomposed "José".
    package static func normalizedUsername(_ username: String) -> String {
        username.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
    }
}
