import Foundation
import Testing

@testable import CivilTime

/// The one civil-date algorithm against Foundation's Gregorian calendar, and at its edges. Foundation's
/// calendar turns Julian before 1582, so the comparisons stay after that; CivilDate is proleptic.
@Suite struct CivilDateTests {
    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()

    @Test(
        "agrees with Foundation's calendar, field by field",
        arguments: [
            0, -1, 86_399, 86_400, 951_782_400, 951_868_799, 1_709_164_800, 4_107_542_400, 2_147_483_648,
            -2_208_988_800, -11_670_955_200, 253_402_300_799, 1_234_567_890,
        ] as [Int64])
    func agreesWithFoundation(_ seconds: Int64) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        let civil = CivilDate(date)
        let parts = Self.utcCalendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        #expect(civil.year == Int64(parts.year ?? -1))
        #expect(civil.month == Int64(parts.month ?? -1))
        #expect(civil.day == Int64(parts.day ?? -1))
        #expect(civil.hour == Int64(parts.hour ?? -1))
        #expect(civil.minute == Int64(parts.minute ?? -1))
        #expect(civil.second == Int64(parts.second ?? -1))
        #expect(civil.weekday == (parts.weekday ?? 0) - 1)
    }

    @Test("every day of a leap and a common year, and around 1970, matches the calendar")
    func everyDayOfTwoYears() {
        for day in stride(from: Int64(-800), through: 800, by: 1) {
            let date = Date(timeIntervalSince1970: TimeInterval(1_704_067_200 + day * 86_400 + 45_296))
            let parts = Self.utcCalendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let civil = CivilDate(date)
            #expect(
                [civil.year, civil.month, civil.day] == [parts.year, parts.month, parts.day].map { Int64($0 ?? -1) })
            #expect(civil.weekday == (parts.weekday ?? 0) - 1)
        }
    }

    @Test("formats: ISO 8601 extended and basic, the date stamp, English abbreviations")
    func formats() {
        let civil = CivilDate(Date(timeIntervalSince1970: 1_440_938_160))  // 2015-08-30T12:36:00Z, a Sunday
        #expect(civil.iso8601 == "2015-08-30T12:36:00Z")
        #expect(civil.basicISO8601 == "20150830T123600Z")
        #expect(civil.dateStamp == "20150830")
        #expect(civil.monthAbbreviation == "Aug")
        #expect(civil.weekdayAbbreviation == "Sun")
    }

    @Test("total: NaN reads as 1970, far dates clamp to the years 0000 and 9999, fractions are dropped")
    func total() {
        #expect(CivilDate(Date(timeIntervalSince1970: .nan)).iso8601 == "1970-01-01T00:00:00Z")
        #expect(CivilDate(Date(timeIntervalSince1970: 1e18)).iso8601 == "9999-12-31T23:59:59Z")
        #expect(CivilDate(Date(timeIntervalSince1970: -1e18)).iso8601 == "0000-01-01T00:00:00Z")
        #expect(CivilDate(Date(timeIntervalSince1970: .infinity)).year == 9999)
        #expect(CivilDate(Date(timeIntervalSince1970: 59.999)).second == 59)
        #expect(CivilDate(Date(timeIntervalSince1970: -0.5)).iso8601 == "1969-12-31T23:59:59Z")
    }
}
