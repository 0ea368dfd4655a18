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
