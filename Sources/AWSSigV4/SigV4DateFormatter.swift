import CivilTime
import Foundation

/// Formats dates the way SigV4 needs them, in UTC, independent of locale, time zone and calendar.
///
/// The fields come from `CivilDate` (integer arithmetic in the proleptic Gregorian calendar), so there
/// is no shared formatter and every function is thread-safe. Fractions of a second are dropped; dates
/// are clamped to years 0000 through 9999.
package enum SigV4DateFormatter {
    /// The ISO 8601 basic timestamp used by `X-Amz-Date`, for example `20150830T123600Z`.
    package static func timestamp(from date: Date) -> String {
        CivilDate(date).basicISO8601
    }

    /// The extended ISO 8601 form, `2015-08-30T12:36:00Z`, as `credential_process` expects.
    package static func iso8601(from date: Date) -> String {
        CivilDate(date).iso8601
    }

    /// The date stamp used in the credential scope, for example `20150830`.
    package static func dateStamp(from date: Date) -> String {
        CivilDate(date).dateStamp
    }
}
