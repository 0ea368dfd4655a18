import Testing

@testable import TerminalKit

@Suite struct QRCodeTests {
    static func level(_ letter: String) -> QRCode.ErrorCorrection {
        switch letter {
        case "L": .low
        case "M": .medium
        case "Q": .quartile
        default: .high
        }
    }

    @Test(arguments: qrFixedReferenceVectors.map(\.name))
    func matchesSegnoWithFixedVersionAndMask(_ name: String) throws {
        let vector = try #require(qrFixedReferenceVectors.first { $0.name == name })
        let code = try QRCode(
            bytes: vector.bytes, errorCorrection: Self.level(vector.level), version: vector.version,
            mask: vector.mask)
        #expect(code.version == vector.version)
        #expect(code.mask == vector.mask)
        #expect(code.size == vector.version * 4 + 17)
        let expected = vector.rowStrings
        let actual = code.rowStrings
        #expect(actual.count == expected.count)
        for (row, (mine, theirs)) in zip(actual, expected).enumerated() where mine != theirs {
            Issue.record("\(name): row \(row) differs\n mine:  \(mine)\n segno: \(theirs)")
            break
        }
    }

    @Test(arguments: qrAutomaticReferenceVectors.map(\.name))
    func matchesSegnoWhenChoosingVersionAndMask(_ name: String) throws {
        let vector = try #require(qrAutomaticReferenceVectors.first { $0.name == name })
        let code = try QRCode(bytes: vector.bytes, errorCorrection: Self.level(vector.level))
        #expect(code.version == vector.version)
        #expect(code.mask == vector.mask)
        #expect(code.rowStrings == vector.rowStrings)
    }

    @Test func reedSolomonMatchesTheStandardsExample() {
        // ISO/IEC 18004 Annex I: "01234567" at 1-M, data codewords and their 10 ECC codewords.
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC,
            0x11,
        ]
        let ecc = QRCode.ReedSolomon.remainder(
            of: data, divisor: QRCode.ReedSolomon.generator(degree: 10))
        #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func capacityTableMatchesTheStandard() {
        #expect(QRCode.byteCapacity(version: 1, errorCorrection: .low) == 17)
        #expect(QRCode.byteCapacity(version: 1, errorCorrection: .high) == 7)
        #expect(QRCode.byteCapacity(version: 5, errorCorrection: .low) == 106)
        #expect(QRCode.byteCapacity(version: 6, errorCorrection: .medium) == 106)
        #expect(QRCode.byteCapacity(version: 10, errorCorrection: .medium) == 213)
        #expect(QRCode.byteCapacity(version: 40, errorCorrection: .low) == 2953)
    }

    @Test func otpURIUsesASmallVersion() throws {
        let uri =
            "otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Latchkey"
        let low = try QRCode(text: uri, errorCorrection: .low)
        #expect(low.version == 5)
        let medium = try QRCode(text: uri, errorCorrection: .medium)
        #expect(medium.version == 6)
    }

    @Test func boostRaisesTheLevelWithinTheVersion() throws {
        let code = try QRCode(text: "HELLO", errorCorrection: .low, boostErrorCorrection: true)
        #expect(code.version == 1)
        #expect(code.errorCorrection == .high)
    }

    @Test func rejectsDataThatDoesNotFit() {
        #expect(throws: QRCode.EncodingError.dataTooLong(byteCount: 18, capacity: 17)) {
            try QRCode(bytes: Array(repeating: 0x41, count: 18), errorCorrection: .low, version: 1)
        }
        #expect(throws: QRCode.EncodingError.self) {
            try QRCode(bytes: Array(repeating: 0, count: 3000), errorCorrection: .low)
        }
        #expect(throws: QRCode.EncodingError.self) {
            try QRCode(text: "x", version: 41)
        }
        #expect(throws: QRCode.EncodingError.self) {
            try QRCode(text: "x", mask: 8)
        }
    }
}
