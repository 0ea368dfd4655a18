import AWSSigV4
import Foundation

/// The known answers in `Vectors/botocore-vectors.json`, made by `generate_botocore_vectors.py`.
struct BotocoreVectors: Decodable {
    struct Credentials: Decodable {
        var accessKeyId: String
        var secretAccessKey: String
        var sessionToken: String
    }

    struct Case: Decodable {
        var name: String
        var service: String
        var method: String
        var path: String
        var query: String
        var headers: [[String]]
        var body: String
        var canonicalRequest: String
        var stringToSign: String
        var signature: String
        var authorization: String
        var addedHeaders: [String: String]

        /// The unsigned request the case describes.
        var request: SigV4Request {
            SigV4Request(
                method: method,
                path: path,
                query: query,
                headers: headers.map { pair in
                    SigV4Request.Header(name: pair.first ?? "", value: pair.dropFirst().first ?? "")
                },
                body: Array(body.utf8)
            )
        }
    }

    var credentials: Credentials
    var region: String
    var timestamp: String
    var cases: [Case]

    /// The number of cases the generator writes.
    static let expectedCaseCount = 3

    /// A problem finding the vectors file.
    struct MissingResource: Error {}

    /// Reads the vectors from the test bundle.
    static func load() throws -> BotocoreVectors {
        guard
            let url = Bundle.module.url(
                forResource: "botocore-vectors", withExtension: "json", subdirectory: "Vectors")
        else { throw MissingResource() }
        return try JSONDecoder().decode(BotocoreVectors.self, from: Data(contentsOf: url))
    }

    /// The case names, for parameterised tests; empty if the file cannot be read (which the
    /// loading test reports as a failure).
    static let caseNames: [String] = (try? load())?.cases.map(\.name) ?? []

    /// The signing time of every case.
    func date() throws -> Date {
        try Date(timestamp, strategy: .iso8601)
    }

    /// A signer for `service` with the vectors' credentials and region.
    func signer(service: String) -> SigV4Signer {
        SigV4Signer(
            credentials: AWSSigningCredentials(
                accessKeyId: credentials.accessKeyId,
                secretAccessKey: credentials.secretAccessKey,
                sessionToken: credentials.sessionToken
            ),
            region: region,
            service: service
        )
    }
}
