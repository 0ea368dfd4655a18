import Foundation
import Testing

@testable import AuthScreens

/// The dashboard's clock reads dates with integer arithmetic, not `Calendar` (which loads ICU's
/// time-zone data): it must agree with `Calendar` everywhere.
@Suite struct WallClockReadingTests {
    /// What Foundation's Gregorian calendar says about `date` in `zone`.
    func calendarReading(_ date: Date, _ zone: TimeZone) -> [Int] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second].map { $0 ?? -1 }
    }

    func reading(_ date: Date, _ zone: TimeZone?) -> [Int] {
        let reading = WallClockReading(date, timeZone: zone)
        return [reading.year, reading.month, reading.day, reading.hour, reading.minute, reading.second]
    }

    /// Dates around the edges the arithmetic handles: leap days, century years (2000 is a leap year,
    /// 1900 and 2100 are not), the epoch, before it, and ordinary days.
    static let dates: [Date] = {
        var dates = [
            0, -1, 86_399, 86_400, -86_400, 951_782_400, 951_868_799, 951_868_800, 4_107_542_399, 4_107_542_400,
            -2_203_891_200, 1_700_000_000, 1_709_164_800, 253_402_214_400,
        ].map { Date(timeIntervalSince1970: TimeInterval($0)) }
        // A pseudo-random spread over 1900...2200, fixed so a failure repeats.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Int(state >> 33) % 9_467_280_000 - 2_208_988_800
            dates.append(Date(timeIntervalSince1970: TimeInterval(seconds) + 0.25))
        }
        return dates
    }()

    @Test(
        "Agrees with Calendar in UTC and in fixed and named zones, daylight saving time included",
        arguments: [
            "UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu",
        ])
    func agreesWithCalendar(zoneName: String) throws {
        let zone = try #require(TimeZone(identifier: zoneName))
        for date in Self.dates {
            #expect(reading(date, zone) == calendarReading(date, zone), "\(date) in \(zoneName)")
        }
    }

    @Test("Without a zone it reads the system's local time, as Calendar does with TimeZone.current")
    func systemLocalTime() {
        for date in Self.dates where date.timeIntervalSince1970 >= 0 && date.timeIntervalSince1970 < 4_102_444_800 {
            #expect(reading(date, nil) == calendarReading(date, .current), "\(date)")
        }
    }

    @Test("Total: NaN reads as 1970, and dates outside the years 0000 to 9999 as the nearer of them")
    func totalOnAnyDate() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(reading(Date(timeIntervalSince1970: .nan), utc) == [1970, 1, 1, 0, 0, 0])
        #expect(reading(Date(timeIntervalSince1970: .infinity), utc) == [9999, 12, 31, 23, 59, 59])
        #expect(reading(Date(timeIntervalSince1970: -.infinity), utc) == [0, 1, 1, 0, 0, 0])
        #expect(reading(Date(timeIntervalSince1970: .infinity), nil).first == 9999)
        #expect(reading(Date(timeIntervalSince1970: -1e300), TimeZone(secondsFromGMT: 3600)).first == 0)
    }

    @Test("The dashboard's clock and the devices' date stay zero-padded")
    func formatting() {
        let utc = TimeZone(secondsFromGMT: 0)
        #expect(TimeFormatting.clockTime(Date(timeIntervalSince1970: 3_661), timeZone: utc) == "01:01:01")
        #expect(TimeFormatting.dateTime(Date(timeIntervalSince1970: 3_661), timeZone: utc) == "1970-01-01 01:01")
        #expect(
            TimeFormatting.dateTime(Date(timeIntervalSince1970: -62_135_596_800), timeZone: utc) == "0001-01-01 00:00")
    }
}
