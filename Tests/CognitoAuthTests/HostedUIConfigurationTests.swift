import Foundation
import Testing

@testable import CognitoAuth

@Suite("Hosted UI configuration: OAuth sections of real and synthetic files")
struct HostedUIConfigurationTests {
    static func load(_ file: String) throws -> AuthConfiguration {
        try AuthConfiguration.load(path: ConfigurationFormatTests.fixtures.appendingPathComponent(file).path)
    }

    static func parse(_ text: String) throws -> AuthConfiguration {
        try AuthConfiguration.parse(Data(text.utf8))
    }

    @Test("Gen 2 with Google (real file): domain, loopback redirect, scopes, provider in Cognito's spelling")
    func gen2Google() throws {
        let configuration = try Self.load("amplify_outputs-v1-tinplus.dart")
        let hostedUI = try #require(configuration.hostedUI)
        #expect(
            hostedUI.webDomain.absoluteString == "https://0e9ae3a5647d64c6d914.auth.ap-northeast-1.amazoncognito.com")
        #expect(hostedUI.signInRedirectURI?.absoluteString == "http://localhost:52905/")
        #expect(HostedUIConfiguration.loopbackPort(of: try #require(hostedUI.loopbackRedirectURI)) == 52905)
        #expect(hostedUI.signOutRedirectURIs.count == 2)
        #expect(hostedUI.scopes.contains("openid"))
        #expect(hostedUI.identityProviders == ["Google"])
        #expect(!configuration.poolSettings.ignoredKeys.contains("auth.oauth"))
        #expect(
            hostedUI.tokenEndpoint.absoluteString
                == "https://0e9ae3a5647d64c6d914.auth.ap-northeast-1.amazoncognito.com/oauth2/token")
    }

    @Test("Gen 2 with an OIDC provider (real file): the name is kept as written")
    func gen2OIDC() throws {
        let hostedUI = try #require(try Self.load("amplify_outputs-v1-clarify.json").hostedUI)
        #expect(hostedUI.identityProviders == ["Auth0"])
        #expect(hostedUI.signInRedirectURI?.absoluteString == "http://localhost:3000")
        #expect(hostedUI.loopbackRedirectURI.flatMap(HostedUIConfiguration.loopbackPort(of:)) == 3000)
        // Without an explicit port there is nothing to listen on; pasting still works.
        #expect(HostedUIConfiguration.loopbackPort(of: URL(string: "http://localhost/callback")!) == nil)
        #expect(HostedUIConfiguration.loopbackPort(of: URL(string: "https://localhost:3000/")!) == nil)
    }

    @Test("Flat aws-exports.js oauth (real file)")
    func flat() throws {
        let hostedUI = try #require(try Self.load("aws-exports-customui-auth.js").hostedUI)
        #expect(hostedUI.webDomain.host == "customuiauth2b16f6b5-2b16f6b5-dev.auth.us-east-1.amazoncognito.com")
        #expect(hostedUI.scopes == ["phone", "email", "openid", "profile", "aws.cognito.signin.user.admin"])
        #expect(hostedUI.signInRedirectURIs.map(\.absoluteString) == ["http://localhost:3000/"])
    }

    @Test(
        "Gen 1 OAuth with a mobile app's myapp:// redirect (real file): loads, and says why the hosted UI cannot be used"
    )
    func mobileRedirect() throws {
        let configuration = try Self.load("amplifyconfiguration-leaps.dart")
        #expect(configuration.userPool != nil)
        #expect(configuration.hostedUI == nil)
        let problem = try #require(configuration.hostedUIProblem)
        #expect(problem.key == "auth.plugins.awsCognitoAuthPlugin.Auth.Default.OAuth.SignInRedirectURI")
        #expect(problem.problem.contains("myapp://"))
        #expect(problem.fix.contains("http://localhost:53682/callback"))
    }

    static let awsConfiguration = #"""
        {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Abc","AppClientId":"client1","Region":"us-east-1"}},
         "Auth":{"Default":{"OAuth":{"WebDomain":"%DOMAIN%","AppClientId":"client1",
           "SignInRedirectURI":"%REDIRECT%","SignOutRedirectURI":"http://localhost:53682/signed-out",
           "Scopes":["openid","email"]%EXTRA%}}}}
        """#

    static func aws(
        domain: String = "example.auth.us-east-1.amazoncognito.com",
        redirect: String = "http://localhost:53682/callback", extra: String = ""
    ) throws -> AuthConfiguration {
        try parse(
            awsConfiguration.replacingOccurrences(of: "%DOMAIN%", with: domain)
                .replacingOccurrences(of: "%REDIRECT%", with: redirect).replacingOccurrences(of: "%EXTRA%", with: extra)
        )
    }

    @Test("awsconfiguration.json Auth.Default.OAuth; a local backend's http://127.0.0.1 domain")
    func awsConfigurationOAuth() throws {
        let hostedUI = try #require(try Self.aws().hostedUI)
        #expect(hostedUI.webDomain.absoluteString == "https://example.auth.us-east-1.amazoncognito.com")
        #expect(hostedUI.appClientId == "client1")
        #expect(hostedUI.loopbackRedirectURI?.absoluteString == "http://localhost:53682/callback")
        let local = try #require(try Self.aws(domain: "http://127.0.0.1:4567/").hostedUI)
        #expect(local.webDomain.absoluteString == "http://127.0.0.1:4567")
        #expect(local.authorizeEndpoint.absoluteString == "http://127.0.0.1:4567/oauth2/authorize")
    }

    @Test("Bad values: a plain-http remote domain, the implicit grant, a custom-scheme redirect")
    func badValues() throws {
        let remote = try Self.aws(domain: "http://login.example.com")
        #expect(remote.hostedUI == nil)
        #expect(remote.hostedUIProblem?.problem.contains("plain http") == true)
        #expect(remote.hostedUIProblem?.key == "Auth.Default.OAuth.WebDomain")
        let implicit = try Self.aws(extra: #","responseType":"token""#)
        #expect(implicit.hostedUI == nil)
        #expect(implicit.hostedUIProblem?.problem.contains("implicit") == true)
        #expect(implicit.hostedUIProblem?.fix.contains("\"code\"") == true)
        let custom = try Self.aws(redirect: "myapp://callback")
        #expect(custom.hostedUIProblem?.problem.contains("custom-scheme") == true)
        // The rest of the file still loads: password sign-in is unaffected.
        #expect(custom.userPool?.poolId == "us-east-1_Abc")
        let gen2Implicit = try Self.parse(
            #"{"version":"1.4","auth":{"user_pool_id":"us-east-1_Abc","aws_region":"us-east-1","user_pool_client_id":"c","oauth":{"domain":"d.auth.us-east-1.amazoncognito.com","scopes":["openid"],"redirect_sign_in_uri":["http://localhost:1234/"],"redirect_sign_out_uri":[],"response_type":"token","identity_providers":["GOOGLE","FACEBOOK","SIGN_IN_WITH_APPLE","LOGIN_WITH_AMAZON"]}}}"#
        )
        #expect(gen2Implicit.hostedUIProblem?.key == "auth.oauth.response_type")
        let gen2 = try Self.parse(
            #"{"version":"1.4","auth":{"user_pool_id":"us-east-1_Abc","aws_region":"us-east-1","user_pool_client_id":"c","oauth":{"domain":"d.auth.us-east-1.amazoncognito.com","scopes":["openid"],"redirect_sign_in_uri":["http://localhost:1234/"],"redirect_sign_out_uri":[],"response_type":"code","identity_providers":["GOOGLE","FACEBOOK","SIGN_IN_WITH_APPLE","LOGIN_WITH_AMAZON"]}}}"#
        )
        #expect(gen2.hostedUI?.identityProviders == ["Google", "Facebook", "SignInWithApple", "LoginWithAmazon"])
    }
}
