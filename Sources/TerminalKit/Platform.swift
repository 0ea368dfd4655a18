import CNCurses

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process-level platform calls that are not ncurses: locale, environment, TTY checks and
/// the C library's character widths.
///
/// Together with `CursesTerminal.swift` this is the only file that calls C or uses `#if os`.
enum Platform {
    /// Whether the C library's `LC_CTYPE` uses UTF-8 now.
    static var characterTypeIsUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Makes `LC_CTYPE` a UTF-8 locale: the user's if it is one, else the first of the fallbacks
    /// that exists. Returns whether the character type is UTF-8 afterwards.
    ///
    /// `setlocale` is not thread-safe; this runs once (from `TextWidth`'s lazy state or from
    /// `CursesTerminal` on the main actor) before any width is measured.
    @discardableResult
    static func ensureUTF8CharacterType(fromEnvironmentFirst: Bool = true) -> Bool {
        if characterTypeIsUTF8 { return true }
        if fromEnvironmentFirst, setlocale(LC_CTYPE, "") != nil, characterTypeIsUTF8 {
            return true
        }
        for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"] {
            if setlocale(LC_CTYPE, fallback) != nil, characterTypeIsUTF8 {
                return true
            }
        }
        return false
    }

    /// Whether `LC_CTYPE` is UTF-8, set up once, before the first width is measured: the
    /// user's `LC_CTYPE` from the environment if it is UTF-8, else the first fallback that
    /// exists (`C.UTF-8`, ...). Done once (a `static let` runs under `swift_once`) because
    /// `setlocale` must not race with `wcwidth` on other threads.
    static let characterTypeReady: Bool = ensureUTF8CharacterType()

    /// `setlocale(LC_ALL, "")` in effect, with the `C.UTF-8` fallback for the character type:
    /// every category comes from the environment, except that `LC_CTYPE` is the one-time
    /// ``characterTypeReady`` set-up (the environment's when it is UTF-8). Returns whether the
    /// character type is UTF-8.
    @discardableResult
    static func adoptEnvironmentLocale() -> Bool {
        guard characterTypeReady else {
            _ = setlocale(LC_ALL, "")
            return ensureUTF8CharacterType(fromEnvironmentFirst: false)
        }
        for category in [LC_COLLATE, LC_MONETARY, LC_NUMERIC, LC_TIME, LC_MESSAGES] {
            _ = setlocale(category, "")
        }
        return characterTypeIsUTF8
    }

    /// `wcwidth` of one scalar in the current `LC_CTYPE`: -1 when it is not printable.
    static func wcwidth(_ scalar: Unicode.Scalar) -> Int {
        Int(cnc_wcwidth(scalar.value))
    }

    /// The value of an environment variable, or nil.
    static func environmentValue(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }

    /// The variables the theme looks at, as a dictionary.
    static func themeEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for name in ["NO_COLOR", "TERM", "LC_ALL", "LC_CTYPE", "LANG"] {
            if let value = environmentValue(name) { result[name] = value }
        }
        return result
    }

    /// Removes an environment variable.
    static func unsetEnvironmentValue(_ name: String) {
        _ = unsetenv(name)
    }

    /// Whether the descriptor is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    // MARK: Pseudo-terminals (tests)

    /// Opens a pseudo-terminal pair of the given size: the primary side (what a terminal
    /// emulator holds) and the secondary side (what a program runs on).
    static func openPseudoTerminal(rows: Int, columns: Int) -> (primary: Int32, secondary: Int32)? {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard cnc_open_pty(&primary, &secondary, Int32(rows), Int32(columns)) == 0 else { return nil }
        return (primary, secondary)
    }

    /// Sets a terminal's window size, as a terminal emulator does on resize.
    static func setWindowSize(_ descriptor: Int32, rows: Int, columns: Int) {
        _ = cnc_set_window_size(descriptor, Int32(rows), Int32(columns))
    }

    /// Sends SIGWINCH to this process (what the kernel does for the foreground process).
    static func signalWindowChange() {
        _ = kill(getpid(), SIGWINCH)
    }
}
