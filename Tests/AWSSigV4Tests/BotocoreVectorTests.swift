import AWSSigV4
import Foundation
import Testing

/// Our signatures against botocore's `SigV4Auth` for the requests Latchkey sends.
@Suite("botocore vectors")
struct BotocoreVectorTests {
    @Test("The vectors file loads and has every case")
    func loads() throws {
        let vectors = try BotocoreVectors.load()
        #expect(vectors.cases.count == BotocoreVectors.expectedCaseCount)
        #expect(BotocoreVectors.caseNames.count == BotocoreVectors.expectedCaseCount)
    }

    @Test(
        "Canonical request, string to sign, signature and Authorization match botocore",
        arguments: BotocoreVectors.caseNames)
    func matchesBotocore(caseName: String) throws {
        let vectors = try BotocoreVectors.load()
        let vector = try #require(vectors.cases.first { $0.name == caseName })
        let date = try vectors.date()
        let signer = vectors.signer(service: vector.service)
        let prepared = signer.addingSigningHeaders(to: vector.request, date: date)

        #expect(signer.canonicalRequest(for: prepared) == vector.canonicalRequest)
        #expect(signer.stringToSign(for: prepared, date: date) == vector.stringToSign)
        #expect(signer.signature(for: prepared, date: date) == vector.signature)

        let signed = signer.signed(vector.request, date: date)
        #expect(signed.values(forHeader: "Authorization") == [vector.authorization])
        for (name, value) in vector.addedHeaders {
            #expect(signed.values(forHeader: name) == [value], "header \(name)")
        }
        #expect(signed.headers.count == vector.headers.count + vector.addedHeaders.count + 1)
    }

    @Test("The AWS JSON 1.1 convenience signs the Cognito call exactly as botocore")
    func awsJSONConvenience() throws {
        let vectors = try BotocoreVectors.load()
        let vector = try #require(vectors.cases.first { $0.name == "cognito-get-credentials-for-identity" })
        let signer = vectors.signer(service: "cognito-identity")
        let target = try #require(vector.request.value(forHeader: "X-Amz-Target"))

        let signed = signer.signedAWSJSON11(
            target: target, body: Array(vector.body.utf8), date: try vectors.date())

        #expect(signed.method == "POST")
        #expect(signed.path == "/")
        #expect(signed.value(forHeader: "Host") == "cognito-identity.us-east-1.amazonaws.com")
        #expect(signed.value(forHeader: "Content-Type") == "application/x-amz-json-1.1")
        #expect(signed.values(forHeader: "Authorization") == [vector.authorization])
    }
}
