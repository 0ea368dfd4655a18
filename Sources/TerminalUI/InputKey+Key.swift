import AuthScreens
import TerminalKit

extension InputKey {
    /// The view models' form of a terminal key, or nil for a resize or an unknown key (which
    /// the app loop handles itself or drops).
    public init?(_ key: Key) {
        switch key {
        case .character(let character): self = .character(character)
        case .enter: self = .enter
        case .tab: self = .tab
        case .backTab: self = .backTab
        case .escape: self = .escape
        case .backspace: self = .backspace
        case .delete: self = .delete
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .home: self = .home
        case .end: self = .end
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .ctrl(let character): self = .ctrl(character)
        case .function(let number): self = .function(number)
        case .paste(let text): self = .paste(text)
        case .resize, .unknown, .mouse: return nil
        }
    }
}

extension Key {
    /// The terminal key a view-model key stands for (a dashboard row's action keys, pressed by a
    /// click through ``MouseMap``).
    public init(_ input: InputKey) {
        switch input {
        case .character(let character): self = .character(character)
        case .enter: self = .enter
        case .tab: self = .tab
        case .backTab: self = .backTab
        case .escape: self = .escape
        case .backspace: self = .backspace
        case .delete: self = .delete
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .home: self = .home
        case .end: self = .end
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .ctrl(let character): self = .ctrl(character)
        case .function(let number): self = .function(number)
        case .paste(let text): self = .paste(text)
        }
    }
}
