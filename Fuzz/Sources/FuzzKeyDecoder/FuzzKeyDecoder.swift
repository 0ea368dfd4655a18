// Fuzzes the terminal key decoder: `KeyDecoder.decode(status:value:codes:)`, `decode(_:codes:)`
// and the stateful bracketed-paste assembly (`feed(_:)` / `flush()`), against a model of the paste state.
//
// Input layout: byte 0 holds flags: bit 7 = read custom key codes (ok, codeYes, function0,
// pasteBegin, pasteEnd; 4 bytes each, little-endian) from the next bytes; bit 6 = the rest is
// UTF-8 text delivered as one bracketed paste. Otherwise the rest is a sequence of `get_wch`
// results, each a kind byte and its value:
//   kind % 4 == 0: a character (OK); bit 2 clear: 1 value byte, set: 4 bytes;
//   kind % 4 == 1: a key code (KEY_CODE_YES); bit 2 clear: 0o400 + 1 byte (+ 256 when bit 3 is set),
//                  set: 4 bytes;
//   kind % 4 == 2: a read timeout (ERR), which calls flush();
//   kind % 4 == 3: an arbitrary status (4 bytes) and value (4 bytes) through decode(status:value:).
import FuzzSupport
import TerminalKeys

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withFuzzInput(data, size) { bytes in
        var reader = FuzzReader(bytes)
        let flags = reader.byte()
        var codes = KeyDecoder.KeyCodes()
        if flags & 0x80 != 0 {
            codes.ok = Int32(bitPattern: reader.uint32())
            codes.codeYes = Int32(bitPattern: reader.uint32())
            // Known finding: a function0 above Int32.max - 63 overflows `function0 + 63` in
            // KeyDecoder.decodeKeyCode (KeyDecoder.swift:146) and traps; see README.md. Clamped so
            // the fuzzer keeps exploring everything else.
            codes.function0 = min(Int32(bitPattern: reader.uint32()), Int32.max - 63)
            codes.pasteBegin = Int32(bitPattern: reader.uint32())
            codes.pasteEnd = Int32(bitPattern: reader.uint32())
        }
        if flags & 0x40 != 0 {
            checkPaste(text: String(decoding: reader.rest, as: UTF8.self), codes: codes)
        } else {
            runSequence(&reader, codes: codes)
        }
    }
}

