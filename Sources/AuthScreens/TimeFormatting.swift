import Foundation
import LatchkeyText

/// Times of day, lengths of time and relative times as the dashboard and the event log show them.
///
/// Numbers, not words: the unit abbreviations come from the text catalog ("12 s", "42 min"), so
/// Japanese shows its own, but no sentence is built here. ``ScreenText`` builds the sentences.
public enum TimeFormatting {
    /// The time of day, "14:32:05" (24-hour, always two digits), in `timeZone`.
    public static func clockTime(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// A length of time: "12 s", "42 min", "1 h 5 min", "2 d 3 h". Total for every value: negative
    /// and NaN read as 0 s, and anything beyond 100 years (up to infinity) as 100 years.
    public static func duration(_ seconds: TimeInterval) -> String {
        let limit: TimeInterval = 100 * 366 * 86_400
        let bounded = seconds.isNaN ? 0 : min(max(seconds, 0), limit)
        let total = Int(bounded.rounded(.down))
        switch total {
        case ..<120: return Localized.format(\.durationSeconds, ["s": String(total)])
        case ..<3600: return Localized.format(\.durationMinutes, ["min": String(total / 60)])
        case ..<86_400:
            return Localized.format(\.durationHours, ["h": String(total / 3600), "min": String(total % 3600 / 60)])
        default:
            return Localized.format(\.durationDays, ["d": String(total / 86_400), "h": String(total % 86_400 / 3600)])
        }
    }

    /// A time relative to `now`: "in 42 min", "3 min ago", or "now" within a second.
    public static func relative(_ date: Date, now: Date) -> String {
        let delta = date.timeIntervalSince(now)
        if abs(delta) < 1 { return Localized.text(\.relativeNow) }
        return delta > 0
            ? Localized.format(\.relativeFuture, ["duration": duration(delta)])
            : Localized.format(\.relativePast, ["duration": duration(-delta)])
    }
}
