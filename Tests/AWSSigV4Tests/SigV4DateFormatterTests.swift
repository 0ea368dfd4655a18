import AWSSigV4
import Foundation
import Testing

@Suite("SigV4DateFormatter")
struct SigV4DateFormatterTests {
    @Test(
        "Known instants format as ISO 8601 basic UTC",
        arguments: [
            (0.0, "19700101T000000Z"),
            (1_440_938_160.0, "20150830T123600Z"),
            (951_782_400.0, "20000229T000000Z"),
            (1_709_251_199.999, "20240229T235959Z"),
            (-1.0, "19691231T235959Z"),
            (-0.5, "19691231T235959Z"),
            (-11_670_912_000.0, "16000301T000000Z"),
            (4_107_585_600.0, "21000301T120000Z"),
        ])
    func knownInstants(seconds: Double, expected: String) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(SigV4DateFormatter.timestamp(from: date) == expected)
        #expect(SigV4DateFormatter.dateStamp(from: date) == String(expected.prefix(8)))
    }

    @Test("Out-of-range and non-finite dates are clamped, not trapped")
    func clamps() {
        #expect(SigV4DateFormatter.timestamp(from: Date(timeIntervalSince1970: 1e18)) == "99991231T235959Z")
        #expect(SigV4DateFormatter.timestamp(from: Date(timeIntervalSince1970: -1e18)) == "00000101T000000Z")
        #expect(SigV4DateFormatter.timestamp(from: Date(timeIntervalSince1970: .infinity)) == "99991231T235959Z")
        #expect(SigV4DateFormatter.timestamp(from: Date(timeIntervalSince1970: .nan)) == "19700101T000000Z")
    }

    @Test("Agrees with a Gregorian UTC calendar from 1583 to 9999")
    func agreesWithCalendar() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let low = -12_212_553_600.0  // 1583-01-01T00:00:00Z
        let high = 253_402_300_799.0  // 9999-12-31T23:59:59Z
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<5_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let fraction = Double(state >> 11) / Double(1 << 53)
            let date = Date(timeIntervalSince1970: (low + (high - low) * fraction).rounded(.down))
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let expected = String(
                format: "%04d%02d%02dT%02d%02d%02dZ", c.year ?? -1, c.month ?? -1, c.day ?? -1,
                c.hour ?? -1, c.minute ?? -1, c.second ?? -1)
            #expect(SigV4DateFormatter.timestamp(from: date) == expected)
        }
    }

    @Test("Formatting from many tasks at once gives the same answers")
    func concurrent() async {
        let dates = (0..<200).map { Date(timeIntervalSince1970: Double($0) * 86_399.5 + 1_000_000_000) }
        let expected = dates.map { SigV4DateFormatter.timestamp(from: $0) }
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for (index, date) in dates.enumerated() {
                group.addTask { (index, SigV4DateFormatter.timestamp(from: date)) }
            }
            var results = [String](repeating: "", count: dates.count)
            for await (index, text) in group {
                results[index] = text
            }
            return results
        }
        #expect(results == expected)
    }
}

@Test("The extended ISO 8601 form for credential_process")
func extendedISO8601() {
    #expect(SigV4DateFormatter.iso8601(from: Date(timeIntervalSince1970: 1_440_938_160)) == "2015-08-30T12:36:00Z")
    #expect(SigV4DateFormatter.iso8601(from: Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
}
