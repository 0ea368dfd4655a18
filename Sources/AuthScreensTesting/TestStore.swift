import AuthScreens
import CognitoAuth
import TerminalKeys
import Testing

extension String {
    /// The text as character key presses.
    public var keys: [Key] { map { .character($0) } }
}

/// A TCA-style test store: every `send` states the effects it expects and how the state changes,
/// and the whole state is compared after each action.
public struct TestStore<State: Equatable, Action, Effect: Equatable> {
    /// The state after the last action.
    public var state: State
    /// The reducer under test.
    public let reducer: (inout State, Action) -> [Effect]
    /// Turns a key into the screen's action.
    public let keyAction: (Key) -> Action
    /// The effects the actions sent so far returned and ``receive(from:_:sourceLocation:_:)`` has not run yet, oldest first.
    public private(set) var pendingEffects: [Effect] = []

    /// Creates a store at `state`.
    public init(
        state: State, reducer: @escaping (inout State, Action) -> [Effect], keyAction: @escaping (Key) -> Action
    ) {
        self.state = state
        self.reducer = reducer
        self.keyAction = keyAction
    }

    /// Sends an action and checks the effects and the exact resulting state.
    public mutating func send(
        _ action: Action, _ expectedEffects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout State) -> Void = { _ in }
    ) {
        var expected = state
        update(&expected)
        let effects = reducer(&state, action)
        pendingEffects += effects
        #expect(effects == expectedEffects, sourceLocation: sourceLocation)
        #expect(state == expected, sourceLocation: sourceLocation)
    }

    /// Sends a key and checks the effects and the exact resulting state.
    public mutating func press(
        _ key: Key, _ expectedEffects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
        _ update: (inout State) -> Void = { _ in }
    ) {
        send(keyAction(key), expectedEffects, sourceLocation: sourceLocation, update)
    }

    /// Types text key by key, expecting no effects (the state is not compared).
    public mutating func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for key in text.keys {
            let effects = reducer(&state, keyAction(key))
            #expect(effects.isEmpty, sourceLocation: sourceLocation)
        }
    }
}

extension TestStore where State == AppState, Action == AppAction, Effect == AuthEffect {
    /// Runs the oldest pending effect on `service` as the runtime does, then sends the action its result
    /// comes back as, checking that action's effects and the exact resulting state (TCA's `receive`).
    ///
    /// No clock is waited on: the effect's call returns when the service answers, and the app's time
    /// moves only with `.tick` actions the test sends.
    public mutating func receive(
        from service: some AuthClientService, _ expectedEffects: [AuthEffect] = [],
        sourceLocation: SourceLocation = #_sourceLocation, _ update: (inout AppState) -> Void = { _ in }
    ) async {
        guard !pendingEffects.isEmpty else {
            Issue.record("no effect is pending", sourceLocation: sourceLocation)
            return
        }
        let effect = pendingEffects.removeFirst()
        guard let action = await effect.perform(on: service) else {
            Issue.record("\(effect) brings no action back", sourceLocation: sourceLocation)
            return
        }
        send(action, expectedEffects, sourceLocation: sourceLocation, update)
    }
}
