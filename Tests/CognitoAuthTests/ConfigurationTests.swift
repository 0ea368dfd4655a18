import Foundation
import Testing

@testable import CognitoAuth

@Suite("Configuration loading")
struct ConfigurationTests {
    static let full = """
        {
          "Version": "1.0",
          "Region": "eu-west-1",
          "IdentityManager": { "Default": { "AllowIdentityMerging": true, "AllowSimultaneousActiveAccounts": true } },
          "CognitoUserPool": { "Default": {
              "PoolId": "us-east-1_AbCdEf123", "AppClientId": "client123", "AppClientSecret": "s3cret",
              "Region": "us-east-1", "Endpoint": "http://127.0.0.1:5000" } },
          "CredentialsProvider": { "CognitoIdentity": { "Default": {
              "PoolId": "us-east-1:1a2b3c4d-0000-1111-2222-333344445555", "Region": "us-east-1",
              "Endpoint": "https://identity.example.com/" } } },
          "Auth": { "Default": { "authenticationFlowType": "USER_SRP_AUTH" } },
          "Latchkey": { "STSEndpoint": "http://127.0.0.1:5001", "UI": { "theme": "dark" } }
        }
        """

    /// A temporary directory removed when the test ends.
    final class TemporaryDirectory {
        let path: String
        init() throws {
            path = NSTemporaryDirectory() + "latchkey-config-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }
    }

