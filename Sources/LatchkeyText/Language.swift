import Foundation

/// A language the UI, the command line and the core's error sentences speak: one ``TextCatalog``
/// value each, English the default.
///
/// Chosen once at start-up from `--lang` (read by the command line before parsing), else the POSIX
/// locale variables (`LC_ALL`, then `LC_MESSAGES`, then `LANG`); anything unknown is English.
/// Adding a language is one catalog file (`TextCatalog+<Language>.swift`) and one case here.
/// The core takes a language where it words an error (`AuthError.description(_:)`), so a library
/// user passes one of these cases and the UI passes ``current``.
public enum Language: String, CaseIterable, Hashable, Sendable {
    /// English, the default catalog: every text has its English value.
    case english = "en"
    /// Japanese (`ja`), chosen with `--lang ja` or a `ja` locale.
    case japanese = "ja"

    /// The catalog of texts in this language.
    package var catalog: TextCatalog {
        switch self {
        case .english: return .english
        case .japanese: return .japanese
        }
    }

    /// The language for a code such as `ja`, `ja_JP.UTF-8`, `en-US` or `C`; nil when unknown.
    public init?(code: String) {
        let trimmed = code.trimmingCharacters(in: .whitespaces).lowercased()
        // "ja_JP.UTF-8@modifier" -> "ja": the language part ends at _, -, . or @.
        let language = String(trimmed.prefix { $0.isLetter })
        switch language {
        case "en", "c", "posix": self = .english
        case "ja": self = .japanese
        default: return nil
        }
    }

    /// The language the locale variables ask for, in POSIX order: the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set and not empty decides (`C` and `POSIX` are English;
    /// an unknown language is English). A locale whose character set is not UTF-8 is English:
    /// the terminal could not show Japanese, and the UI falls back to ASCII there.
    public static func fromLocale(environment: [String: String]) -> Language {
        guard
            let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] })
                .first(where: { !$0.isEmpty })
        else { return .english }
        let language = Language(code: locale) ?? .english
        guard language != .english else { return .english }
        return characterSetIsUTF8(environment: environment) ? language : .english
    }

    /// Whether the character type the environment names (`LC_ALL`, then `LC_CTYPE`, then `LANG`)
    /// is UTF-8, as the terminal's glyph choice decides it.
    public static func characterSetIsUTF8(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return locale.lowercased().filter { $0 != "-" }.contains("utf8")
    }
}

extension Language {
    /// A language set for the current task and the tasks it creates (tests render in Japanese
    /// this way while other tests run in English at the same time); nil uses ``processDefault``.
    @TaskLocal public static var override: Language?

    /// The language of every text looked up now: ``override``, else ``processDefault``.
    public static var current: Language { override ?? processDefault }

    /// The language the process chose at start-up (English until ``processDefault`` is set).
    public static var processDefault: Language {
        get { ProcessLanguage.shared.value }
        set { ProcessLanguage.shared.value = newValue }
    }
}

/// The process-wide language, behind a lock: set once at start-up, read by every text lookup.
// @unchecked Sendable: `stored` is only read and written while `lock` is held.
private final class ProcessLanguage: @unchecked Sendable {
    static let shared = ProcessLanguage()
    private let lock = NSLock()
    private var stored = Language.english

    var value: Language {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
