extension QRCode.Matrix {
    /// Whether mask pattern `mask` inverts the module at (x, y) (ISO/IEC 18004 Table 10, with
    /// i = row and j = column).
    static func maskInverts(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// XORs the mask pattern into every non-function module (applying it twice undoes it).
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.maskInverts(mask, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }

    /// The mask with the lowest penalty score, the first one on a tie.
    func bestMask(errorCorrection: QRCode.ErrorCorrection) -> Int {
        var best = 0
        var bestScore = Int.max
        for mask in 0..<8 {
            var candidate = self
            candidate.applyMask(mask)
            candidate.drawFormatBits(errorCorrection: errorCorrection, mask: mask)
            let score = candidate.penaltyScore()
            if score < bestScore {
                best = mask
                bestScore = score
            }
        }
        return best
    }

    /// The penalty score of the four rules of ISO/IEC 18004 §7.8.3: runs of five or more,
    /// 2×2 blocks, finder-like 1:1:3:1:1 patterns with four light modules beside them (the
    /// area outside the symbol counting as light), and the dark/light balance.
    func penaltyScore() -> Int {
        let runPenalty = 3
        let blockPenalty = 3
        let finderPenalty = 40
        let balancePenalty = 10
        var result = 0
        for line in 0..<size {
            for horizontal in [true, false] {
                var runColor = false
                var runLength = 0
                var history = FinderHistory(size: size)
                for position in 0..<size {
                    let dark = horizontal ? module(x: position, y: line) : module(x: line, y: position)
                    if dark == runColor {
                        runLength += 1
                        if runLength == 5 {
                            result += runPenalty
                        } else if runLength > 5 {
                            result += 1
                        }
                    } else {
                        history.add(runLength)
                        if !runColor { result += history.countPatterns() * finderPenalty }
                        runColor = dark
                        runLength = 1
                    }
                }
                result +=
                    history.terminateAndCount(runColor: runColor, runLength: runLength) * finderPenalty
            }
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let color = module(x: x, y: y)
                if color == module(x: x + 1, y: y) && color == module(x: x, y: y + 1)
                    && color == module(x: x + 1, y: y + 1)
                {
                    result += blockPenalty
                }
            }
        }
        let dark = modules.reduce(0) { $0 + ($1 ? 1 : 0) }
        let total = size * size
        let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        result += k * balancePenalty
        return result
    }

    /// The lengths of the last seven runs on a line, newest first, for the finder-like rule.
    private struct FinderHistory {
        let size: Int
        var runs = [Int](repeating: 0, count: 7)

        init(size: Int) {
            self.size = size
        }

        mutating func add(_ length: Int) {
            var length = length
            if runs[0] == 0 { length += size }  // the light area before the symbol
            runs.removeLast()
            runs.insert(length, at: 0)
        }

        /// Finder-like patterns ending at the latest light run: 0, 1 or 2.
        func countPatterns() -> Int {
            let n = runs[1]
            let core = n > 0 && runs[2] == n && runs[3] == n * 3 && runs[4] == n && runs[5] == n
            return (core && runs[0] >= n * 4 && runs[6] >= n ? 1 : 0)
                + (core && runs[6] >= n * 4 && runs[0] >= n ? 1 : 0)
        }

        mutating func terminateAndCount(runColor: Bool, runLength: Int) -> Int {
            var length = runLength
            if runColor {
                add(length)
                length = 0
            }
            length += size  // the light area after the symbol
            add(length)
            return countPatterns()
        }
    }
}