    /// Parses text expected to be invalid and returns the error.
    func parseError(
        _ text: String, path: String = "/etc/latchkey/awsconfiguration.json",
        sourceLocation: SourceLocation = #_sourceLocation
    )
        -> ConfigurationError?
    {
        do {
            _ = try AuthConfiguration.parse(Data(text.utf8), path: path)
            Issue.record("parsing succeeded", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// Checks that an error names the file and the key, in the field and in the text.
    func expectNames(
        _ error: ConfigurationError?, file: String = "/etc/latchkey/awsconfiguration.json", key: String?,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error else { return }
        #expect(error.file == file, sourceLocation: sourceLocation)
        #expect(error.description.contains(file), "\(error.description)", sourceLocation: sourceLocation)
        #expect(error.key == key, sourceLocation: sourceLocation)
        if let key { #expect(error.description.contains(key), "\(error.description)", sourceLocation: sourceLocation) }
        #expect(!error.fix.isEmpty, sourceLocation: sourceLocation)
        // As an AuthError the description is the same.
        #expect(AuthError.configuration(error).description == error.description, sourceLocation: sourceLocation)
        #expect(AuthError.configuration(error).failureKind == .configuration, sourceLocation: sourceLocation)
    }

    @Test("A full awsconfiguration.json parses every section")
    func fullFile() throws {
        let configuration = try AuthConfiguration.parse(Data(Self.full.utf8), path: "/x/awsconfiguration.json")
        let pool = try #require(configuration.userPool)
        #expect(pool.poolId == "us-east-1_AbCdEf123")
        #expect(pool.appClientId == "client123")
        #expect(pool.appClientSecret == "s3cret")
        #expect(pool.region == "us-east-1")
        #expect(pool.endpoint == URL(string: "http://127.0.0.1:5000"))
        #expect(pool.resolvedEndpoint == URL(string: "http://127.0.0.1:5000"))
        #expect(pool.poolName == "AbCdEf123")
        #expect(pool.providerKey == "cognito-idp.us-east-1.amazonaws.com/us-east-1_AbCdEf123")
        let identity = try #require(configuration.identityPool)
        #expect(identity.poolId == "us-east-1:1a2b3c4d-0000-1111-2222-333344445555")
        #expect(identity.region == "us-east-1")
        #expect(identity.endpoint == URL(string: "https://identity.example.com/"))
        #expect(
            configuration.identityManager
                == IdentityManagerConfiguration(allowIdentityMerging: true, allowSimultaneousActiveAccounts: true))
        #expect(configuration.latchkey.stsEndpoint == URL(string: "http://127.0.0.1:5001"))
        #expect(configuration.latchkey.ui?["theme"] == "dark")
        #expect(configuration.sourcePath == "/x/awsconfiguration.json")
    }

    @Test("Default endpoints come from the region")
    func defaultEndpoints() throws {
        let configuration = try AuthConfiguration.parse(
            Data(
                #"{"CognitoUserPool":{"Default":{"PoolId":"eu-west-2_Abc","AppClientId":"c","Region":"eu-west-2"}}}"#
                    .utf8))
        #expect(configuration.userPool?.resolvedEndpoint == URL(string: "https://cognito-idp.eu-west-2.amazonaws.com/"))
        #expect(configuration.userPool?.appClientSecret == nil)
        #expect(configuration.identityPool == nil)
        #expect(configuration.identityManager == IdentityManagerConfiguration())
    }

    @Test("An empty AppClientSecret means no secret")
    func emptySecret() throws {
        let configuration = try AuthConfiguration.parse(
            Data(
                #"{"CognitoUserPool":{"Default":{"PoolId":"eu-west-2_Abc","AppClientId":"c","AppClientSecret":"","Region":"eu-west-2"}}}"#
                    .utf8))
        #expect(configuration.userPool?.appClientSecret == nil)
    }

    @Test("Amplify nests the same object under auth.plugins.awsCognitoAuthPlugin")
    func amplifyNesting() throws {
        let amplify =
            #"{"UserAgent":"aws-amplify-cli/2.0","Version":"1.0","auth":{"plugins":{"awsCognitoAuthPlugin":"#
            + Self.full + "}}}"
        let configuration = try AuthConfiguration.parse(Data(amplify.utf8))
        #expect(configuration.userPool?.poolId == "us-east-1_AbCdEf123")
        #expect(configuration.identityPool?.poolId == "us-east-1:1a2b3c4d-0000-1111-2222-333344445555")

        // Errors inside the nested object name the full key path.
        let broken =
            #"{"auth":{"plugins":{"awsCognitoAuthPlugin":{"CognitoUserPool":{"Default":{"AppClientId":"c","Region":"us-east-1"}}}}}}"#
        let error = parseError(broken)
        expectNames(error, key: "auth.plugins.awsCognitoAuthPlugin.CognitoUserPool.Default.PoolId")
    }

    @Test("A section without Region falls back to the top-level Region")
    func regionFallback() throws {
        let text = #"""
            {"Region":"ap-southeast-2",
             "CognitoUserPool":{"Default":{"PoolId":"ap-southeast-2_Abc","AppClientId":"c"}},
             "CredentialsProvider":{"CognitoIdentity":{"Default":{"PoolId":"ap-southeast-2:0000aaaa-1111-2222-3333-444455556666"}}}}
            """#
        let configuration = try AuthConfiguration.parse(Data(text.utf8))
        #expect(configuration.userPool?.region == "ap-southeast-2")
        #expect(configuration.identityPool?.region == "ap-southeast-2")
        #expect(
            configuration.userPool?.resolvedEndpoint == URL(string: "https://cognito-idp.ap-southeast-2.amazonaws.com/")
        )

        // A section's own Region wins.
        let own =
            #"{"Region":"ap-southeast-2","CognitoUserPool":{"Default":{"PoolId":"eu-west-1_Abc","AppClientId":"c","Region":"eu-west-1"}}}"#
        #expect(try AuthConfiguration.parse(Data(own.utf8)).userPool?.region == "eu-west-1")
    }

    @Test("No Region anywhere, and a pool id that names none, names the Region key")
    func missingRegion() throws {
        let error = parseError(#"{"CognitoUserPool":{"Default":{"PoolId":"local_Abc","AppClientId":"c"}}}"#)
        expectNames(error, key: "CognitoUserPool.Default.Region")
        #expect(error?.problem.contains("missing") == true)
        // A pool id that starts with a region supplies it.
        let derived = try AuthConfiguration.parse(
            Data(#"{"CognitoUserPool":{"Default":{"PoolId":"eu-west-1_Abc","AppClientId":"c"}}}"#.utf8))
        #expect(derived.userPool?.region == "eu-west-1")
        #expect(derived.source.origins["user pool region"] == "the pool id")
    }

    @Test("A missing file names the file")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/nope/awsconfiguration.json"
        do {
            _ = try AuthConfiguration.load(path: path)
            Issue.record("loading a missing file succeeded")
        } catch {
            #expect(error.file == path)
            #expect(error.key == nil)
            #expect(error.description.contains(path))
            // An app is told about the API and LATCHKEY_CONFIG; the command line about its flag (issue 39).
            #expect(!error.description.contains("--config") && !error.description.contains("latchkey demo"))
            #expect(
                error.description.contains("LATCHKEY_CONFIG") && error.description.contains("AuthConfiguration.load"))
            #expect(error.forCommandLine.description.contains("--config PATH"))
        }
    }

    @Test("A file that is not JSON names the file")
    func badJSON() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("awsconfiguration.json", #"{"CognitoUserPool": {"Default": "#)
        do {
            _ = try AuthConfiguration.load(path: path)
            Issue.record("loading bad JSON succeeded")
        } catch {
            #expect(error.file == path)
            #expect(error.description.contains(path))
            #expect(error.description.contains("JSON"))
        }
        // A JSON array is not a configuration object either.
        expectNames(parseError("[1, 2]"), key: nil)
    }

    @Test("load reads a valid file and records its path")
    func loadValidFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("awsconfiguration.json", Self.full)
        let configuration = try AuthConfiguration.load(path: path)
        #expect(configuration.sourcePath == path)
        #expect(configuration.userPool?.appClientId == "client123")
    }

    @Test("A missing PoolId names CognitoUserPool.Default.PoolId")
    func missingPoolId() {
        expectNames(
            parseError(#"{"CognitoUserPool":{"Default":{"AppClientId":"c","Region":"us-east-1"}}}"#),
            key: "CognitoUserPool.Default.PoolId")
        // An empty string is as good as missing.
        expectNames(
            parseError(#"{"CognitoUserPool":{"Default":{"PoolId":"  ","AppClientId":"c","Region":"us-east-1"}}}"#),
            key: "CognitoUserPool.Default.PoolId")
    }

    @Test("A missing AppClientId names its key")
    func missingClientId() {
        expectNames(
            parseError(#"{"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Abc","Region":"us-east-1"}}}"#),
            key: "CognitoUserPool.Default.AppClientId")
    }

    @Test(
        "A malformed pool id names the key and quotes the value",
        arguments: ["us-east-1", "us-east-1_", "_abc", "us-east-1_ab/c", "us east 1_abc"])
    func malformedPoolId(_ poolId: String) {
        let error = parseError(
            #"{"CognitoUserPool":{"Default":{"PoolId":"\#(poolId)","AppClientId":"c","Region":"us-east-1"}}}"#)
        expectNames(error, key: "CognitoUserPool.Default.PoolId")
        #expect(error?.description.contains(poolId) == true)
    }

    @Test("A malformed identity pool id names its key")
    func malformedIdentityPoolId() {
        let error = parseError(
            #"{"CredentialsProvider":{"CognitoIdentity":{"Default":{"PoolId":"us-east-1_notanidentitypool","Region":"us-east-1"}}}}"#
        )
        expectNames(error, key: "CredentialsProvider.CognitoIdentity.Default.PoolId")
    }

    @Test(
        "A non-string value names the key",
        arguments: ["PoolId", "AppClientId", "Region", "AppClientSecret", "Endpoint"])
    func nonString(_ key: String) {
        var members: [String: String] = [
            "PoolId": #""us-east-1_Abc""#, "AppClientId": #""c""#, "Region": #""us-east-1""#,
        ]
        members[key] = "42"
        let body = members.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",")
        let error = parseError(#"{"CognitoUserPool":{"Default":{\#(body)}}}"#)
        expectNames(error, key: "CognitoUserPool.Default.\(key)")
        #expect(error?.problem.contains("string") == true)
    }

    @Test(
        "A bad Endpoint URL names the key", arguments: ["not a url", "ftp://example.com", "http://", "127.0.0.1:5000"])
    func badEndpoint(_ endpoint: String) {
        let error = parseError(
            #"{"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Abc","AppClientId":"c","Region":"us-east-1","Endpoint":"\#(endpoint)"}}}"#
        )
        expectNames(error, key: "CognitoUserPool.Default.Endpoint")
        #expect(error?.description.contains(endpoint) == true)
    }

    @Test("Neither pool configured is an error naming CognitoUserPool.Default")
    func noPools() {
        expectNames(parseError(#"{"Version":"1.0"}"#), key: "CognitoUserPool.Default")
    }

    @Test("AllowSimultaneousActiveAccounts without AllowIdentityMerging is an error")
    func simultaneousNeedsMerging() throws {
        let pool = #""CognitoUserPool":{"Default":{"PoolId":"us-east-1_Abc","AppClientId":"c","Region":"us-east-1"}}"#
        let error = parseError(#"{\#(pool),"IdentityManager":{"Default":{"AllowSimultaneousActiveAccounts":true}}}"#)
        expectNames(error, key: "IdentityManager.Default.AllowSimultaneousActiveAccounts")
        #expect(error?.fix.contains("AllowIdentityMerging") == true)
        // Both on is fine; strings are accepted as booleans.
        let both = try AuthConfiguration.parse(
            Data(
                #"{\#(pool),"IdentityManager":{"Default":{"AllowSimultaneousActiveAccounts":"true","AllowIdentityMerging":"yes"}}}"#
                    .utf8))
        #expect(both.identityManager.allowSimultaneousActiveAccounts)
        #expect(both.identityManager.allowIdentityMerging)
        // Merging alone is fine.
        let merging = try AuthConfiguration.parse(
            Data(#"{\#(pool),"IdentityManager":{"Default":{"AllowIdentityMerging":true}}}"#.utf8))
        #expect(merging.identityManager.allowIdentityMerging)
        #expect(!merging.identityManager.allowSimultaneousActiveAccounts)
    }

    @Test("locate: --config, then LATCHKEY_CONFIG, then XDG_CONFIG_HOME, then HOME")
    func locateOrder() {
        let all = ["LATCHKEY_CONFIG": "/env/config.json", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/u"]
        #expect(AuthConfiguration.locate(explicitPath: "/explicit.json", environment: all) == "/explicit.json")
        #expect(AuthConfiguration.locate(explicitPath: nil, environment: all) == "/env/config.json")
        #expect(AuthConfiguration.locate(explicitPath: "", environment: all) == "/env/config.json")
        var noEnv = all
        noEnv["LATCHKEY_CONFIG"] = ""
        #expect(
            AuthConfiguration.locate(explicitPath: nil, environment: noEnv) == "/xdg/latchkey/awsconfiguration.json")
        noEnv["XDG_CONFIG_HOME"] = nil
        #expect(
            AuthConfiguration.locate(explicitPath: nil, environment: noEnv)
                == "/home/u/.config/latchkey/awsconfiguration.json")
        noEnv["XDG_CONFIG_HOME"] = ""
        #expect(
            AuthConfiguration.locate(explicitPath: nil, environment: noEnv)
                == "/home/u/.config/latchkey/awsconfiguration.json")
    }
}

/// Library callers are told the fix in the API's words; the command line adds its own (issue 39 item 4).
@Suite struct ConfigurationWordsForLibraryCallersTests {
    @Test(
        "No configuration error names a command-line flag in its library words",
        arguments: [
            #"{"CognitoUserPool": {"Prod": {"PoolId": "us-east-1_AbCdEf123", "AppClientId": "abc", "Region": "us-east-1"}}}"#,
            #"{"Version": "1.0"}"#,
            #"[1, 2]"#,
            "export default { Auth: { Cognito: { userPoolId: poolId } } }",
            #"{"version": "1.4", "data": {}}"#,
        ])
    func libraryWordsNameNoFlags(_ text: String) {
        do {
            _ = try AuthConfiguration.parse(Data(text.utf8), path: "/c.json")
            Issue.record("\(text) loaded")
        } catch {
            #expect(!error.fix.contains("--config") && !error.fix.contains("latchkey "), "\(error.fix)")
            #expect(!error.forCommandLine.fix.isEmpty)
        }
    }

    @Test("The command line's words are its own: a directory names --config, the library's words do not")
    func directoryWords() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lk-words-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            _ = try AuthConfiguration.load(path: directory.path)
            Issue.record("a directory loaded")
        } catch {
            #expect(error.fix == "Load the file itself, such as \(directory.path)/awsconfiguration.json.")
            #expect(
                error.forCommandLine.fix
                    == "Pass the file itself, such as --config \(directory.path)/awsconfiguration.json.")
        }
    }
}
