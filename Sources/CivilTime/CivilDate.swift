import Foundation

/// A moment's calendar fields in UTC, in the proleptic Gregorian calendar, by integer arithmetic.
///
/// One copy of Howard Hinnant's civil-date algorithm ("chrono-compatible low-level date algorithms")
/// for everything that prints a date: SigV4's `X-Amz-Date`, SRP's `TIMESTAMP`, the dashboard's wall
/// clock and the command line's ISO 8601 times. It needs no `Calendar`, `TimeZone` or formatter, so it
/// loads no ICU data, shares no state and is total: NaN reads as 1970, and a date outside the years
/// 0000 to 9999 reads as the nearer of them. Fractions of a second are dropped.
package struct CivilDate: Equatable, Sendable {
    /// The year, 0 through 9999.
    package let year: Int64
    /// The month, 1 (January) through 12.
    package let month: Int64
    /// The day of the month, 1 through 31.
    package let day: Int64
    /// The hour, 0 through 23.
    package let hour: Int64
    /// The minute, 0 through 59.
    package let minute: Int64
    /// The second, 0 through 59.
    package let second: Int64
    /// The day of the week, 0 (Sunday) through 6 (Saturday).
    package let weekday: Int

    /// Seconds since 1970 of 0000-01-01T00:00:00Z.
    package static let minimumSeconds: Int64 = -62_167_219_200
    /// Seconds since 1970 of 9999-12-31T23:59:59Z.
    package static let maximumSeconds: Int64 = 253_402_300_799

    /// The fields of `date` in UTC.
    package init(_ date: Date) {
        let interval = date.timeIntervalSince1970.rounded(.down)
        let seconds: Int64
        if interval.isNaN {
            seconds = 0
        } else if interval <= Double(Self.minimumSeconds) {
            seconds = Self.minimumSeconds
        } else if interval >= Double(Self.maximumSeconds) {
            seconds = Self.maximumSeconds
        } else {
            seconds = Int64(interval)
        }
        self.init(clampedSeconds: seconds)
    }

    private init(clampedSeconds seconds: Int64) {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // 1970-01-01 was a Thursday (4).
        weekday = Int(((days % 7) + 7 + 4) % 7)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = secondOfDay / 3_600
        minute = (secondOfDay % 3_600) / 60
        second = secondOfDay % 60
    }

    /// The extended ISO 8601 form in UTC, for example `2015-08-30T12:36:00Z`.
    package var iso8601: String {
        Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) + "T" + Self.pad(hour, 2) + ":"
            + Self.pad(minute, 2) + ":" + Self.pad(second, 2) + "Z"
    }

    /// The basic ISO 8601 form in UTC, for example `20150830T123600Z`.
    package var basicISO8601: String {
        dateStamp + "T" + Self.pad(hour, 2) + Self.pad(minute, 2) + Self.pad(second, 2) + "Z"
    }

    /// The date alone in basic form, for example `20150830`.
    package var dateStamp: String {
        Self.pad(year, 4) + Self.pad(month, 2) + Self.pad(day, 2)
    }

    /// The English abbreviation of the month, `Jan` through `Dec`.
    package var monthAbbreviation: String {
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Int(month - 1)]
    }

    /// The English abbreviation of the weekday, `Sun` through `Sat`.
    package var weekdayAbbreviation: String {
        ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][weekday]
    }

    /// `value` in decimal, left-padded with zeros to `width` digits.
    package static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
