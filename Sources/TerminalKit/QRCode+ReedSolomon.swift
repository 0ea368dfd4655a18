extension QRCode {
    /// Reed–Solomon error correction over GF(2⁸) with the QR polynomial x⁸+x⁴+x³+x²+1 (0x11D).
    enum ReedSolomon {
        /// The product of two field elements.
        static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
            var z = 0
            for shift in stride(from: 7, through: 0, by: -1) {
                z = (z << 1) ^ ((z >> 7) * 0x11D)
                z ^= Int((y >> UInt8(shift)) & 1) * Int(x)
            }
            return UInt8(z & 0xFF)
        }

        /// The coefficients of the generator polynomial (x − α⁰)(x − α¹)…(x − αⁿ⁻¹), highest
        /// power first, without the leading 1.
        static func generator(degree: Int) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: degree)
            result[degree - 1] = 1
            var root: UInt8 = 1
            for _ in 0..<degree {
                for index in 0..<degree {
                    result[index] = multiply(result[index], root)
                    if index + 1 < degree { result[index] ^= result[index + 1] }
                }
                root = multiply(root, 0x02)
            }
            return result
        }

        /// The remainder of data × xⁿ divided by the generator: the error correction codewords.
        static func remainder(of data: [UInt8], divisor: [UInt8]) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: divisor.count)
            for byte in data {
                let factor = byte ^ result[0]
                result.removeFirst()
                result.append(0)
                for index in 0..<result.count {
                    result[index] ^= multiply(divisor[index], factor)
                }
            }
            return result
        }
    }
}
