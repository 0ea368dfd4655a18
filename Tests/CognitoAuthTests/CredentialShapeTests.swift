import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// N5: credentials from a hostile identity endpoint never reach a shell as code.
@Suite("Identity answers: credential alphabet checks and shell-quoted exports")
struct CredentialShapeTests {
    /// An identity pool whose GetCredentialsForIdentity answers `credentials` and `identityId`.
    static func pool(credentials: [String: JSONValue], identityId: String = "us-east-1:identity-1")
        -> ScriptedTransport
    {
        ScriptedTransport { request in
            let operation = request.header("X-Amz-Target")?.split(separator: ".").last.map(String.init) ?? ""
            if operation == "GetId" { return ScriptedTransport.json(["IdentityId": .string(identityId)]) }
            var answer = credentials
            answer["Expiration"] = .number(Fixtures.t0.timeIntervalSince1970 + 3600)
            return ScriptedTransport.json(["IdentityId": .string(identityId), "Credentials": .object(answer)])
        }
    }

    static let good: [String: JSONValue] = [
        "AccessKeyId": "ASIAEXAMPLE1234", "SecretKey": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
        "SessionToken": "IQoJb3JpZ2luX2VjEMv//////////wEaCXVzLWVhc3QtMSJHMEUCIQ==",
    ]

    static let hostileFields: [(String, String)] = [
        ("AccessKeyId", "AKIA$(touch /tmp/latchkey-PWNED-AK)"),
        ("AccessKeyId", "akia-lower"),
        ("SecretKey", "abc'; touch /tmp/latchkey-PWNED; '"),
        ("SessionToken", "st`touch /tmp/latchkey-PWNED-ST`\nexport PATH=/tmp/attacker"),
        ("SessionToken", "abc\u{1B}]0;title\u{07}"),
        ("SessionToken", ""),
        ("SecretKey", "s p a c e"),
    ]

    @Test("A credential field outside AWS's alphabet is refused with a clear error and nothing is cached")
    func hostileCredentialsAreRefused() async throws {
        for (field, value) in Self.hostileFields {
            var credentials = Self.good
            credentials[field] = .string(value)
            let client = InputValidationTests.guestClient(
                Self.pool(credentials: credentials), clock: ManualClock(start: Fixtures.t0))
            await client.initialize()
            do {
                let handedOut = try await client.getAWSCredentials()
                Issue.record("credentials with a hostile \(field) were handed out: \(handedOut)")
            } catch let error as AuthError {
                guard case .invalidResponse(_, let detail) = error else {
                    Issue.record("\(field): unexpected error \(error)")
                    continue
                }
                #expect(detail.contains(field), "\(detail)")
                #expect(detail.contains("refused"), "\(detail)")
                #expect(!error.description.contains(value) || value.isEmpty, "the hostile value is echoed")
            }
            #expect(await client.session?.awsCredentials == nil, "\(field)")
        }
    }

    @Test("An identity id that is not REGION:ID is refused")
    func hostileIdentityIdIsRefused() async throws {
        for id in ["us-east-1:$(reboot)", "no-colon", "a:b:c", "us-east-1:\u{202E}x", ""] {
            let client = InputValidationTests.guestClient(
                Self.pool(credentials: Self.good, identityId: id), clock: ManualClock(start: Fixtures.t0))
            await client.initialize()
            await #expect(throws: AuthError.self, "\(id)") { _ = try await client.getAWSCredentials() }
            #expect(await client.session?.identityId == nil, "\(id)")
        }
    }

    @Test("Credentials in AWS's alphabet are accepted")
    func goodCredentialsAreAccepted() async throws {
        let client = InputValidationTests.guestClient(
            Self.pool(credentials: Self.good), clock: ManualClock(start: Fixtures.t0))
        await client.initialize()
        let credentials = try await client.getAWSCredentials()
        #expect(credentials.accessKeyId == "ASIAEXAMPLE1234")
        #expect(await client.session?.identityId == "us-east-1:identity-1")
    }

    @Test("The env format single-quotes every value: eval in sh runs nothing and yields the exact values")
    func shellExportsAreInert() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "latchkey-shell-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let marker = scratch.appendingPathComponent("PWNED").path
        // Built directly: these values never pass the alphabet check, which is exactly what the quoting must survive.
        let hostile = AWSCredentials(
            accessKeyId: "AKIA$(touch \(marker)-AK)",
            secretAccessKey: "x'; touch \(marker)-SK; echo '",
            sessionToken: "st`touch \(marker)-ST`\nexport PATH=/nonexistent\n'\\''\"$HOME\"",
            expiration: Fixtures.t0)
        let script = hostile.shellExports(expiration: "2023-11-14T22:13:20Z'; touch \(marker)-EX; '")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c",
            #"eval "$1"; printf '%s\0' "$AWS_ACCESS_KEY_ID" "$AWS_SECRET_ACCESS_KEY" "$AWS_SESSION_TOKEN" "$AWS_CREDENTIAL_EXPIRATION" "$PATH""#,
            "sh", script,
        ]
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/home/nobody"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let values = String(decoding: data, as: UTF8.self).split(separator: "\0", omittingEmptySubsequences: false)
            .map(String.init)
        #expect(values.count >= 5)
        if values.count >= 5 {
            #expect(values[0] == hostile.accessKeyId)
            #expect(values[1] == hostile.secretAccessKey)
            #expect(values[2] == hostile.sessionToken)
            #expect(values[3] == "2023-11-14T22:13:20Z'; touch \(marker)-EX; '")
            #expect(values[4] == "/usr/bin:/bin", "PATH was replaced")
        }
        let left = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
        #expect(left.isEmpty, "a command ran: \(left)")
    }
}
