import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// ux-3 item 7: on a local backend, the command `aws-profile install` suggests works as printed.
    @Suite("aws-profile install on a local backend: the suggested command names the endpoint and works")
    struct AWSProfileLocalHintTests {
        @Test("install prints AWS_ENDPOINT_URL=<the backend> aws --profile NAME sts get-caller-identity, which works")
        func suggestedCommandWorks() async throws {
            let backend = try await LocalBackend.shared()
            let session = try await ExecCredentialsTests.signedInSession("profile-hint")
            let aws = try #require(Integration.awsCLI(), "the AWS CLI is not installed (pip install awscli)")
            let config = session.directory + "/aws-config"
            let environment = ["AWS_CONFIG_FILE": config, "AWS_SHARED_CREDENTIALS_FILE": session.directory + "/none"]
            let install = try await LatchkeyBinary.run(
                ["aws-profile", "install", "hint"] + session.common, environment: environment)
            #expect(install.status == 0, "\(install.stderr)")
            let suggested = "AWS_ENDPOINT_URL=\(backend.info.endpoint) aws --profile hint sts get-caller-identity"
            #expect(install.stdout.contains("try: " + suggested), "\(install.stdout)")

            // The suggestion as a person would run it: the variable, then the AWS CLI with those words.
            let words = suggested.split(separator: " ").map(String.init)
            let outcome = try await ChildProcess.run(
                aws, Array(words.dropFirst(2)) + ["--output", "json"],
                environment: environment.merging(["AWS_ENDPOINT_URL": backend.info.endpoint]) { $1 },
                removing: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_PROFILE"], timeout: .seconds(120))
            #expect(outcome.exitCode == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("\"Arn\""), "\(outcome.stdout)")
        }
    }
}
