/// A QR Code (ISO/IEC 18004 model 2) encoding bytes in byte mode.
///
/// All 40 versions and the four error correction levels are supported. The encoder picks the
/// smallest version that holds the data (or uses the one given), adds Reed–Solomon error
/// correction, interleaves the blocks, and applies the mask with the lowest penalty score (or
/// the one given), then writes the format and version information.
public struct QRCode: Hashable, Sendable {
    /// The error correction level: how much of the symbol can be damaged and still read.
    public enum ErrorCorrection: Int, CaseIterable, Hashable, Sendable {
        /// About 7 % of codewords can be restored.
        case low
        /// About 15 % of codewords can be restored.
        case medium
        /// About 25 % of codewords can be restored.
        case quartile
        /// About 30 % of codewords can be restored; the largest symbol for the data.
        case high

        /// The two format bits of the level (L = 01, M = 00, Q = 11, H = 10).
        var formatBits: Int {
            switch self {
            case .low: 1
            case .medium: 0
            case .quartile: 3
            case .high: 2
            }
        }
    }

    /// Why data could not be encoded.
    public enum EncodingError: Error, Hashable, Sendable {
        /// The data does not fit in the largest version allowed.
        case dataTooLong(byteCount: Int, capacity: Int)
        /// A version outside 1...40 or a mask outside 0...7 was asked for.
        case invalidParameter(String)
    }

    /// The version, 1...40 (the symbol is 17 + 4 × version modules wide).
    public let version: Int
    /// The error correction level used.
    public let errorCorrection: ErrorCorrection
    /// The mask pattern applied, 0...7.
    public let mask: Int
    /// The number of modules on a side.
    public let size: Int
    /// The modules row by row: true is dark.
    public let modules: [Bool]

    /// Whether the module at (row, column) is dark; false outside the symbol.
    public subscript(row: Int, column: Int) -> Bool {
        guard row >= 0, row < size, column >= 0, column < size else { return false }
        return modules[row * size + column]
    }

    /// Encodes text as UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - text: The text, for example an `otpauth://` URI.
    ///   - errorCorrection: The lowest acceptable level.
    ///   - version: A fixed version, or nil for the smallest that fits.
    ///   - mask: A fixed mask, or nil to choose by penalty score.
    ///   - boostErrorCorrection: Raise the level as far as the chosen version allows.
    public init(
        text: String, errorCorrection: ErrorCorrection = .medium, version: Int? = nil, mask: Int? = nil,
        boostErrorCorrection: Bool = false
    ) throws(EncodingError) {
        try self.init(
            bytes: Array(text.utf8), errorCorrection: errorCorrection, version: version, mask: mask,
            boostErrorCorrection: boostErrorCorrection)
    }

    /// Encodes bytes in byte mode; the parameters are those of ``init(text:errorCorrection:version:mask:boostErrorCorrection:)``.
    public init(
        bytes: [UInt8], errorCorrection: ErrorCorrection = .medium, version: Int? = nil,
        mask: Int? = nil,
        boostErrorCorrection: Bool = false
    ) throws(EncodingError) {
        if let version, !(1...40).contains(version) {
            throw .invalidParameter("version \(version) is not in 1...40")
        }
        if let mask, !(0...7).contains(mask) {
            throw .invalidParameter("mask \(mask) is not in 0...7")
        }
        let versions = version.map { $0...$0 } ?? 1...40
        var chosen: Int?
        for candidate in versions
        where Self.dataBitsNeeded(byteCount: bytes.count, version: candidate)
            <= Self.dataCodewordCount(version: candidate, errorCorrection: errorCorrection) * 8
        {
            chosen = candidate
            break
        }
        guard let chosenVersion = chosen else {
            let last = versions.upperBound
            let capacityBits = Self.dataCodewordCount(version: last, errorCorrection: errorCorrection) * 8
            let capacity = (capacityBits - 4 - Self.characterCountBits(version: last)) / 8
            throw .dataTooLong(byteCount: bytes.count, capacity: max(0, capacity))
        }
        var level = errorCorrection
        if boostErrorCorrection {
            for better in ErrorCorrection.allCases where better.rawValue > level.rawValue {
                if Self.dataBitsNeeded(byteCount: bytes.count, version: chosenVersion)
                    <= Self.dataCodewordCount(version: chosenVersion, errorCorrection: better) * 8
                {
                    level = better
                }
            }
        }
        let data = Self.dataCodewords(bytes: bytes, version: chosenVersion, errorCorrection: level)
        let codewords = Self.addErrorCorrectionAndInterleave(
            data, version: chosenVersion, errorCorrection: level)
        var matrix = Matrix(version: chosenVersion)
        matrix.drawFunctionPatterns(errorCorrection: level)
        matrix.drawCodewords(codewords)
        let chosenMask = mask ?? matrix.bestMask(errorCorrection: level)
        matrix.applyMask(chosenMask)
        matrix.drawFormatBits(errorCorrection: level, mask: chosenMask)
        self.version = chosenVersion
        self.errorCorrection = level
        self.mask = chosenMask
        self.size = matrix.size
        self.modules = matrix.modules
    }

