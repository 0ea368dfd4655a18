import CognitoAuth
import Foundation
import LatchkeyText

/// Every user-visible string of the auth screens, so the renderer and the tests share them.
///
/// The members are grouped by the screen that shows them, one extension per file
/// (`ScreenText+SignIn.swift`, `ScreenText+Dashboard.swift`, …). Each reads the current
/// ``Language`` through `Localized`, so the same member gives English or Japanese text. This
/// file holds what every screen shares: the glyphs and the error banners' common shape.
/// Times and durations are formatted by ``TimeFormatting``.
public enum ScreenText {
    // MARK: Masking and glyphs

    /// What replaces a secret in descriptions and dumps: `<redacted>`.
    public static let redacted = "<redacted>"
    /// The character drawn in a password field for each typed character while it is hidden (`•`).
    public static let maskCharacter: Character = "•"
    /// The mark before a password-policy rule the password already meets (`✓`).
    public static let checkMet = "✓"
    /// The mark before a password-policy rule the password does not meet yet (`✗`).
    public static let checkUnmet = "✗"
    /// The mark before a field's validation error, under the field (`✗`).
    public static let errorGlyph = "✗"
    /// The braille frames the status line cycles through while a request is in flight.
    public static let spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The app's name, in the header of every screen; not translated.
    public static let appName = "Latchkey"

    // MARK: Banners (server errors with the next step)

    /// Our summary of `error`, the screen's next step, and the server's text as a detail when it adds something.
    static func banner(_ error: AuthError, _ next: String) -> String {
        var parts = [
            error.summary(.current)
                ?? firstSentence(TerminalText.sanitized(error.description(.current))) + Localized.text(\.fullStop),
            next,
        ]
        if let detail = error.serverDetail { parts.append(details(detail)) }
        return parts.joined(separator: Localized.text(\.errorSeparator))
    }

    /// Any error a screen has no next step for: the core's description (summary, next step, detail), sanitised.
    static func fallbackBanner(_ error: AuthError) -> String {
        TerminalText.sanitized(error.description(.current))
    }

    /// An error in a few words, for the event log and the dashboard: our summary, else the server's
    /// message, else the description's first sentence; sanitised, without the final full stop, and
    /// cut with "…" past 100 characters.
    public static func shortError(_ error: AuthError) -> String {
        var short: String
        switch error {
        case .notAuthorized(let message), .userNotFound(let message), .userNotConfirmed(let message),
            .usernameExists(let message), .aliasExists(let message), .codeMismatch(let message),
            .expiredCode(let message), .invalidPassword(let message), .passwordResetRequired(let message),
            .tooManyRequests(let message), .limitExceeded(let message), .tooManyFailedAttempts(let message),
            .forbidden(let message):
            short = error.summary(.current) ?? (message.isEmpty ? firstSentence(error.description) : message)
        case .internalError(let message):
            short = "internal error: \(message)"
        case .service(let type, let message):
            short = "\(type): \(message)"
        default:
            short = firstSentence(error.description(.current))

        }
        short = TerminalText.sanitized(short).trimmingCharacters(in: .whitespaces)
        if short.hasSuffix(".") { short.removeLast() }
        if short.count > 100 { short = String(short.prefix(99)) + "…" }
        return short
    }

    /// `text` up to its first full stop (". ", or a Japanese "。" with more after it), without the stop.
    static func firstSentence(_ text: String) -> String {
        let japaneseStop = text.range(of: "。").flatMap { $0.upperBound < text.endIndex ? $0 : nil }
        let stops = [text.range(of: ". "), japaneseStop].compactMap { $0 }

        guard let range = stops.min(by: { $0.lowerBound < $1.lowerBound }) else { return text }
        return String(text[..<range.lowerBound])
    }

    /// "Details: …" after a banner, with the server's text as a sentence.
    static func details(_ detail: String) -> String {
        Localized.format(\.errorDetails, ["detail": sentence(detail, or: "")])
    }

    /// Where a code went ("email n***@e***"), sanitised; Cognito's words stay English in every language.
    static func deliveryPhrase(_ delivery: CodeDeliveryDetails) -> String {
        TerminalText.sanitized(delivery.phrase)
    }

    /// A field label inside a sentence: lowercased in English ("Enter birth date as …"), as is elsewhere.
    static func lowercasedLabel(_ label: String) -> String {
        Language.current == .english ? label.lowercased() : label
    }

    /// `message` sanitised and trimmed, with a full stop added unless it ends in `.`, `!` or `?`;
    /// `fallback` when nothing is left.
    static func sentence(_ message: String, or fallback: String) -> String {
        let trimmed = TerminalText.sanitized(message).trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return fallback }
        guard let last = trimmed.last, !".!?".contains(last) else { return trimmed }
        return trimmed + "."
    }
}
