// Fuzzes the JavaScript / TypeScript object-literal reader behind `AuthConfiguration.parse` (issue 27):
// `export default <input>` is read as a module, never run.
//
// Input: the text after `export default ` (an object literal, or anything else), with repeat
// instructions expanded (`expandingRepeats`: `0x01 <high> <low> <length> <bytes>`), so that short
// inputs reach deep nesting (rel-3 R4: template substitutions 120,000 deep overflowed the stack).
//
// Invariants: parsing is total (no crash, no hang: nesting and size are bounded), an error names the
// file, a loaded module is JavaScript with at least one pool, and, when the input is itself a JSON
// object that loads as JSON, the module form loads the same pools (the reader agrees with the JSON one).
import CognitoAuth
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withFuzzInput(data, size) { input in
        let bytes = expandingRepeats(input)
        let module = Data("export default ".utf8) + Data(bytes)
        let path = "fuzz/aws-exports.js"
        let loaded: AuthConfiguration?
        do throws(ConfigurationError) {
            loaded = try AuthConfiguration.parse(module, path: path)
        } catch {
            fuzzExpect(error.file == path || error.file == nil, "the error does not name the file")
            fuzzExpect(!error.problem.isEmpty && !error.fix.isEmpty, "an error without problem or fix")
            loaded = nil
        }
        if let loaded {
            fuzzExpect(loaded.source.container == .javaScript, "a module read as \(loaded.source.container)")
            fuzzExpect(loaded.userPool != nil || loaded.identityPool != nil, "a module loaded with no pool")
            _ = loaded.source.warnings.joined()
        }
        // Differential: a JSON object means the same as JSON and as the object a module exports.
        guard bytes.first == UInt8(ascii: "{"), JSONValue.parse(bytes) != nil,
            let json = try? AuthConfiguration.parse(Data(bytes), path: path)
        else { return }
        fuzzExpect(loaded != nil, "JSON that loads was refused as a module")
        fuzzExpect(loaded?.userPool == json.userPool, "the module and the JSON read different user pools")
        fuzzExpect(
            loaded?.identityPool == json.identityPool, "the module and the JSON read different identity pools")
        fuzzExpect(loaded?.source.format == json.source.format, "the module and the JSON read different formats")
    }
}
