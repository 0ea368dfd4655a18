import CognitoAuth

extension AuthClient {
    /// A change source for ``Waiter``: the client's events (state, pending calls, connectivity, refreshes).
    public func changeSource() -> ChangeSource {
        .events(events(), name: "AuthClient events")
    }
}

extension ManualClock {
    /// A change source for ``Waiter``: a sleeper started, woke or was cancelled.
    public func changeSource() -> ChangeSource {
        .signal(changes, name: "manual clock sleepers")
    }
}

extension ScriptedTransport {
    /// A change source for ``Waiter``: a request was sent.
    public func changeSource() -> ChangeSource {
        .signal(changes, name: "requests sent")
    }
}

extension ChildProcess {
    /// A change source for ``Waiter``: the child wrote output or exited.
    public func changeSource() -> ChangeSource {
        .signal(outputChanges, name: "output of \(command)")
    }
}