/// Feeds a sequence of `get_wch` results to a decoder and to a model of its paste state.
private func runSequence(_ reader: inout FuzzReader, codes: KeyDecoder.KeyCodes) {
    var decoder = KeyDecoder(codes: codes)
    var model: String? = nil  // the paste being collected, as the decoder should have it
    while !reader.isAtEnd {
        let kind = reader.byte()
        let input: KeyDecoder.Input
        switch kind % 4 {
        case 0:
            let value = kind & 0x04 == 0 ? UInt32(reader.byte()) : reader.uint32()
            input = .character(value)
            fuzzExpect(
                KeyDecoder.decode(status: codes.ok, value: value, codes: codes)
                    == KeyDecoder.decode(input, codes: codes)
                    || codes.ok == codes.codeYes,
                "decode(status: OK) differs from decode(.character)")
        case 1:
            let code: Int32 =
                kind & 0x04 == 0
                ? 0o400 + Int32(reader.byte()) + (kind & 0x08 == 0 ? 0 : 256) : Int32(bitPattern: reader.uint32())
            input = .keyCode(code)
            if codes.ok != codes.codeYes {
                fuzzExpect(
                    KeyDecoder.decode(status: codes.codeYes, value: UInt32(bitPattern: code), codes: codes)
                        == KeyDecoder.decode(input, codes: codes),
                    "decode(status: KEY_CODE_YES) differs from decode(.keyCode)")
            }
        case 2:
            let flushed = decoder.flush()
            fuzzExpect(flushed == model.map { Key.paste($0) }, "flush() returned \(String(describing: flushed))")
            model = nil
            fuzzExpect(decoder.pendingPaste == nil, "a paste is pending after flush()")
            continue
        default:
            let status = Int32(bitPattern: reader.uint32())
            let value = reader.uint32()
            let key = KeyDecoder.decode(status: status, value: value, codes: codes)
            fuzzExpect(
                (key == nil) == (status != codes.ok && status != codes.codeYes),
                "decode(status: \(status)) returned \(String(describing: key))")
            if let key, status == codes.ok { checkCharacterKey(key, value: value) }
            continue
        }

        let key = decoder.feed(input)
        // The model: paste markers first, then collection while a paste is open, else a plain decode.
        if case .keyCode(let code) = input, code == codes.pasteBegin {
            fuzzExpect(key == nil, "the paste start returned \(String(describing: key))")
            model = model ?? ""
        } else if case .keyCode(let code) = input, code == codes.pasteEnd {
            fuzzExpect(
                key == (model.map { Key.paste($0) } ?? .unknown), "the paste end returned \(String(describing: key))")
            model = nil
        } else if var text = model {
            fuzzExpect(key == nil, "a key came out in the middle of a paste: \(String(describing: key))")
            if case .character(let value) = input, let scalar = Unicode.Scalar(value),
                text.utf8.count < KeyDecoder.maximumPasteBytes
            {
                text.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
            }
            model = text
        } else {
            fuzzExpect(key == KeyDecoder.decode(input, codes: codes), "feed() differs from decode() outside a paste")
            if case .character(let value) = input, let key { checkCharacterKey(key, value: value) }
            if case .keyCode(let code) = input, case .function(let number)? = key {
                fuzzExpect((1...63).contains(number), "function key \(number)")
                fuzzExpect(
                    Int64(code) - Int64(codes.function0) == Int64(number), "function key \(number) for code \(code)")
            }
        }
        fuzzExpect(decoder.pendingPaste == model, "the pending paste differs from the model")
    }
    let flushed = decoder.flush()
    fuzzExpect(flushed == model.map { Key.paste($0) }, "the final flush() returned \(String(describing: flushed))")
    fuzzExpect(decoder.flush() == nil, "a second flush() returned a key")
}

/// What a character input may decode to.
private func checkCharacterKey(_ key: Key, value: UInt32) {
    switch key {
    case .character(let character):
        fuzzExpect(
            character.unicodeScalars.map(\.value) == [value] && value >= 0x20 && value != 0x7F
                && !(0x80...0x9F).contains(value),
            "character key \(character.unicodeScalars.map(\.value)) for \(value)")
    case .ctrl(let character):
        fuzzExpect(value < 0x20 && character.unicodeScalars.count == 1, "ctrl key for \(value)")
    case .enter: fuzzExpect(value == 0x0D || value == 0x0A, "enter for \(value)")
    case .tab: fuzzExpect(value == 0x09, "tab for \(value)")
    case .escape: fuzzExpect(value == 0x1B, "escape for \(value)")
    case .backspace: fuzzExpect(value == 0x7F || value == 0x08, "backspace for \(value)")
    case .unknown:
        fuzzExpect((0x80...0x9F).contains(value) || Unicode.Scalar(value) == nil, "unknown for \(value)")
    default:
        fuzzExpect(false, "\(key) for character \(value)")
    }
}

/// A bracketed paste of `text` comes out as one paste key, with CR turned into LF.
private func checkPaste(text: String, codes: KeyDecoder.KeyCodes) {
    guard codes.pasteBegin != codes.pasteEnd else { return }
    var decoder = KeyDecoder(codes: codes)
    fuzzExpect(decoder.feed(.keyCode(codes.pasteBegin)) == nil, "the paste start returned a key")
    for scalar in text.unicodeScalars {
        fuzzExpect(decoder.feed(.character(scalar.value)) == nil, "a key came out in the middle of a paste")
    }
    var expected = ""
    expected.unicodeScalars.append(contentsOf: text.unicodeScalars.map { $0 == "\r" ? "\n" : $0 })
    let key = decoder.feed(.keyCode(codes.pasteEnd))
    fuzzExpect(key == .paste(expected), "the paste came out as \(String(describing: key))")
    fuzzExpect(decoder.pendingPaste == nil && decoder.flush() == nil, "a paste is still pending")
}
