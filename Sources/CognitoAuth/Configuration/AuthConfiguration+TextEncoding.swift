import Foundation

extension AuthConfiguration {
    /// A configuration file's text as UTF-8 bytes, without a byte order mark.
    ///
    /// UTF-8 and UTF-16 (little or big endian) are read, each with or without a BOM: PowerShell's `>` and
    /// Windows editors write UTF-16 with a BOM. Without a BOM, UTF-16 is told by the zero byte that the
    /// first character of a configuration (`{`, `/`, a letter) has in it, as RFC 4627 did for JSON.
    static func utf8Text(_ data: Data, path: String?) throws(ConfigurationError) -> [UInt8] {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let bigEndian: Bool
        var start = 0
        if bytes.starts(with: [0xFF, 0xFE]) {
            (bigEndian, start) = (false, 2)
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            (bigEndian, start) = (true, 2)
        } else if bytes.count >= 2 && bytes[0] == 0 && bytes[1] != 0 {
            bigEndian = true
        } else if bytes.count >= 2 && bytes[0] != 0 && bytes[1] == 0 {
            bigEndian = false
        } else {
            return bytes
        }
        return try utf8(fromUTF16: bytes[start...], bigEndian: bigEndian, path: path)
    }

    private static func utf8(fromUTF16 bytes: ArraySlice<UInt8>, bigEndian: Bool, path: String?)
        throws(ConfigurationError) -> [UInt8]
    {
        let encoding = bigEndian ? "UTF-16 big endian" : "UTF-16 little endian"
        guard bytes.count % 2 == 0 else {
            throw ConfigurationError(
                file: path, problem: "the file is \(encoding) but has an odd number of bytes (it is cut short).",
                fix: "Save the file again, as UTF-8 if you can.")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let (first, second) = (UInt16(bytes[offset]), UInt16(bytes[offset + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            offset += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(
            units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true, into: { output.append($0) })
        guard !failed else {
            throw ConfigurationError(
                file: path,
                problem: "the file is \(encoding) but holds a broken character (a lone surrogate) after "
                    + "\(output.count) bytes of text.",
                fix: "Save the file again, as UTF-8 if you can.")
        }
        return output
    }
}
