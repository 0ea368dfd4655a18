/// Turns the results of ncurses' `get_wch` into ``Key`` values.
///
/// ``decode(status:value:codes:)`` is a pure function of one `get_wch` result. An instance also
/// assembles bracketed pastes: ``feed(_:)`` returns nil while a paste is being collected and
/// ``Key/paste(_:)`` when it ends.
///
/// Esc and Alt: with `set_escdelay(25)` ncurses returns a lone ESC after 25 ms, and an Alt
/// chord arrives as ESC followed by the key. They are not combined: the decoder returns
/// ``Key/escape`` then the key, so Esc is never delayed further and Alt chords stay unbound.
public struct KeyDecoder: Hashable, Sendable {
    /// The ncurses key codes the decoder recognises.
    public struct KeyCodes: Hashable, Sendable {
        /// `OK`: `get_wch` stored a character.
        public var ok: Int32 = 0
        /// `KEY_CODE_YES`: `get_wch` stored a key code.
        public var codeYes: Int32 = 0o400
        /// `KEY_DOWN`, the code ncurses returns for the down arrow.
        public var down: Int32 = 0o402
        /// `KEY_UP`, the code ncurses returns for the up arrow.
        public var up: Int32 = 0o403
        /// `KEY_LEFT`, the code ncurses returns for the left arrow.
        public var left: Int32 = 0o404
        /// `KEY_RIGHT`, the code ncurses returns for the right arrow.
        public var right: Int32 = 0o405
        /// `KEY_HOME`, the code ncurses returns for Home.
        public var home: Int32 = 0o406
        /// `KEY_BACKSPACE`, the code ncurses returns for Backspace.
        public var backspace: Int32 = 0o407
        /// `KEY_F(0)`; `KEY_F(n)` is this plus n.
        public var function0: Int32 = 0o410
        /// `KEY_DC`, the code ncurses returns for forward delete.
        public var delete: Int32 = 0o512
        /// `KEY_NPAGE`, the code ncurses returns for Page Down.
        public var pageDown: Int32 = 0o522
        /// `KEY_PPAGE`, the code ncurses returns for Page Up.
        public var pageUp: Int32 = 0o523
        /// `KEY_ENTER`, the code ncurses returns for the keypad's Enter.
        public var enter: Int32 = 0o527
        /// `KEY_BTAB`, the code ncurses returns for Shift-Tab.
        public var backTab: Int32 = 0o541
        /// `KEY_END`, the code ncurses returns for End.
        public var end: Int32 = 0o550
        /// `KEY_RESIZE`, the code ncurses returns for a terminal resize (SIGWINCH).
        public var resize: Int32 = 0o632
        /// The code bound to the bracketed-paste start (`KEY_MAX + 1`).
        public var pasteBegin: Int32 = 0o1000
        /// The code bound to the bracketed-paste end (`KEY_MAX + 2`).
        public var pasteEnd: Int32 = 0o1001

        /// The values in ncurses' `<curses.h>` (6.x, the same on Linux and macOS).
        public init() {}
    }

    /// One `get_wch` result that is not a timeout.
    public enum Input: Hashable, Sendable {
        /// `OK` with the wide character read.
        case character(UInt32)
        /// `KEY_CODE_YES` with the key code read.
        case keyCode(Int32)
    }

    /// The largest paste kept, in bytes of UTF-8; the rest is dropped.
    public static let maximumPasteBytes = 1 << 20

    /// The key codes in use.
    public let codes: KeyCodes
    /// The paste being collected, if a bracketed paste has started.
    public private(set) var pendingPaste: String?

    /// Creates a decoder for the given key codes.
    public init(codes: KeyCodes = KeyCodes()) {
        self.codes = codes
        self.pendingPaste = nil
    }

    /// Decodes one `get_wch` result: its return value and the wide character or key code it
    /// stored. Returns nil for `ERR` (a timeout) and ``Key/unknown`` for anything unexpected.
    public static func decode(status: Int32, value: UInt32, codes: KeyCodes = KeyCodes()) -> Key? {
        if status == codes.ok { return decode(.character(value), codes: codes) }
        if status == codes.codeYes {
            return decode(.keyCode(Int32(truncatingIfNeeded: value)), codes: codes)
        }
        return nil
    }

    /// Decodes one input on its own (no paste assembly).
    public static func decode(_ input: Input, codes: KeyCodes = KeyCodes()) -> Key {
        switch input {
        case .character(let value):
            return decodeCharacter(value)
        case .keyCode(let code):
            return decodeKeyCode(code, codes: codes)
        }
    }

    /// Decodes one input, collecting bracketed pastes: returns nil while a paste is in progress.
    public mutating func feed(_ input: Input) -> Key? {
        if case .keyCode(let code) = input, code == codes.pasteBegin {
            pendingPaste = pendingPaste ?? ""
            return nil
        }
        if case .keyCode(let code) = input, code == codes.pasteEnd {
            guard let text = pendingPaste else { return .unknown }
            pendingPaste = nil
            return .paste(text)
        }
        guard var text = pendingPaste else { return Self.decode(input, codes: codes) }
        if case .character(let value) = input, let scalar = Unicode.Scalar(value),
            text.utf8.count < Self.maximumPasteBytes
        {
            // Terminals send line breaks in a paste as CR.
            text.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
        }
        pendingPaste = text
        return nil
    }

    /// Ends a paste whose end marker never came (call on a read timeout): returns what was
    /// collected as ``Key/paste(_:)``, or nil when no paste is in progress.
    public mutating func flush() -> Key? {
        guard let text = pendingPaste else { return nil }
        pendingPaste = nil
        return .paste(text)
    }

    private static func decodeCharacter(_ value: UInt32) -> Key {
        switch value {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x1B: return .escape
        case 0x7F, 0x08: return .backspace
        case 0x00: return .ctrl(" ")
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(UInt8(value) + 0x60)))
        case 0x1C: return .ctrl("\\")
        case 0x1D: return .ctrl("]")
        case 0x1E: return .ctrl("^")
        case 0x1F: return .ctrl("_")
        case 0x80...0x9F: return .unknown
        default:
            guard let scalar = Unicode.Scalar(value) else { return .unknown }
            return .character(Character(scalar))
        }
    }

    private static func decodeKeyCode(_ code: Int32, codes: KeyCodes) -> Key {
        switch code {
        case codes.up: return .up
        case codes.down: return .down
        case codes.left: return .left
        case codes.right: return .right
        case codes.home: return .home
        case codes.end: return .end
        case codes.backspace: return .backspace
        case codes.delete: return .delete
        case codes.enter: return .enter
        case codes.backTab: return .backTab
        case codes.pageUp: return .pageUp
        case codes.pageDown: return .pageDown
        case codes.resize: return .resize
        // Widened arithmetic: a custom `function0` near Int32.max must not overflow (found by fuzzing).
        case _ where Int64(code) - Int64(codes.function0) >= 1 && Int64(code) - Int64(codes.function0) <= 63:
            return .function(Int(Int64(code) - Int64(codes.function0)))
        default: return .unknown
        }
    }
}
