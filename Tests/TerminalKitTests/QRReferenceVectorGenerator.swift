// The generator of QRReferenceVectors.swift: the Python script on the lines starting with "//|".
// It lives in a Swift comment so that the test target holds only Swift files (SwiftPM warns about
// any other file in a target that it cannot classify).
//
// Recipe, from the package root:
//
//     python3 -m pip install segno==1.6.6 qrcodegen==1.8.0
//     sed -n 's/^\/\/| \{0,1\}//p' Tests/TerminalUITests/QRReferenceVectorGenerator.swift \
//         | python3 - > Tests/TerminalUITests/QRReferenceVectors.swift
//
// segno (https://pypi.org/project/segno/) is an independent, well-tested QR encoder. The
// script asks it for symbols with a fixed version, level and mask, so every table, the
// Reed–Solomon codewords, the interleaving, the placement, the masks and the format and
// version information are checked. For the automatic vectors, Project Nayuki's qrcodegen
// (https://pypi.org/project/qrcodegen/) chooses the version and the mask, and segno must
// produce the identical symbol at that version and mask. Mask choice differs between
// encoders (segno scores masks without the format information and reads rule N3 slightly
// differently); any mask is valid, since a reader takes it from the format information.

//| import sys
//|
//| import qrcodegen
//| import segno
//| import segno.encoder
//|
//| # segno 1.6.6 pads a bit stream that already ends on a codeword boundary with 8 more zero
//| # bits (write_padding_bits adds 8 - length % 8), which puts an extra 0x00 codeword before the
//| # pad codewords. ISO/IEC 18004:2015 7.4.10 adds padding bits only when the stream does not
//| # end on a boundary. Decoders ignore that byte, but it changes the symbol, so the reference
//| # is made with the standard rule; everything else is segno's own code.
//| _segno_padding = segno.encoder.write_padding_bits
//|
//|
//| def _standard_padding_bits(buff, version, length):
//|     if length % 8:
//|         _segno_padding(buff, version, length)
//|
//|
//| segno.encoder.write_padding_bits = _standard_padding_bits
//|
//| OTP = "otpauth://totp/Latchkey:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Latchkey"
//| OTP_LONG = ("otpauth://totp/Latchkey:alice%40example.com?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
//|             "&issuer=Latchkey&algorithm=SHA1&digits=6&period=30")
//| LOREM = ("Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor "
//|          "incididunt ut labore et dolore magna aliqua. ")
//|
//| # (name, data bytes, version, level, mask)
//| CASES = [
//|     ("hello-v1-L-m0", b"HELLO WORLD", 1, "L", 0),
//|     ("hello-v1-M-m1", b"HELLO WORLD", 1, "M", 1),
//|     ("hello-v1-Q-m2", b"HELLO WORLD", 1, "Q", 2),
//|     ("hello-v1-H-m3", b"HELLO", 1, "H", 3),
//|     ("empty-v1-L-m4", b"", 1, "L", 4),
//|     ("utf8-v2-M-m5", "Grüße, 漢字 😀".encode("utf-8"), 2, "M", 5),
//|     ("binary-v3-Q-m6", bytes(range(0, 256, 9)), 3, "Q", 6),
//|     ("otp-v5-L-m7", OTP.encode(), 5, "L", 7),
//|     ("otp-v6-M-m2", OTP.encode(), 6, "M", 2),
//|     ("otp-long-v7-L-m1", OTP_LONG.encode(), 7, "L", 1),
//|     ("otp-long-v8-M-m4", OTP_LONG.encode(), 8, "M", 4),
//|     ("lorem-v9-Q-m5", LOREM[:100].encode(), 9, "Q", 5),
//|     ("lorem-v10-H-m6", LOREM[:110].encode(), 10, "H", 6),
//|     ("lorem-v10-L-m3", (LOREM * 2)[:200].encode(), 10, "L", 3),
//|     ("lorem-v14-M-m0", (LOREM * 3)[:300].encode(), 14, "M", 0),
//|     ("lorem-v20-Q-m7", (LOREM * 5)[:480].encode(), 20, "Q", 7),
//|     ("lorem-v27-H-m2", (LOREM * 6)[:600].encode(), 27, "H", 2),
//|     ("lorem-v32-L-m5", (LOREM * 12)[:1500].encode(), 32, "L", 5),
//|     ("lorem-v40-M-m6", (LOREM * 20)[:2300].encode(), 40, "M", 6),
//| ]
//|
//| # Inputs for which the encoder chooses the version and the mask itself.
//| AUTO = [
//|     ("auto-otp-L", OTP.encode(), "L"),
//|     ("auto-otp-M", OTP.encode(), "M"),
//|     ("auto-otp-long-M", OTP_LONG.encode(), "M"),
//|     ("auto-hello-L", b"HELLO WORLD", "L"),
//|     ("auto-url-Q", b"https://example.com/latchkey/sign-in?device=1234", "Q"),
//|     ("auto-lorem-H", LOREM.encode(), "H"),
//|     ("auto-lorem3-L", (LOREM * 3).encode(), "L"),
//| ]
//|
//|
//| def row_hex(row):
//|     bits = "".join(str(b) for b in row)
//|     bits += "0" * (-len(bits) % 4)
//|     return "".join("%x" % int(bits[i:i + 4], 2) for i in range(0, len(bits), 4))
//|
//|
//| def emit(name, data, qr):
//|     assert qr.mode == "byte", (name, qr.mode)
//|     # One argument a line and multi-line strings, laid out as the repository's .swift-format does.
//|     indent = " " * 12
//|     data_hex = data.hex()
//|     data_lines = "".join(indent + data_hex[i:i + 96] + "\n" for i in range(0, len(data_hex), 96))
//|     rows = "".join(indent + row_hex(r) + "\n" for r in qr.matrix)
//|     return ('    QRReferenceVector(\n'
//|             '        name: "%s",\n'
//|             '        version: %d,\n'
//|             '        level: "%s",\n'
//|             '        mask: %d,\n'
//|             '        dataHex: """\n%s            """,\n'
//|             '        rows: """\n%s            """\n'
//|             '    ),\n') % (name, qr.version, qr.error, qr.mask, data_lines, rows)
//|
//|
//| out = []
//| out.append("// Generated by the script in QRReferenceVectorGenerator.swift with segno %s; do not edit.\n"
//|            % segno.__version__)
//| out.append("// Each vector is a QR Code made by segno: its input bytes (hex), version, level, mask,\n"
//|            "// and its module rows without quiet zone, each row's bits (1 = dark) in hex, padded\n"
//|            "// with 0 bits to a multiple of 4.\n\n")
//| out.append("/// Matrices made by segno with a fixed version, level and mask.\n")
//| out.append("let qrFixedReferenceVectors: [QRReferenceVector] = [\n")
//| for name, data, version, level, mask in CASES:
//|     qr = segno.make(data, error=level, version=version, mask=mask, mode="byte", boost_error=False, micro=False)
//|     assert (qr.version, qr.error, qr.mask) == (version, level, mask), name
//|     out.append(emit(name, data, qr))
//| out.append("]\n\n")
//| out.append("/// Matrices for which qrcodegen chose the smallest version and the mask itself (its\n"
//|            "/// penalty rules follow ZXing's reading of ISO/IEC 18004 7.8.3, like TerminalUI's).\n")
//| out.append("let qrAutomaticReferenceVectors: [QRReferenceVector] = [\n")
//| LEVELS = {"L": qrcodegen.QrCode.Ecc.LOW, "M": qrcodegen.QrCode.Ecc.MEDIUM,
//|           "Q": qrcodegen.QrCode.Ecc.QUARTILE, "H": qrcodegen.QrCode.Ecc.HIGH}
//| for name, data, level in AUTO:
//|     code = qrcodegen.QrCode.encode_segments([qrcodegen.QrSegment.make_bytes(data)], LEVELS[level],
//|                                             boostecl=False)
//|     # The same symbol from segno, at qrcodegen's version and mask: two encoders must agree.
//|     check = segno.make(data, error=level, version=code.get_version(), mask=code.get_mask(), mode="byte",
//|                        boost_error=False, micro=False)
//|     matrix = [[1 if code.get_module(x, y) else 0 for x in range(code.get_size())]
//|               for y in range(code.get_size())]
//|     assert matrix == [list(r) for r in check.matrix], name
//|     out.append(emit(name, data, check))
//| out.append("]\n")
//| sys.stdout.write("".join(out))

/// One reference symbol made by segno.
struct QRReferenceVector: Sendable {
    /// A name for failure messages.
    let name: String
    /// The version.
    let version: Int
    /// The level: "L", "M", "Q" or "H".
    let level: String
    /// The mask.
    let mask: Int
    /// The encoded bytes in hex, possibly over several lines.
    let dataHex: String
    /// The module rows, each a hex string of bits.
    let rows: String

    /// The encoded bytes.
    var bytes: [UInt8] {
        let digits = Array(dataHex.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count - 1, by: 2).map { index in
            UInt8(String(digits[index...index + 1]), radix: 16) ?? 0
        }
    }

    /// The modules as rows of "1" (dark) and "0", cut to the symbol's size.
    var rowStrings: [String] {
        let size = version * 4 + 17
        return rows.split(separator: "\n").map { line in
            var bits = ""
            for digit in line {
                let value = Int(String(digit), radix: 16) ?? 0
                let binary = String(value, radix: 2)
                bits += String(repeating: "0", count: 4 - binary.count) + binary
            }
            return String(bits.prefix(size))
        }
    }
}
