import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// `latchkey aws-profile` checked with real botocore (the backend virtualenv's): foreign profiles in the
/// shapes botocore reads (rel-3 R6), no INI injection (R7), and 12 concurrent installs (R11). No backend:
/// `install` needs only a configuration with an identity pool.
@Suite("aws-profile against real botocore", .serialized, .timeLimit(.minutes(3)))
struct AWSProfileBotocoreTests {
    /// A scratch directory with a configuration that names an identity pool, and the common arguments.
    static func setUp(_ name: String) throws -> (directory: String, common: [String], environment: [String: String]) {
        let directory = try Integration.temporaryDirectory(name)
        let config = directory + "/awsconfiguration.json"
        let json = """
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Offline1","AppClientId":"offlineclient",
            "Region":"us-east-1","Endpoint":"http://127.0.0.1:9"}},
            "CredentialsProvider":{"CognitoIdentity":{"Default":{
            "PoolId":"us-east-1:11111111-2222-3333-4444-555555555555","Region":"us-east-1"}}}}
            """
        try json.write(toFile: config, atomically: true, encoding: .utf8)
        let environment = [
            "AWS_CONFIG_FILE": directory + "/aws-config", "AWS_SHARED_CREDENTIALS_FILE": directory + "/none",
        ]
        return (directory, ["--config", config, "--store", directory + "/store"], environment)
    }

    /// What botocore makes of the config file: `{"profiles": {name: {key: value}}}`, or `{"error": …}`.
    static func botocore(_ environment: [String: String]) async throws -> JSONValue {
        let script = """
            import json, botocore.session
            try:
                profiles = botocore.session.Session().full_config["profiles"]
                print(json.dumps({"profiles": profiles}))
            except Exception as error:
                print(json.dumps({"error": repr(error)[:300]}))
            """
        let outcome = try await ChildProcess.run(
            HostedUIDriver.python, ["-c", script], environment: environment, removing: ["AWS_PROFILE"],
            timeout: .seconds(60))
        #expect(outcome.exitCode == 0, "\(outcome.stderr)")
        return try #require(JSONValue.parse(Array(outcome.stdout.utf8)), "\(outcome.stdout)")
    }

    @Test("R6: a CRLF foreign profile and one behind a comment are refused (exit 2); botocore still reads the file")
    func foreignProfilesRefused() async throws {
        let (_, common, environment) = try Self.setUp("profile-foreign")
        let path = try #require(environment["AWS_CONFIG_FILE"])
        for text in [
            "[default]\r\nregion = eu-west-1\r\n[profile work]\r\nregion = us-west-2\r\n",
            "[default]\nregion = eu-west-1\n[profile work] ; team profile\nregion = us-west-2\n",
        ] {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let install = try await LatchkeyBinary.run(
                ["aws-profile", "install", "work"] + common, environment: environment)
            #expect(install.status == 2, "\(install)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
            let read = try await Self.botocore(environment)
            #expect(read["profiles"]?["work"]?["region"]?.stringValue == "us-west-2", "\(read)")
        }
        // A CRLF file keeps CRLF, and botocore reads both profiles.
        try "[default]\r\nregion = eu-west-1\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        let install = try await LatchkeyBinary.run(
            ["aws-profile", "install", "dev"] + common, environment: environment)
        #expect(install.status == 0, "\(install)")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!written.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(written.debugDescription)")
        let read = try await Self.botocore(environment)
        #expect(read["profiles"]?["dev"]?["credential_process"]?.stringValue?.contains(" credentials ") == true)
        #expect(read["profiles"]?["default"]?["region"]?.stringValue == "eu-west-1", "\(read)")
    }

    @Test("R7: a carriage return in --region or a path plants no profile (exit 2, file untouched)")
    func noInjection() async throws {
        let (directory, common, environment) = try Self.setUp("profile-inject")
        let path = try #require(environment["AWS_CONFIG_FILE"])
        try "[default]\n".write(toFile: path, atomically: true, encoding: .utf8)
        let region = try await LatchkeyBinary.run(
            [
                "aws-profile", "install", "dev", "--region",
                "us-east-1\r[profile dev2]\rcredential_process = touch PWNED",
            ]
                + common, environment: environment)
        #expect(region.status == 2, "\(region)")
        let store = try await LatchkeyBinary.run(
            ["aws-profile", "install", "r5"] + common + ["--store", directory + "/s/x\r[profile evil5]"],
            environment: environment)
        #expect(store.status == 2, "\(store)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "[default]\n")
        let read = try await Self.botocore(environment)
        #expect(read["profiles"]?.objectValue?.keys.sorted() == ["default"], "\(read)")
    }

    @Test("R11: 12 installs run at once as separate processes: all 12 profiles land and botocore reads them")
    func concurrentInstalls() async throws {
        let (_, common, environment) = try Self.setUp("profile-concurrent")
        let path = try #require(environment["AWS_CONFIG_FILE"])
        try "[default]\nregion = eu-west-1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let processes = try (0..<12).map { index in
            try LatchkeyBinary.spawn(["aws-profile", "install", "p\(index)"] + common, environment: environment)
        }
        for process in processes {
            let outcome = try await process.wait()
            #expect(outcome.status == 0, "\(outcome)")
        }
        let read = try await Self.botocore(environment)
        let names = read["profiles"]?.objectValue?.keys.sorted() ?? []
        #expect(names == (["default"] + (0..<12).map { "p\($0)" }).sorted(), "\(read)")
    }
}
