import Foundation
import LatchkeyText

/// Times of day, lengths of time and relative times as the dashboard and the event log show them.
///
/// Numbers, not words: the unit abbreviations come from the text catalog ("12 s", "42 min"), so
/// Japanese shows its own, but no sentence is built here. ``ScreenText`` builds the sentences.
public enum TimeFormatting {
    /// The time of day, "14:32:05" (24-hour, always two digits), in `timeZone`, or in the system's
    /// local time when `timeZone` is nil.
    public static func clockTime(_ date: Date, timeZone: TimeZone?) -> String {
        let reading = WallClockReading(date, timeZone: timeZone)
        return "\(twoDigits(reading.hour)):\(twoDigits(reading.minute)):\(twoDigits(reading.second))"
    }

    /// "2023-11-14 22:13": the date and the time to the minute in `timeZone`, or in the system's local
    /// time when `timeZone` is nil.
    public static func dateTime(_ date: Date, timeZone: TimeZone?) -> String {
        let reading = WallClockReading(date, timeZone: timeZone)
        let year = String(reading.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-" + twoDigits(reading.month) + "-"
            + twoDigits(reading.day) + " " + twoDigits(reading.hour) + ":" + twoDigits(reading.minute)
    }

    /// `value` with a leading zero below 10: "07".
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : String(value)
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
