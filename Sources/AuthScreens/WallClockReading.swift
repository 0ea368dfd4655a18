import CivilTime
import Foundation

/// A date and a time of day as a clock in one time zone shows them, worked out with integer
/// arithmetic instead of `Calendar`.
///
/// On Linux, `Calendar` and `TimeZone.current` load ICU's time-zone data (2.2 MB of the UI's peak
/// memory, issue 29), and the dashboard only needs the fields of a Gregorian date: the same
/// arithmetic SigV4 signs requests with (`CivilDate`), on the date moved by the zone's
/// offset. The system's local time (nil zone) comes from the C library's `localtime_r` (`TZ`, else
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
    /// Total: NaN reads as 1970, and a date outside the years 0000 to 9999 as the nearer of them.
    init(_ date: Date, timeZone: TimeZone?) {
        let raw = date.timeIntervalSince1970
        // Within what CivilDate reads, so the offset is asked for a real date.
        let seconds =
            raw.isNaN
            ? 0 : min(max(raw, Double(CivilDate.minimumSeconds)), Double(CivilDate.maximumSeconds)).rounded(.down)
        let offset =
            timeZone?.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
            ?? Self.localOffset(at: Int(seconds))
        let fields = CivilDate(Date(timeIntervalSince1970: seconds + Double(offset)))
        year = Int(fields.year)
        month = Int(fields.month)
        day = Int(fields.day)
        hour = Int(fields.hour)
        minute = Int(fields.minute)
        second = Int(fields.second)
    }

    /// The system's offset from UTC at `seconds` since 1970, in seconds (0 when the C library cannot say).
    private static func localOffset(at seconds: Int) -> Int {
        var time = time_t(clamping: seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