    /// The modules as text rows of "1" (dark) and "0" (light), for tests and debugging.
    package var rowStrings: [String] {
        (0..<size).map { row in
            String((0..<size).map { self[row, $0] ? "1" : "0" })
        }
    }

    // MARK: Data encoding

    /// Bits in the character count field of a byte-mode segment.
    static func characterCountBits(version: Int) -> Int {
        version <= 9 ? 8 : 16
    }

    /// Bits a byte-mode segment of `byteCount` bytes needs (mode, count, data).
    static func dataBitsNeeded(byteCount: Int, version: Int) -> Int {
        let countBits = characterCountBits(version: version)
        guard byteCount < (1 << countBits) else { return Int.max / 2 }
        return 4 + countBits + byteCount * 8
    }

    /// The data codewords: mode indicator 0100, count, bytes, terminator, padding.
    static func dataCodewords(bytes: [UInt8], version: Int, errorCorrection: ErrorCorrection)
        -> [UInt8]
    {
        let capacityBits = dataCodewordCount(version: version, errorCorrection: errorCorrection) * 8
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: characterCountBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var result = bits.bytes
        var pad: UInt8 = 0xEC
        while result.count * 8 < capacityBits {
            result.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return result
    }

    /// Splits the data into blocks, appends each block's Reed–Solomon codewords, and
    /// interleaves them as the standard orders them.
    static func addErrorCorrectionAndInterleave(
        _ data: [UInt8], version: Int, errorCorrection: ErrorCorrection
    ) -> [UInt8] {
        let blockCount = Tables.errorCorrectionBlocks[errorCorrection.rawValue][version]
        let eccLength = Tables.eccCodewordsPerBlock[errorCorrection.rawValue][version]
        let rawCodewords = rawDataModules(version: version) / 8
        let shortBlockCount = blockCount - rawCodewords % blockCount
        let shortBlockLength = rawCodewords / blockCount
        let divisor = ReedSolomon.generator(degree: eccLength)
        var blocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let dataLength = shortBlockLength - eccLength + (index < shortBlockCount ? 0 : 1)
            var block = Array(data[offset..<offset + dataLength])
            offset += dataLength
            let ecc = ReedSolomon.remainder(of: block, divisor: divisor)
            if index < shortBlockCount { block.append(0) }
            blocks.append(block + ecc)
        }
        var result: [UInt8] = []
        result.reserveCapacity(rawCodewords)
        for position in 0..<blocks[0].count {
            for (index, block) in blocks.enumerated()
            where position != shortBlockLength - eccLength || index >= shortBlockCount {
                result.append(block[position])
            }
        }
        return result
    }

    /// Modules available for data and error correction: all but the function patterns and the
    /// format and version information.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignmentCount = version / 7 + 2
            result -= (25 * alignmentCount - 10) * alignmentCount - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// Data codewords (without error correction) of a version and level.
    static func dataCodewordCount(version: Int, errorCorrection: ErrorCorrection) -> Int {
        rawDataModules(version: version) / 8 - Tables.eccCodewordsPerBlock[errorCorrection.rawValue][
            version]
            * Tables.errorCorrectionBlocks[errorCorrection.rawValue][version]
    }

    /// The largest number of bytes a version and level can hold in byte mode.
    public static func byteCapacity(version: Int, errorCorrection: ErrorCorrection) -> Int {
        guard (1...40).contains(version) else { return 0 }
        let bits = dataCodewordCount(version: version, errorCorrection: errorCorrection) * 8
        return (bits - 4 - characterCountBits(version: version)) / 8
    }
}

/// A growable sequence of bits, most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []

    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        guard count > 0 else { return }
        for shift in stride(from: count - 1, through: 0, by: -1) {
            bits.append((value >> shift) & 1 == 1)
        }
    }

    var bytes: [UInt8] {
        var result = [UInt8](repeating: 0, count: (bits.count + 7) / 8)
        for (index, bit) in bits.enumerated() where bit {
            result[index >> 3] |= UInt8(0x80 >> (index & 7))
        }
        return result
    }
}
