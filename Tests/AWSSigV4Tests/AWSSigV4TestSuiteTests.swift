import AWSSigV4
import Foundation
import Testing

/// Known-answer tests over the 38 `v4` cases of the AWS SigV4 test suite, header signing.
///
/// The suite is vendored under `Tests/Vectors/sigv4`; if it is missing, `caseCount` fails (it is never
/// skipped).
@Suite("AWS SigV4 test suite (header signing)")
struct AWSSigV4TestSuiteTests {
    @Test("The suite has all 38 cases")
    func caseCount() {
        #expect(SigV4TestSuite.caseNames.count == SigV4TestSuite.expectedCaseCount)
    }

    @Test("Canonical request, string to sign, signature and signed request match", arguments: SigV4TestSuite.caseNames)
    func headerSigning(caseName: String) throws {
        let testCase = try SigV4TestSuite.load(caseName)
        let date = try Date(testCase.context.timestamp, strategy: .iso8601)
        let signer = testCase.signer
        let prepared = signer.addingSigningHeaders(to: testCase.request, date: date)

        #expect(signer.canonicalRequest(for: prepared) == testCase.canonicalRequest)
        #expect(signer.stringToSign(for: prepared, date: date) == testCase.stringToSign)
        #expect(signer.signature(for: prepared, date: date) == testCase.signature)

        // The full signed request too: same line, body and headers in the same order
        // (header names compared without regard to case, values exactly).
        let signed = signer.signed(testCase.request, date: date)
        let expected = testCase.signedRequest
        #expect(signed.method == expected.method)
        #expect(signed.path == expected.path)
        #expect(signed.query == expected.query)
        #expect(signed.body == expected.body)
        #expect(lowercasedNames(signed.headers) == lowercasedNames(expected.headers))
    }

    private func lowercasedNames(_ headers: [SigV4Request.Header]) -> [SigV4Request.Header] {
        headers.map { SigV4Request.Header(name: $0.name.lowercased(), value: $0.value) }
    }
}
