import AWSMobileClientCompat
import AWSSigV4
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

@testable import CompatPortingSwift5
@testable import CompatPortingSwift6

extension BackendTests {
    /// The third round of real files (Tests/CompatPorting/SOURCES.md), run against the local backend.
    @Suite("Real AWSMobileClient code, round three: TripUp's AWSAdapter and AppSync token providers")
    struct PortedRoundThreeTests {
        /// A signed-in compat client over the backend, made the default one.
        static func signedInDefault(_ prefix: String) async throws -> (AuthClient, String) {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName(prefix)
            try await backend.createUser(username, password: Integration.password)
            let core = AuthClient(configuration: backend.configuration, store: InMemorySessionStore())
            AWSMobileClient.useAsDefault(AWSMobileClient(client: core))
            _ = try await core.signIn(username: username, password: Integration.password)
            return (core, username)
        }

        @Test(
            "TripUp's AWSAdapter (Swift 6 build): its AWSServiceConfiguration signs with AWSMobileClient.default(), and an upload is keyed by the real identity id"
        )
        func tripUpAdapter() async throws {
            let (core, _) = try await Self.signedInDefault("tripup")
            let key = "transfer-utility-with-advanced-options"
            CompatPortingSwift6.AWSS3TransferUtility.registered[key] = nil
            let adapter = CompatPortingSwift6.AWSAdapter()
            adapter.bucket = "photos"
            adapter.region = "eu-west-2"
            var configuration: AWSServiceConfiguration?
            for _ in 0..<200 where configuration == nil {
                configuration = CompatPortingSwift6.AWSS3TransferUtility.registered[key]
                try await Task.sleep(for: .milliseconds(25))
            }
            let registered = try #require(configuration, "the adapter registered no service configuration")
            #expect(registered.regionType == .EUWest2)
            let provider = try #require(registered.credentialsProvider)
            let expected = try await core.getAWSCredentials()
            let signed = try await SigV4Signer.signed(
                SigV4Request(method: "PUT", path: "/photos/x", headers: [.init("Host", "s3.eu-west-2.amazonaws.com")]),
                with: provider, region: "eu-west-2", service: "s3")
            #expect(signed.value(forHeader: "Authorization")?.contains("Credential=\(expected.accessKeyId)/") == true)

            let identityId = try await core.getIdentityId()
            let uploaded: URL? = await withCheckedContinuation { done in
                adapter.uploadFile(at: URL(fileURLWithPath: "/tmp/holiday.jpg")) { url in done.resume(returning: url) }
            }
            #expect(uploaded?.absoluteString == "https://s3.eu-west-2.amazonaws.com/photos/\(identityId)/holiday.jpg")
            _ = adapter
        }

        @Test(
            "AppSync token providers (FRC's class in Swift 5, the Skookum extension in Swift 6) hand out the user's tokens"
        )
        func appSyncTokenProviders() async throws {
            let (core, _) = try await Self.signedInDefault("appsync")
            let tokens = try await core.getTokens()
            let access: String? = await withCheckedContinuation { done in
                CompatPortingSwift5.FASTCognitoUserPoolsAuthProvider().getLatestAuthToken { token, _ in
                    done.resume(returning: token)
                }
            }
            #expect(access == tokens.accessToken)
            let id: String? = await withCheckedContinuation { done in
                let provider: any CompatPortingSwift6.AWSCognitoUserPoolsAuthProviderAsync = AWSMobileClient.default()
                provider.getLatestAuthToken { token, _ in done.resume(returning: token) }
            }
            #expect(id == tokens.idToken)
        }

        @Test(
            "Adequate's CredentialsProvider (AWSMobileClient as an AWSCredentialsProvider) and its Promise initialize"
        )
        func adequateCredentialsProvider() async throws {
            let (core, _) = try await Self.signedInDefault("adequate")
            let provider: any CompatPortingSwift6.CredentialsProvider = AWSMobileClient.default()
            let state: UserState? = await withCheckedContinuation { done in
                provider.initialize().then({ done.resume(returning: $0) }, { _ in done.resume(returning: nil) })
            }
            #expect(state == .signedIn)
            #expect(provider.currentUserState == .signedIn)
            let expected = try await core.getAWSCredentials()
            let (credentials, error) = await awaitTask(provider.credentials())
            #expect(error == nil)
            #expect(credentials?.accessKey == expected.accessKeyId)
        }
    }
}
