extension TextEditing {
    /// Applies a key the way a single-line field does, and returns whether the key was an
    /// editing key (the value or the cursor may have changed).
    ///
    /// Characters and pastes insert; Backspace and Delete (and Ctrl-D) delete; Left, Right,
    /// Home, End, Ctrl-B, Ctrl-F, Ctrl-A and Ctrl-E move; Ctrl-U, Ctrl-K and Ctrl-W delete to
    /// the start, to the end and the previous word. Other keys are left to the caller.
    @discardableResult
    public mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character): insert(character)
        case .paste(let text): insert(text)
        case .backspace: backspace()
        case .delete, .ctrl("d"): deleteForward()
        case .left, .ctrl("b"): moveLeft()
        case .right, .ctrl("f"): moveRight()
        case .home, .ctrl("a"): moveToStart()
        case .end, .ctrl("e"): moveToEnd()
        case .ctrl("u"): deleteToStart()
        case .ctrl("k"): deleteToEnd()
        case .ctrl("w"): deleteWordBackward()
        default: return false
        }
        return true
    }
}
