import Foundation

/// Step-up: calls asking for a higher authentication level than the tokens carry wait behind a
/// step-up, as calls wait for re-login; a sign-in (the step-up's, or any other) whose tokens meet a
/// call's level resumes it, and ``releaseStepUpWait()`` fails the calls that wait.
extension AuthStateMachine {
    /// Resumes the waiters `ids` (still in the queue) with `tokens` when the tokens meet what each
    /// asked for; the others wait for a step-up (or, not willing to wait, fail with `stepUpRequired`).
    mutating func resumeOrStepUp(_ ids: [WaiterID], _ tokens: CognitoTokens, now: Date) -> [Action] {
        let context = AuthenticationContext(token: tokens.accessToken)
        var resumed: [WaiterID] = []
        var refused: [(id: WaiterID, acr: [String])] = []
        var stepping = false
        for id in ids {
            guard let waiter = waiters[id] else { continue }
            let options = waiter.options
            if !options.requiresStepUpCheck || context.satisfies(acr: options.acr, maxAge: options.maxAge, at: now) {
                resumed.append(id)
            } else if options.waitForSignIn {
                waiters[id]?.reason = .stepUp
                stepping = true
            } else {
                refused.append((id, options.acr))
            }
        }
        remove(resumed + refused.map(\.id))
        var actions: [Action] = []
        if !resumed.isEmpty { actions.append(.resume(resumed, tokens)) }
        for (id, acr) in refused { actions.append(.fail([id], .error(.stepUpRequired(acr: acr)))) }
        if !resumed.isEmpty || !refused.isEmpty || stepping { actions.append(.pendingCallsChanged) }
        return actions
    }

    /// A call's first look at cached tokens: served, queued behind a step-up, or refused at once.
    mutating func tokensRequestedWithCache(
        _ id: WaiterID, _ options: TokenRequestOptions, _ tokens: CognitoTokens, now: Date
    ) -> [Action] {
        let context = AuthenticationContext(token: tokens.accessToken)
        guard options.requiresStepUpCheck, !context.satisfies(acr: options.acr, maxAge: options.maxAge, at: now)
        else { return [.resume([id], tokens)] }
        guard options.waitForSignIn else { return [.fail([id], .error(.stepUpRequired(acr: options.acr)))] }
        waiters[id] = Waiter(options: options, since: now, reason: .stepUp)
        return [.pendingCallsChanged]
    }

    /// Fails every call waiting for a step-up with ``AuthError/stepUpCancelled``.
    mutating func releaseStepUpWait() -> [Action] {
        let released = waiterIDs { $0.reason == .stepUp }
        guard !released.isEmpty else { return [] }
        remove(released)
        return [.fail(released, .error(.stepUpCancelled)), .pendingCallsChanged]
    }

    /// What the calls waiting behind a step-up ask for, or nil when none waits.
    var stepUpRequirement: StepUpRequirement? {
        let waiting = waiters.filter { $0.value.reason == .stepUp }.sorted { $0.key < $1.key }.map(\.value)
        guard let first = waiting.first else { return nil }
        let ages = waiting.compactMap(\.options.maxAge)
        // The oldest call that names levels names them; a call asking only for a recent authentication names none.
        let acr = waiting.first { !$0.options.acr.isEmpty }?.options.acr ?? first.options.acr
        let current = session?.tokens.map { AuthenticationContext(token: $0.accessToken) } ?? AuthenticationContext()
        return StepUpRequirement(acr: acr, maxAge: ages.min(), waitingCount: waiting.count, current: current)
    }
}
