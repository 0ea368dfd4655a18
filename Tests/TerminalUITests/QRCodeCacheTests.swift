import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The app encodes each URI once: redraws reuse the cached symbol, and old URIs are let go.
@Suite struct QRCodeCacheTests {
    final class Counter: @unchecked Sendable {
        // @unchecked Sendable: used by one test on one task.
        var encodings: [String] = []
    }

    func encoder(_ counter: Counter) -> (String) -> QRCode? {
        { text in
            counter.encodings.append(text)
            return try? QRCode(text: text, errorCorrection: .low, boostErrorCorrection: true)
        }
    }

    @Test func aRedrawReusesTheEncodedSymbol() throws {
        let cache = QRCodeCache(capacity: 2)
        let counter = Counter()
        let uri = "otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXP&issuer=Latchkey"
        let first = try #require(cache.code(for: uri, encode: encoder(counter)))
        for _ in 0..<5 {
            #expect(cache.code(for: uri, encode: encoder(counter)) == first)
        }
        #expect(counter.encodings == [uri])
    }

    @Test func theLeastRecentlyUsedCodeIsLetGo() {
        let cache = QRCodeCache(capacity: 2)
        let counter = Counter()
        _ = cache.code(for: "a", encode: encoder(counter))
        _ = cache.code(for: "b", encode: encoder(counter))
        _ = cache.code(for: "a", encode: encoder(counter))  // "b" is now the oldest
        _ = cache.code(for: "c", encode: encoder(counter))  // lets "b" go
        _ = cache.code(for: "a", encode: encoder(counter))
        _ = cache.code(for: "b", encode: encoder(counter))
        #expect(counter.encodings == ["a", "b", "c", "b"])
    }
}
