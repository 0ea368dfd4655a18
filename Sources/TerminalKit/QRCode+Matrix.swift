extension QRCode {
    /// The module grid while a symbol is being built: modules plus which of them belong to
    /// function patterns (never masked, never used for data). Coordinates are (x: column, y: row).
    struct Matrix {
        let version: Int
        let size: Int
        var modules: [Bool]
        var isFunction: [Bool]

        init(version: Int) {
            self.version = version
            self.size = version * 4 + 17
            self.modules = Array(repeating: false, count: size * size)
            self.isFunction = Array(repeating: false, count: size * size)
        }

        func module(x: Int, y: Int) -> Bool {
            modules[y * size + x]
        }

        mutating func setFunction(x: Int, y: Int, dark: Bool) {
            modules[y * size + x] = dark
            isFunction[y * size + x] = true
        }

        // MARK: Function patterns

        mutating func drawFunctionPatterns(errorCorrection: ErrorCorrection) {
            for index in 0..<size {
                setFunction(x: 6, y: index, dark: index % 2 == 0)
                setFunction(x: index, y: 6, dark: index % 2 == 0)
            }
            drawFinderPattern(x: 3, y: 3)
            drawFinderPattern(x: size - 4, y: 3)
            drawFinderPattern(x: 3, y: size - 4)
            let positions = alignmentPatternPositions
            let last = positions.count - 1
            for (i, x) in positions.enumerated() {
                for (j, y) in positions.enumerated() {
                    let overlapsFinder = (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)
                    if !overlapsFinder { drawAlignmentPattern(x: x, y: y) }
                }
            }
            // Reserve the format areas now (drawn for real after masking).
            drawFormatBits(errorCorrection: errorCorrection, mask: 0)
            drawVersion()
        }

        /// The centres of the alignment patterns along each axis.
        var alignmentPatternPositions: [Int] {
            guard version > 1 else { return [] }
            let count = version / 7 + 2
            let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
            var result = [6]
            var position = size - 7
            var tail: [Int] = []
            while tail.count < count - 1 {
                tail.insert(position, at: 0)
                position -= step
            }
            result += tail
            return result
        }

        private mutating func drawFinderPattern(x: Int, y: Int) {
            for dy in -4...4 {
                for dx in -4...4 {
                    let distance = max(abs(dx), abs(dy))
                    let xx = x + dx
                    let yy = y + dy
                    if xx >= 0 && xx < size && yy >= 0 && yy < size {
                        setFunction(x: xx, y: yy, dark: distance != 2 && distance != 4)
                    }
                }
            }
        }

        private mutating func drawAlignmentPattern(x: Int, y: Int) {
            for dy in -2...2 {
                for dx in -2...2 {
                    setFunction(x: x + dx, y: y + dy, dark: max(abs(dx), abs(dy)) != 1)
                }
            }
        }

        /// Draws both copies of the 15 format bits (level and mask, BCH-protected, XOR 0x5412)
        /// and the always-dark module.
        mutating func drawFormatBits(errorCorrection: ErrorCorrection, mask: Int) {
            let data = errorCorrection.formatBits << 3 | mask
            var remainder = data
            for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
            let bits = (data << 10 | remainder) ^ 0x5412
            func bit(_ index: Int) -> Bool { (bits >> index) & 1 != 0 }
            for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
            setFunction(x: 8, y: 7, dark: bit(6))
            setFunction(x: 8, y: 8, dark: bit(7))
            setFunction(x: 7, y: 8, dark: bit(8))
            for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
            for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
            for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
            setFunction(x: 8, y: size - 8, dark: true)
        }

        /// Draws both copies of the 18 version bits (versions 7 and up).
        private mutating func drawVersion() {
            guard version >= 7 else { return }
            var remainder = version
            for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
            let bits = version << 12 | remainder
            for index in 0..<18 {
                let dark = (bits >> index) & 1 != 0
                let a = size - 11 + index % 3
                let b = index / 3
                setFunction(x: a, y: b, dark: dark)
                setFunction(x: b, y: a, dark: dark)
            }
        }

        // MARK: Data

        /// Places the codewords in the zigzag order: two-module columns from the right,
        /// alternately upwards and downwards, skipping the vertical timing pattern.
        mutating func drawCodewords(_ codewords: [UInt8]) {
            var bitIndex = 0
            let totalBits = codewords.count * 8
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                for vertical in 0..<size {
                    for offset in 0..<2 {
                        let x = right - offset
                        let upward = (right + 1) & 2 == 0
                        let y = upward ? size - 1 - vertical : vertical
                        guard !isFunction[y * size + x], bitIndex < totalBits else { continue }
                        let byte = codewords[bitIndex >> 3]
                        modules[y * size + x] = (byte >> UInt8(7 - (bitIndex & 7))) & 1 != 0
                        bitIndex += 1
                    }
                }
                right -= 2
            }
        }
    }
}
