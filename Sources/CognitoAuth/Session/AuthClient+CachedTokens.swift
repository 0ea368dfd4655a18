import Foundation

extension AuthClient {
    /// The tokens ``getTokens(_:)`` would return at once from `stored`, without an actor, a task or
    /// the network; nil when it would have to refresh, wait for sign-in or fail.
    ///
    /// For a process that reads the store itself and answers only when the cached tokens suffice
    /// (`latchkey token` at start-up): the same state machine a client restores into decides, with
    /// the same policy, so the answer cannot drift from what a client would give. Anything else is
    /// the ordinary client's to do.
    public nonisolated static func cachedTokens(
        in stored: PersistedSession?, at now: Date, configuration: AuthConfiguration,
        options: AuthClientOptions = AuthClientOptions()
    ) -> CognitoTokens? {
        // Another pool's session is never served (the ordinary client refuses it, naming both).
        if stored?.issuerMismatch(with: configuration) != nil { return nil }
        var machine = AuthStateMachine(policy: machinePolicy(configuration: configuration, options: options))
        _ = machine.handle(.restored(stored), now: now)
        return machine.cachedTokens(at: now)
    }

    /// The state machine's policy for a client on `configuration` with `options`.
    nonisolated static func machinePolicy(
        configuration: AuthConfiguration, options: AuthClientOptions
    ) -> AuthStateMachine.Policy {
        AuthStateMachine.Policy(
            refreshMargin: options.refreshMargin, backoff: options.backoff,
            userPoolProviderKey: configuration.userPool?.providerKey,
            userPoolIssuer: configuration.userPool.map(SessionIssuer.init(pool:)),
            identityIssuer: configuration.identityPool.map(IdentityIssuer.init(pool:)),
            identityManager: configuration.identityManager)
    }
}
