import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

@Suite("Configuration formats, sections, environment and endpoints")
struct ConfigurationFormatTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/configs")

    /// What a real file must load as, or the key its error must name.
    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var format: ConfigurationSource.Format? = nil
        var container: ConfigurationSource.Container = .json
        var poolId: String? = nil
        var clientId: String? = nil
        var region: String? = nil
        var identityPoolId: String? = nil
        var errorKey: String? = nil
        var ignored: [String] = []
        /// The format's version as recognised (`6`, `3 to 5`, `Mobile Hub`, a Gen 2 version).
        var version: String? = nil
        /// Text each expected warning contains (a key path, usually); no other warning may appear.
        var warnings: [String] = []
        /// Text the refusal must contain besides its key (the expression, the reason).
        var errorMentions: [String] = []
        var description: String { file }
    }

    static let cases: [Case] =
        [
            Case(
                file: "awsconfiguration-custom-signin-ui.json", format: .awsConfiguration,
                poolId: "us-east-1_H9jNLncP8",
                clientId: "7ksggetonggpvu4rcj3thea606", region: "us-east-1",
                identityPoolId: "us-east-1:ba3d2ee7-97ec-432e-b778-be6816264677"),
            Case(
                file: "amplifyconfiguration-gen1-myamplifyapp.json", format: .amplifyGen1,
                poolId: "us-east-1_HsneWF06s",
                clientId: "vq1d13abejgt5cpq5083jnht5", region: "us-east-1",
                identityPoolId: "us-east-1:b053dd39-5dcc-415f-af00-d2bea083b8fb"),
            Case(
                file: "amplifyconfiguration-flat-coursleft.json", format: .amplifyFlat, poolId: "us-west-2_OdeyIBU9a",
                clientId: "5ie1b0joltilahigb6rolodrr6", region: "us-west-2",
                identityPoolId: "us-west-2:a4f86225-7684-4592-a56e-4c1dfcd3a39f"),
            Case(
                file: "aws-exports-customui-auth.js", format: .amplifyFlat, container: .javaScript,
                poolId: "us-east-1_YpQKd1ZUf", clientId: "4gcs24gbmmm73mifkmq3nthh7v", region: "us-east-1",
                identityPoolId: "us-east-1:fe07c55e-dc1b-487b-b816-09ba0a90bfdb"),
            Case(
                file: "amplifyconfiguration-converse.dart", format: .amplifyGen1, container: .dart,
                poolId: "ap-northeast-1_I7odhdalf", clientId: "6p8nfb3sffih474v6giodbfb53", region: "ap-northeast-1",
                identityPoolId: "ap-northeast-1:9ed62e54-35ce-4834-bb46-3123e57346a3"),
            Case(
                file: "amplifyconfiguration-leaps.dart", format: .amplifyGen1, container: .dart,
                poolId: "us-west-2_cH45JM3On", clientId: "1brlqcrh7m75qu2inbs7tegsfe", region: "us-west-2",
                identityPoolId: "us-west-2:888c5fff-2219-4c83-be79-1e95c0dd4af4", warnings: ["SignInRedirectURI"]),
            Case(
                file: "amplify_outputs-v1-storage.json", format: .amplifyGen2, poolId: "us-east-1_qRnzZtgQ2",
                clientId: "7h1v18h6uci4a6bigdu4u522nv", region: "us-east-1",
                identityPoolId: "us-east-1:c68053b9-7bb0-41c9-abbe-43f1689931bd"),
            Case(
                file: "amplify_outputs-v1-clarify.json", format: .amplifyGen2, poolId: "ap-southeast-2_v6gNEZlqh",
                clientId: "2knvuv3o1ct5ofte02q7dv2jmf", region: "ap-southeast-2", identityPoolId: nil),
            Case(
                file: "amplify_outputs-v1.3-aether.json", format: .amplifyGen2, poolId: "ca-central-1_rrBYQGSFW",
                clientId: "2e78b8vg7ng5nslo250dloi2ro", region: "ca-central-1",
                identityPoolId: "ca-central-1:ca60f0ee-2ede-44bf-b50d-7d7a6132bf92"),
            Case(
                file: "amplify_outputs-v1.4-safedrive.json", format: .amplifyGen2, poolId: "us-east-1_TNfNXGYtm",
                clientId: "41h6lr309qt23i6iteoe3grn5h", region: "us-east-1",
                identityPoolId: "us-east-1:12c0e386-4520-4f05-a3bb-7738398cf38e"),
            Case(
                file: "amplify_outputs-v1.4-blitz.json", format: .amplifyGen2, poolId: "us-west-2_4cOYV4dxR",
                clientId: "5ho9nkdgb2g63v81h898ka1r80", region: "us-west-2",
                identityPoolId: "us-west-2:b2cf6154-4b5b-4cd9-a583-e8dde01634c2"),
            Case(file: "amplify_outputs-v1.4-no-auth.json", errorKey: "auth"),
        ] + javaScriptCases + dartCases

    /// The aws-exports and Amplify JS files (issue 27).
    static let javaScriptCases: [Case] = [
        Case(
            file: "amplify-v6-hrhoudini.js", format: .amplifyJSResources, container: .javaScript,
            poolId: "us-east-1_wm6fGD693", clientId: "5du8vcg3gj0o53pu85vtb3pir7", region: "us-east-1",
            version: "6", warnings: ["Auth.Cognito.loginWith.oauth.responseType"]),
        Case(
            file: "amplify-v5-configure-ic.js", format: .amplifyJSAuth, container: .javaScript,
            poolId: "us-east-1_QT6fHJwCz", clientId: "41nddihtdj1phntvrat1hrklj1", region: "us-east-1",
            version: "3 to 5"),
        Case(
            file: "amplify-v5-configure-game-night.js", format: .amplifyJSAuth, container: .javaScript,
            poolId: "us-east-2_xneeJzaDJ", clientId: "34et7dk67ngqep1oqef49te0ic", region: "us-east-2",
            version: "3 to 5"),
        Case(
            file: "amplify-v6-underwriting.ts", format: .amplifyJSResources, container: .javaScript,
            poolId: "us-east-1_bdqsU9GjR", clientId: "6ssi035ttjbidcqnmjs9lcikiq", region: "us-east-1", version: "6"),
        Case(
            file: "amplify-v5-env-awsque.js", errorKey: "Auth.userPoolId",
            errorMentions: ["process.env.userPoolId", "Auth.userPoolWebClientId"]),
        Case(
            file: "aws-exports-export-default-const-team20.js", format: .amplifyFlat, container: .javaScript,
            poolId: "us-east-1_uXeFvCqps", clientId: "1ujsuhrbvprsfanmppn2v5qngd", region: "us-east-1",
            identityPoolId: "us-east-1:b9aacf6f-4dbf-4488-a991-9c0dfa22c6fa"),
        Case(
            file: "aws-exports-monu.js", format: .amplifyFlat, container: .javaScript, poolId: "us-east-1_XxhbyWnAG",
            clientId: "591b3s8stf4acah672t54phu81", region: "us-east-1",
            identityPoolId: "us-east-1:6ef7bc2d-8025-4780-a160-3f1963bbcf16"),
        Case(
            file: "aws-exports-env-yyohashi.js", errorKey: "aws_user_pools_id",
            errorMentions: ["process.env.REACT_APP_AWS_USER_POOLS_ID"]),
        Case(
            file: "aws-exports-comments-taskmanager.js", format: .amplifyFlat, container: .javaScript,
            poolId: "us-east-1_EVCjIvm0e", clientId: "as0fs9ok871b2s5s3me5468o2", region: "us-east-1",
            identityPoolId: "us-east-1:74f51154-4a38-4b5f-9341-5b7bb3704e12"),
        Case(file: "amplify-v5-empty-photo-albums.js", errorKey: "Auth.userPoolId", errorMentions: ["neither"]),
        Case(
            file: "amplify-v5-env-failedtest.ts", errorKey: "Auth.userPoolId",
            errorMentions: ["process.env.REACT_APP_COGNITO_USER_POOL_ID"]),
        Case(
            file: "amplify-v5-redirect-variable-appility.js", format: .amplifyJSAuth, container: .javaScript,
            poolId: "us-west-2_RUTqoKC1C", clientId: "5s84ina5rvj1tm5t1318q7k4kl", region: "us-west-2",
            identityPoolId: "us-west-2:b1d6dc4e-4ac1-48cf-90d6-10ba4f396a62", version: "3 to 5",
            warnings: ["Auth.oauth.redirectSignIn", "Auth.oauth.redirectSignOut", "Auth.oauth.responseType"]),
        Case(
            file: "amplify-v5-env-carbon.ts", errorKey: "Auth.userPoolId",
            errorMentions: ["process.env.REACT_APP_USER_POOL_ID"]),
        Case(
            file: "aws-configs-partial-meetfood.js", format: .amplifyFlat, container: .javaScript,
            poolId: "us-east-1_tRyJJymj0", clientId: "62ig9c18coi31uram69tess2hb", region: "us-east-1"),
        Case(
            file: "aws-exports-no-export-angular.js", format: .amplifyFlat, container: .javaScript,
            poolId: "us-east-1_excPT39ZN", clientId: "4a950rsq08d2gi68ogdt7sjqub", region: "us-east-1",
            identityPoolId: "us-east-1:270445b2-cc92-4d46-a937-e41e49bdb892"),
        Case(
            file: "amplify-v5-wrong-keys-test-angular.ts", format: .amplifyJSAuth, container: .javaScript,
            identityPoolId: "us-east-1:8fefbf53-5671-4b99-a0b7-2c7b90131d54",
            ignored: ["Auth.ClientId", "Auth.UserPoolId"], version: "3 to 5"),
        Case(
            file: "amplify-v5-imported-facial-vote.ts", errorKey: "Auth.userPoolId",
            errorMentions: ["config.Cognito.USER_POOL_ID"]),
        Case(
            file: "amplify-v5-syllashare.js", format: .amplifyJSAuth, container: .javaScript,
            poolId: "us-west-2_y61gBo6cv", clientId: "6577lp27vp60r9r0mig03gf42g", region: "us-west-2",
            identityPoolId: "us-west-2:bf9b5dac-f928-44f0-8fc3-fec58ef04e7b"),
        Case(
            file: "amplify-v5-window-config-shipment.js", errorKey: "Auth.userPoolId",
            errorMentions: ["window.config.auth.cognito.userPoolId"]),
        Case(
            file: "aws-exports-env-passwordless.js", errorKey: "aws_user_pools_id",
            errorMentions: ["process.env.REACT_APP_COGNITO_USER_POOL_ID"]),
        Case(file: "cognito-auth-js-module-exports-fett.js", errorKey: "CognitoUserPool.Default"),
        Case(
            file: "amplify-v5-configure-crowds-cure.js", format: .amplifyJSAuth, container: .javaScript,
            poolId: "us-east-1_c8ttpP272", clientId: "7m0sm32aao34k650fahvuqi3le", region: "us-east-1",
            identityPoolId: "us-east-1:12b7ffd6-0341-42aa-893a-a8d9aaddc7f1"),
        Case(
            file: "aws-exports-mobile-hub-oncdeck.js", format: .amplifyFlat, container: .javaScript,
            poolId: "us-east-1_wFoHGe664", clientId: "2jv6fu7cbbcdh0d38ttjfi5s60", region: "us-east-1",
            identityPoolId: "us-east-1:9383dd44-c7b3-4e83-8c86-35a139c37e5a", version: "Mobile Hub"),
        Case(
            file: "amplify_outputs-v1.4-plexus-large.json", format: .amplifyGen2, poolId: "us-west-2_fQvUU3Qzv",
            clientId: "40kog60ad9ih1bntgacpvc585p", region: "us-west-2",
            identityPoolId: "us-west-2:d5ca7923-2f7a-45af-bc91-5903ebaf435c"),
        Case(
            file: "aws-exports-mobile-hub-compare-yourself.js", format: .amplifyFlat, container: .javaScript,
            poolId: "ap-southeast-2_2d9kWrg75", clientId: "7jqut6r6mm5n0u3rcdktpja5q8", region: "ap-southeast-2",
            version: "Mobile Hub"),
    ]

    static let dartCases: [Case] = [
        Case(
            file: "amplifyconfiguration-placeholders-cognito-examples.dart",
            errorKey: "auth.plugins.awsCognitoAuthPlugin.CognitoUserPool.Default.PoolId",
            errorMentions: ["[COGNITO USER POOL ID]", "placeholder"]),
        Case(
            file: "amplify_outputs-v1-tinplus.dart", format: .amplifyGen2, container: .dart,
            poolId: "ap-northeast-1_WHZCKdK8W", clientId: "71d142rj4s24ldl7picrhpakm2", region: "ap-northeast-1",
            identityPoolId: "ap-northeast-1:d5e7137f-5831-402e-b091-24b22697d6c7"),
        Case(
            file: "amplifyconfiguration-readyseateat.dart", format: .amplifyGen1, container: .dart,
            poolId: "us-west-2_gzC0CgTnS", clientId: "7l8ic9j92gteqjckaa2e10emm0", region: "us-west-2",
            warnings: ["SignInRedirectURI"]),
    ]

    @Test("Every file in the corpus has an outcome here and a row in SOURCES.md")
    func corpusIsComplete() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter {
            $0 != "SOURCES.md"
        }
        let sources = try String(contentsOf: Self.fixtures.appendingPathComponent("SOURCES.md"), encoding: .utf8)
        for file in files {
            #expect(Self.cases.contains { $0.file == file }, "\(file) has no expected outcome")
            #expect(sources.contains("| `\(file)` |"), "\(file) has no row in SOURCES.md")
        }
        #expect(files.count == Self.cases.count)
    }

    @Test("Every real file loads offline with its ids, or fails naming the problem", arguments: cases)
    func realFile(_ expected: Case) throws {
        let path = Self.fixtures.appendingPathComponent(expected.file).path
        if let errorKey = expected.errorKey {
            #expect(throws: ConfigurationError.self) { _ = try AuthConfiguration.load(path: path) }
            do {
                _ = try AuthConfiguration.load(path: path)
            } catch {
                #expect(error.key == errorKey, "\(error)")
                #expect(error.description.contains(path))
                for text in expected.errorMentions {
                    #expect(error.description.contains(text), "\(error)")
                }
            }
            return
        }
        let configuration = try AuthConfiguration.load(path: path)
        #expect(configuration.source.format == expected.format)
        #expect(configuration.source.container == expected.container)
        #expect(configuration.userPool?.poolId == expected.poolId)
        #expect(configuration.userPool?.appClientId == expected.clientId)
        #expect(configuration.userPool?.region == expected.region)
        #expect(configuration.identityPool?.poolId == expected.identityPoolId)
        for key in expected.ignored {
            #expect(configuration.poolSettings.ignoredKeys.contains(key), "\(configuration.poolSettings.ignoredKeys)")
        }
        // Nothing real points elsewhere than AWS.
        #expect(configuration.userPool?.endpoint == nil)
        if let version = expected.version { #expect(configuration.source.version == version) }
        let warnings = configuration.source.warnings
        for text in expected.warnings {
            #expect(warnings.contains { $0.contains(text) }, "\(warnings)")
        }
        #expect(
            warnings.count <= expected.warnings.count
                && warnings.allSatisfy { warning in expected.warnings.contains { warning.contains($0) } },
            "unexpected warnings: \(warnings)")
    }

    @Test("Gen 1 and Gen 2 fill PoolSettings in Cognito's names")
    func poolSettings() throws {
        let gen1 = try AuthConfiguration.load(
            path: Self.fixtures.appendingPathComponent("amplifyconfiguration-gen1-myamplifyapp.json").path)
        #expect(gen1.poolSettings.passwordPolicy == PoolPasswordPolicy())
        #expect(gen1.poolSettings.signUpAttributes == ["email"])
        #expect(gen1.poolSettings.usernameAttributes == ["email"])
        #expect(gen1.poolSettings.verificationMechanisms == ["email"])
        let clarify = try AuthConfiguration.load(
            path: Self.fixtures.appendingPathComponent("amplify_outputs-v1-clarify.json").path)
        #expect(clarify.poolSettings.mfaConfiguration == "OPTIONAL")
        #expect(clarify.poolSettings.passwordPolicy?.minimumLength == 8)
        let flat = try AuthConfiguration.parse(
            Data(
                #"""
                {"aws_user_pools_id":"us-east-1_Abc","aws_user_pools_web_client_id":"c",
                 "aws_cognito_signup_attributes":["EMAIL","GIVEN_NAME","PHONE_NUMBER"],
                 "aws_cognito_password_protection_settings":{"passwordPolicyMinLength":12,
                   "passwordPolicyCharacters":["REQUIRES_LOWERCASE"]},
                 "aws_cognito_mfa_configuration":"ON","aws_cognito_mfa_types":["SMS","TOTP"]}
                """#.utf8))
        #expect(flat.poolSettings.signUpAttributes == ["email", "given_name", "phone_number"])
        #expect(
            flat.poolSettings.passwordPolicy
                == PoolPasswordPolicy(
                    minimumLength: 12, requiresLowercase: true, requiresUppercase: false, requiresNumbers: false,
                    requiresSymbols: false))
        #expect(flat.poolSettings.mfaConfiguration == "ON")
        #expect(flat.poolSettings.mfaMethods == ["SMS", "TOTP"])
        #expect(flat.userPool?.region == "us-east-1")
    }

    static func gen2(version: String, extra: String = "") -> Data {
        Data(
            #"""
            {"auth":{"user_pool_id":"eu-west-1_Abc","aws_region":"eu-west-1","user_pool_client_id":"c",
             "identity_pool_id":"","mfa_configuration":"REQUIRED","mfa_methods":["TOTP"],
             "groups":[{"Admin":{"precedence":0}}]\#(extra)},"version":"\#(version)"}
            """#.utf8)
    }

    @Test(
        "Every Gen 2 version to date loads; an empty identity_pool_id means none",
        arguments: ["1", "1.1", "1.2", "1.3", "1.4"])
    func gen2Versions(_ version: String) throws {
        let configuration = try AuthConfiguration.parse(Self.gen2(version: version))
        #expect(configuration.source.format == .amplifyGen2)
        #expect(configuration.source.version == version)
        #expect(configuration.source.notes.isEmpty)
        #expect(configuration.identityPool == nil)
        #expect(configuration.poolSettings.mfaConfiguration == "ON")
        #expect(configuration.poolSettings.ignoredKeys == ["auth.groups"])
    }

    @Test("A later Gen 2 version loads what it understands and says what it ignored")
    func futureGen2() throws {
        let configuration = try AuthConfiguration.parse(
            Self.gen2(version: "2.0", extra: #","passkeys":{"rp_id":"example.com"}"#))
        #expect(configuration.userPool?.poolId == "eu-west-1_Abc")
        #expect(configuration.source.notes.contains { $0.contains("2.0") })
        #expect(configuration.poolSettings.ignoredKeys == ["auth.groups", "auth.passkeys"])
    }

    static let sections = #"""
        {"CognitoUserPool":{"Prod":{"PoolId":"us-east-1_Prod","AppClientId":"p","Region":"us-east-1"},
                            "Staging":{"PoolId":"us-west-2_Stage","AppClientId":"s","Region":"us-west-2"}}}
        """#

    @Test("--config-section and LATCHKEY_CONFIG_SECTION pick a section; a missing one lists those that exist")
    func sectionSelection() throws {
        let data = Data(Self.sections.utf8)
        do {
            _ = try AuthConfiguration.parse(data, path: "/c.json")
            Issue.record("a file without Default loaded")
        } catch {
            #expect(error.key == "CognitoUserPool.Default")
            #expect(error.problem.contains("\"Prod\", \"Staging\""), "\(error)")
            // The library's words name the API; the command line's name its flag (issue 39).
            #expect(error.fix.contains("section AuthConfiguration.load is given") && !error.fix.contains("--"))
            #expect(error.forCommandLine.fix.contains("--config-section"))
        }
        let staging = try AuthConfiguration.parse(data, section: "Staging")
        #expect(staging.userPool?.poolId == "us-west-2_Stage")
        #expect(staging.source.section == "Staging")
        #expect(staging.source.sectionOrigin == "--config-section")
        let fromEnvironment = try AuthConfiguration.parse(data, environment: ["LATCHKEY_CONFIG_SECTION": "Prod"])
        #expect(fromEnvironment.userPool?.poolId == "us-east-1_Prod")
        #expect(fromEnvironment.source.sectionOrigin == "LATCHKEY_CONFIG_SECTION")
        // The option wins over the variable.
        let both = try AuthConfiguration.parse(
            data, section: "Staging", environment: ["LATCHKEY_CONFIG_SECTION": "Prod"])
        #expect(both.userPool?.poolId == "us-west-2_Stage")
        // Formats without sections refuse a named one rather than ignore it.
        #expect(throws: ConfigurationError.self) {
            _ = try AuthConfiguration.parse(Self.gen2(version: "1.4"), section: "Prod")
        }
    }

    @Test("A key present but empty is \"empty\", an absent one \"missing\"")
    func emptyVersusMissing() {
        func problem(_ json: String) -> String? {
            do {
                _ = try AuthConfiguration.parse(Data(json.utf8))
                return nil
            } catch { return error.problem }
        }
        let empty = problem(#"{"CognitoUserPool":{"Default":{"PoolId":"","AppClientId":"c","Region":"us-east-1"}}}"#)
        #expect(empty?.contains("empty") == true)
        #expect(empty?.contains("missing") == false)
        let missing = problem(#"{"CognitoUserPool":{"Default":{"AppClientId":"c","Region":"us-east-1"}}}"#)
        #expect(missing?.contains("missing") == true)
        let emptyClient = problem(#"{"auth":{"user_pool_id":"us-east-1_A","user_pool_client_id":" "},"version":"1"}"#)
        #expect(emptyClient?.contains("empty") == true)
    }

    @Test("JSON errors carry line and column, in JSON, JavaScript and Dart files")
    func lineAndColumn() {
        func message(_ text: String) -> String {
            do {
                _ = try AuthConfiguration.parse(Data(text.utf8), path: "/c")
                return ""
            } catch { return error.problem }
        }
        #expect(message("{\n  \"a\": 1,\n  \"b\": tru\n}").contains("line 3, column 8"))
        let missingComma = message("{\n  \"a\": 1\n  \"b\": 2\n}")
        #expect(missingComma.contains("line 3, column 3"), "\(missingComma)")
        #expect(missingComma.contains("expected ',' or '}'"))
        let js =
            "// generated\nconst awsmobile = {\n    aws_project_region: 'us-east-1'\n    aws_user_pools_id: 'x'\n};\n"
            + "export default awsmobile;\n"
        let jsMessage = message(js)
        #expect(jsMessage.contains("JavaScript"))
        #expect(jsMessage.contains("line 4, column 5"), "\(jsMessage)")
        #expect(jsMessage.contains("expected ',' or '}'"), "\(jsMessage)")
        let dart = "const amplifyconfig = '''{\n  \"auth\": {,}\n}''';\n"
        let dartMessage = message(dart)
        #expect(dartMessage.contains("Dart"))
        #expect(dartMessage.contains("line 2, column 12"), "\(dartMessage)")
        #expect((try? ObjectLiteralReader.json(in: Array(#"{"a":[1,2,{"b":null}]}"#.utf8))) != nil)
    }

    static let bare = #"{"CognitoUserPool":{"Default":{"PoolId":"local_Abc","AppClientId":"c"}}}"#

    @Test("Region: the file, else the pool id, else AWS_REGION, else AWS_DEFAULT_REGION")
    func regionOrder() throws {
        let data = Data(Self.bare.utf8)
        #expect(throws: ConfigurationError.self) { _ = try AuthConfiguration.parse(data) }
        let region = try AuthConfiguration.parse(
            data, environment: ["AWS_REGION": "eu-north-1", "AWS_DEFAULT_REGION": "ap-south-1"])
        #expect(region.userPool?.region == "eu-north-1")
        #expect(region.source.origins["user pool region"] == "AWS_REGION")
        let fallback = try AuthConfiguration.parse(data, environment: ["AWS_DEFAULT_REGION": "ap-south-1"])
        #expect(fallback.userPool?.region == "ap-south-1")
        // A pool id that names a region outranks the environment; the file outranks both.
        let named = Data(#"{"CognitoUserPool":{"Default":{"PoolId":"sa-east-1_Abc","AppClientId":"c"}}}"#.utf8)
        #expect(
            try AuthConfiguration.parse(named, environment: ["AWS_REGION": "eu-north-1"]).userPool?.region
                == "sa-east-1")
        let stated = Data(Self.sections.replacingOccurrences(of: "Prod", with: "Default").utf8)
        #expect(
            try AuthConfiguration.parse(stated, environment: ["AWS_REGION": "eu-north-1"]).userPool?.region
                == "us-east-1")
        #expect(throws: ConfigurationError.self) {
            _ = try AuthConfiguration.parse(data, environment: ["AWS_REGION": "us-east-1/evil"])
        }
    }

    static let withIdentity = #"""
        {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Abc","AppClientId":"c","Region":"us-east-1"}},
         "CredentialsProvider":{"CognitoIdentity":{"Default":{"PoolId":"us-east-1:1a2b3c4d-0000-1111-2222-333344445555"}}}}
        """#

    @Test("Endpoints: the file's Endpoint, then AWS_ENDPOINT_URL_<SERVICE>, then AWS_ENDPOINT_URL")
    func endpointPrecedence() throws {
        let data = Data(Self.withIdentity.utf8)
        let general = try AuthConfiguration.parse(data, environment: ["AWS_ENDPOINT_URL": "http://127.0.0.1:4566"])
        #expect(general.userPool?.endpoint?.absoluteString == "http://127.0.0.1:4566")
        #expect(general.identityPool?.endpoint?.absoluteString == "http://127.0.0.1:4566")
        #expect(general.latchkey.stsEndpoint?.absoluteString == "http://127.0.0.1:4566")
        #expect(general.source.origins["user pool endpoint"] == "AWS_ENDPOINT_URL")
        let specific = try AuthConfiguration.parse(
            data,
            environment: [
                "AWS_ENDPOINT_URL": "http://127.0.0.1:4566",
                "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER": "http://127.0.0.1:9229",
                "AWS_ENDPOINT_URL_COGNITO_IDENTITY": "http://127.0.0.1:9230",
                "AWS_ENDPOINT_URL_STS": "http://127.0.0.1:9231",
            ])
        #expect(specific.userPool?.endpoint?.absoluteString == "http://127.0.0.1:9229")
        #expect(specific.identityPool?.endpoint?.absoluteString == "http://127.0.0.1:9230")
        #expect(specific.latchkey.stsEndpoint?.absoluteString == "http://127.0.0.1:9231")
        // The configuration's Endpoint wins over the environment.
        let own = Data(
            Self.withIdentity.replacingOccurrences(
                of: #""Region":"us-east-1"}"#, with: #""Region":"us-east-1","Endpoint":"http://127.0.0.1:5000"}"#
            ).utf8)
        let filed = try AuthConfiguration.parse(own, environment: ["AWS_ENDPOINT_URL": "http://127.0.0.1:4566"])
        #expect(filed.userPool?.endpoint?.absoluteString == "http://127.0.0.1:5000")
        #expect(filed.source.origins["user pool endpoint"] == "CognitoUserPool.Default.Endpoint")
        // AWS_IGNORE_CONFIGURED_ENDPOINT_URLS turns the variables off; a bad value names the variable.
        let ignored = try AuthConfiguration.parse(
            data,
            environment: ["AWS_ENDPOINT_URL": "http://127.0.0.1:4566", "AWS_IGNORE_CONFIGURED_ENDPOINT_URLS": "true"])
        #expect(ignored.userPool?.endpoint == nil)
        do {
            _ = try AuthConfiguration.parse(data, environment: ["AWS_ENDPOINT_URL": "http://127.0.0.1:99999"])
            Issue.record("a bad AWS_ENDPOINT_URL was accepted")
        } catch {
            #expect(error.key == "AWS_ENDPOINT_URL")
        }
        // Without anything, AWS's public endpoint.
        #expect(try AuthConfiguration.parse(data).userPool?.endpoint == nil)
    }

    @Test("The key set comes from <endpoint>/<pool>/.well-known/jwks.json; Latchkey.JWKSURL stays an override")
    func jwksURL() throws {
        var configuration = AuthConfiguration(
            userPool: UserPoolConfiguration(poolId: "us-east-1_Abc", appClientId: "c", region: "us-east-1"))
        #expect(
            TokenVerifier.jwksURL(configuration: configuration)?.absoluteString
                == "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Abc/.well-known/jwks.json")
        configuration.userPool?.endpoint = URL(string: "http://127.0.0.1:5000/")
        #expect(
            TokenVerifier.jwksURL(configuration: configuration)?.absoluteString
                == "http://127.0.0.1:5000/us-east-1_Abc/.well-known/jwks.json")
        configuration.latchkey.jwksURL = URL(string: "http://keys.example/jwks.json")
        #expect(TokenVerifier.jwksURL(configuration: configuration)?.absoluteString == "http://keys.example/jwks.json")
    }

    @Test("Both issuer forms Cognito writes are accepted, and the endpoint form with an override; others are not")
    func issuers() throws {
        var pool = UserPoolConfiguration(poolId: "us-east-1_Abc", appClientId: "c", region: "us-east-1")
        func check(_ issuer: String) -> Bool {
            var issued = pool
            issued.region = "us-east-1"
            let raw = TestJWT.tokens(pool: issued, username: "u", issued: Date(), lifetime: 3600, issuer: issuer)
            guard let tokens = try? CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: nil) else {
                return false
            }
            return (try? TokenVerifier.checkClaims(tokens, pool: pool, now: Date())) != nil
        }
        #expect(check("https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Abc"))
        #expect(check("https://issuer-cognito-idp.us-east-1.amazonaws.com/us-east-1_Abc"))
        #expect(!check("https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Other"))
        #expect(!check("http://127.0.0.1:9229/us-east-1_Abc"))
        pool.endpoint = URL(string: "http://127.0.0.1:9229")
        #expect(check("http://127.0.0.1:9229/us-east-1_Abc"))
        #expect(!check("https://issuer-cognito-idp.eu-west-1.amazonaws.com/us-east-1_Abc"))
    }
}
