import Foundation
import Testing

@testable import CognitoAuth

@Suite("exec's environment and the AWS config profile")
struct CredentialsDeliveryTests {
    static let credentials = AWSCredentials(
        accessKeyId: "ASIAKEY", secretAccessKey: "SECRET", sessionToken: "TOKEN",
        expiration: Date(timeIntervalSince1970: 1_900_000_000))

    @Test("exec's environment: conflicting variables removed and named, the endpoint set, the region filled in")
    func environmentWithEndpoint() {
        let base = [
            "PATH": "/bin", "AWS_PROFILE": "work", "AWS_ACCESS_KEY_ID": "AKIA", "AWS_SECRET_ACCESS_KEY": "x",
            "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI": "/v2/creds", "AWS_CONFIG_FILE": "/tmp/c",
        ]
        let environment = ExecEnvironment(
            base: base, delivery: .endpoint(uri: "http://127.0.0.1:1/latchkey/credentials", authorizationToken: "t"),
            region: "eu-west-1")
        #expect(
            environment.removed == [
                "AWS_ACCESS_KEY_ID", "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI", "AWS_PROFILE", "AWS_SECRET_ACCESS_KEY",
            ])
        #expect(environment.variables["AWS_PROFILE"] == nil)
        #expect(environment.variables["AWS_ACCESS_KEY_ID"] == nil)
        #expect(environment.variables["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"] == nil)
        #expect(
            environment.variables["AWS_CONTAINER_CREDENTIALS_FULL_URI"] == "http://127.0.0.1:1/latchkey/credentials")
        #expect(environment.variables["AWS_CONTAINER_AUTHORIZATION_TOKEN"] == "t")
        #expect(environment.variables["AWS_REGION"] == "eu-west-1")
        #expect(environment.variables["AWS_DEFAULT_REGION"] == "eu-west-1")
        #expect(environment.variables["PATH"] == "/bin" && environment.variables["AWS_CONFIG_FILE"] == "/tmp/c")
        #expect(environment.entries.contains("AWS_CONTAINER_AUTHORIZATION_TOKEN=t"))
    }

    @Test("--no-server: the four key variables; a region already set is kept")
    func environmentWithKeys() {
        let environment = ExecEnvironment(
            base: ["AWS_DEFAULT_REGION": "ap-northeast-1", "AWS_SESSION_TOKEN": "old"],
            delivery: .keys(Self.credentials), region: "us-east-1")
        #expect(environment.removed == ["AWS_SESSION_TOKEN"])
        #expect(environment.variables["AWS_ACCESS_KEY_ID"] == "ASIAKEY")
        #expect(environment.variables["AWS_SECRET_ACCESS_KEY"] == "SECRET")
        #expect(environment.variables["AWS_SESSION_TOKEN"] == "TOKEN")
        #expect(environment.variables["AWS_CREDENTIAL_EXPIRATION"] == "2030-03-17T17:46:40Z")
        #expect(environment.variables["AWS_REGION"] == "ap-northeast-1")
        #expect(environment.variables["AWS_DEFAULT_REGION"] == "ap-northeast-1")
        #expect(environment.variables["AWS_CONTAINER_CREDENTIALS_FULL_URI"] == nil)
    }

    static func profile(_ name: String = "demo") throws -> AWSConfigProfile {
        try AWSConfigProfile(
            name: name, command: ["/opt/my tools/latchkey", "credentials", "--store", "/s"], region: "us-east-1")
    }

    @Test("install appends a marked block, again replaces only it, uninstall restores the file exactly")
    func installUninstallText() throws {
        let original = "[default]\nregion = eu-west-1\n\n[profile other]\noutput = json\n"
        let profile = try Self.profile()
        let installed = try profile.installing(into: original, path: "config")
        #expect(installed.hasPrefix(original))
        #expect(
            installed.contains(
                "\n[profile demo]\ncredential_process = '/opt/my tools/latchkey' credentials --store /s\n"))
        #expect(installed.contains("region = us-east-1\n# <<< latchkey profile demo\n"))
        #expect(try profile.installing(into: installed, path: "config") == installed)
        var changed = profile
        changed.region = "eu-central-1"
        let reinstalled = try changed.installing(into: installed, path: "config")
        #expect(reinstalled.components(separatedBy: "[profile demo]").count == 2)
        #expect(reinstalled.contains("region = eu-central-1"))
        #expect(profile.uninstalling(from: reinstalled) == original)
        #expect(profile.uninstalling(from: original) == nil)
        #expect(try Self.profile("default").installing(into: "", path: "c").contains("\n[default]\n"))
    }

    @Test("A profile Latchkey did not write is refused; a bad name is refused")
    func foreignAndBadNames() throws {
        let foreign = "[profile demo]\naws_access_key_id = AKIA\n"
        #expect(throws: AWSConfigProfile.Failure.foreignProfile(name: "demo", path: "config")) {
            try Self.profile().installing(into: foreign, path: "config")
        }
        #expect(try Self.profile().uninstalling(from: foreign) == nil)
        for bad in ["", "a b", "x]", "name\n[default]", "ü"] {
            #expect(throws: AWSConfigProfile.Failure.badName(bad)) { try Self.profile(bad) }
        }
    }

    @Test("On disk: created with its directory, backed up before a change, unchanged when the same")
    func onDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("awsprofile-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/aws/config"
        let profile = try Self.profile()
        #expect(try profile.install(at: path) == .written)
        #expect(!FileManager.default.fileExists(atPath: path + ".latchkey-backup"))
        #expect(try profile.install(at: path) == .unchanged)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(try profile.uninstall(at: path) == .written)
        #expect(try String(contentsOfFile: path + ".latchkey-backup", encoding: .utf8) == written)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
        #expect(try profile.uninstall(at: path) == .absent)
        #expect(
            AWSConfigProfile.configPath(environment: ["HOME": "/h", "AWS_CONFIG_FILE": "~/x/config"]) == "/h/x/config")
        #expect(AWSConfigProfile.configPath(environment: ["HOME": "/h"]) == "/h/.aws/config")
    }
}
