import Foundation

/// Formats dates the way SigV4 needs them, in UTC, independent of locale, time zone and calendar.
///
/// The fields are computed from `Date.timeIntervalSince1970` by integer arithmetic (the
/// proleptic Gregorian calendar), so there is no shared formatter and every function is
/// thread-safe. Fractions of a second are dropped; dates are clamped to years 0000 through 9999.
package enum SigV4DateFormatter {
    /// The ISO 8601 basic timestamp used by `X-Amz-Date`, for example `20150830T123600Z`.
    package static func timestamp(from date: Date) -> String {
        let f = fields(of: date)
        return pad(f.year, 4) + pad(f.month, 2) + pad(f.day, 2) + "T" + pad(f.hour, 2)
            + pad(f.minute, 2) + pad(f.second, 2) + "Z"
    }

    /// The extended ISO 8601 form, `2015-08-30T12:36:00Z`, as `credential_process` expects.
    package static func iso8601(from date: Date) -> String {
        // 20150830T123600Z -> 2015-08-30T12:36:00Z, without a locale-dependent formatter.
        let basic = Array(timestamp(from: date))
        guard basic.count == 16 else { return String(basic) }
        return String(basic[0..<4]) + "-" + String(basic[4..<6]) + "-" + String(basic[6..<8]) + "T"
            + String(basic[9..<11]) + ":" + String(basic[11..<13]) + ":" + String(basic[13..<15]) + "Z"
    }

    /// The date stamp used in the credential scope, for example `20150830`.
    package static func dateStamp(from date: Date) -> String {
        let f = fields(of: date)
        return pad(f.year, 4) + pad(f.month, 2) + pad(f.day, 2)
    }

    /// Seconds since 1970 of 0000-01-01T00:00:00Z.
    private static let minimumSeconds: Int64 = -62_167_219_200
    /// Seconds since 1970 of 9999-12-31T23:59:59Z.
    private static let maximumSeconds: Int64 = 253_402_300_799

    /// The calendar fields of `date` in UTC (the dashboard's clock reads them too, moved by its offset).
    package static func fields(of date: Date) -> (
        year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64
    ) {
        let interval = date.timeIntervalSince1970.rounded(.down)
        let seconds: Int64
        if interval.isNaN {
            seconds = 0
        } else if interval <= Double(minimumSeconds) {
            seconds = minimumSeconds
        } else if interval >= Double(maximumSeconds) {
            seconds = maximumSeconds
        } else {
            seconds = Int64(interval)
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        // Civil date from days since 1970-01-01 (H. Hinnant, "chrono-compatible low-level date algorithms").
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (
            year, month, day, secondOfDay / 3_600, (secondOfDay % 3_600) / 60, secondOfDay % 60
        )
    }

    /// `value` in decimal, left-padded with zeros to `width` digits.
    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
