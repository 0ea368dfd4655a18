import AuthScreens
import CognitoAuthTesting

extension AuthScreensRuntime {
    /// A change source that fires after every change of the runtime's state (it chains ``onChange``,
    /// keeping whatever was set before).
    public func changeSource() -> ChangeSource {
        let signal = ChangeSignal()
        let source = ChangeSource.signal(signal, name: "runtime state changes")
        let previous = onChange
        onChange = { state in
            previous?(state)
            signal.notify()
        }
        return source
    }

    /// Waits until `condition` holds, re-checking it after every runtime change and every call to
    /// `service`; throws ``Waiter/Timeout`` when it never does.
    public func waitUntil(
        _ what: String, service: FakeAuthService? = nil, timeout: Duration = Waiter.defaultTimeout,
        _ condition: () async throws -> Bool
    ) async throws {
        var sources = [changeSource()]
        if let service { sources.append(.signal(service.changes, name: "fake service calls")) }
        try await Waiter.until(what, timeout: timeout, on: sources, condition)
    }
}
