import Foundation

/// A date and a time of day as a clock in one time zone shows them, worked out with integer
/// arithmetic instead of `Calendar`.
///
/// On Linux, `Calendar` and `TimeZone.current` load ICU's time-zone data (about 1.5 MB of the UI's
/// resident memory, issue 29), and the dashboard only needs the fields of a Gregorian date. The
/// system's local time (nil zone) comes from the C library's `localtime_r` (`TZ`, else
/// `/etc/localtime`), daylight saving time included; a given `TimeZone` is asked for its offset.
struct WallClockReading: Equatable {
    /// The year, month (1–12), day (1–31), hour (0–23), minute and second (0–59).
    let year: Int
    let month: Int
    let day: Int
    let hour: Int
    let minute: Int
    let second: Int

    /// The reading of `date` in `timeZone`, or in the system's local time when `timeZone` is nil.
    /// Total: a date beyond ±10,000 years is read at that bound, NaN as 1970.
    init(_ date: Date, timeZone: TimeZone?) {
        let bound = 315_537_897_600.0  // 10,000 years of 365.2425 days, in seconds
        let raw = date.timeIntervalSince1970
        let seconds = Int((raw.isNaN ? 0 : min(max(raw, -bound), bound)).rounded(.down))
        let offset =
            timeZone?.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) ?? Self.localOffset(at: seconds)
        self.init(secondsSince1970: seconds + offset)
    }

    /// The reading of a count of seconds since 1970-01-01 00:00 on the clock read.
    init(secondsSince1970 local: Int) {
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let time = local - days * 86_400
        hour = time / 3600
        minute = time % 3600 / 60
        second = time % 60
        // The civil date of a day count (Howard Hinnant's days_from_civil, inverted): eras of 400 years.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The system's offset from UTC at `seconds` since 1970, in seconds (0 when the C library cannot say).
    private static func localOffset(at seconds: Int) -> Int {
        var time = time_t(clamping: seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
