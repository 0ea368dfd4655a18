import AWSMobileClientCompat
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// A task's outcome, carried out of its continuation block.
private final class TaskOutcome<T>: @unchecked Sendable {
    // Safe: written once by the continuation block before `resume`, read after the resumption.
    var result: (T?, (any Error)?) = (nil, nil)
}

/// Waits for an `AWSTask` without blocking a thread.
func awaitTask<T>(_ task: AWSTask<T>) async -> (T?, (any Error)?) {
    let box = TaskOutcome<T>()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        task.continueWith(
            block: { finished in
                box.result = (finished.result, finished.error)
                done.resume()
                return nil
            }, isolation: nil)
    }
    return box.result
}

@Suite("AWSCore's shapes in the compat layer: regions, SignInState, service configuration")
struct AWSCoreShapeTests {
    @Test("AWSRegionType has the SDK's cases in the SDK's order, with their region names")
    func regions() {
        #expect(AWSRegionType.allCases.count == 35)
        #expect(AWSRegionType.Unknown.rawValue == 0 && AWSRegionType.USEast1.rawValue == 1)
        #expect(AWSRegionType.ILCentral1.rawValue == 34)
        #expect(AWSRegionType.EUWest2.regionName == "eu-west-2")
        #expect(AWSRegionType.USGovWest1.regionName == "us-gov-west-1")
        #expect(AWSRegionType.CNNorthWest1.regionName == "cn-northwest-1")
        #expect(AWSRegionType.APSoutheast7.regionName == "ap-southeast-7")
        #expect(AWSRegionType.Unknown.regionName == nil)
        #expect("eu-central-2".aws_regionTypeValue() == .EUCentral2)
        #expect("mars-north-1".aws_regionTypeValue() == .Unknown)
        for region in AWSRegionType.allCases where region != .Unknown {
            #expect(region.regionName.map(AWSRegionType.init(regionName:)) == region)
        }
    }

    @Test("A missing configuration is told to an app in API words, not the CLI's flags")
    func configurationWordsForApps() async {
        let client = AWSMobileClient(environment: ["LATCHKEY_CONFIG": "/nonexistent/awsconfiguration.json"])
        let message: String = await withCheckedContinuation { done in
            client.initialize { _, error in
                if case .invalidConfiguration(let message)? = error as? AWSMobileClientError {
                    done.resume(returning: message)
                } else {
                    done.resume(returning: "other: \(String(describing: error))")
                }
            }
        }
        #expect(message.contains("/nonexistent/awsconfiguration.json"))
        #expect(message.contains("AWSMobileClient(configuration:)") && message.contains("LATCHKEY_CONFIG"))
        #expect(!message.contains("--config") && !message.contains("latchkey demo"), "\(message)")
    }

    @Test("SignInState has exactly the SDK's nine cases and raw values")
    func signInStates() {
        #expect(
            SignInState.allCases.map(\.rawValue) == [
                "UNKNOWN", "CONFIRMATION_CODE", "PASSWORD_VERIFIER", "CUSTOM_CHALLENGE", "DEVICE_SRP_AUTH",
                "DEVICE_PASSWORD_VERIFIER", "ADMIN_NO_SRP_AUTH", "NEW_PASSWORD_REQUIRED", "SIGN_IN_COMPLETE",
            ])
    }

    @Test("AWSServiceConfiguration(region:credentialsProvider:) is failable; AWSServiceManager keeps the default")
    func serviceConfiguration() {
        let client = AWSMobileClient(environment: ["LATCHKEY_CONFIG": "/nonexistent/awsconfiguration.json"])
        let configuration = AWSServiceConfiguration(region: .EUWest2, credentialsProvider: client)
        #expect(configuration?.region == "eu-west-2")
        #expect(configuration?.regionType == .EUWest2)
        #expect(configuration?.credentialsProvider === client)
        #expect(AWSServiceConfiguration(region: .Unknown, credentialsProvider: client) == nil)
        AWSServiceManager.default().defaultServiceConfiguration = configuration
        #expect(AWSServiceManager.default().defaultServiceConfiguration === configuration)
        AWSServiceManager.default().defaultServiceConfiguration = nil
        let options = SignInUIOptions(canCancel: true, logoImage: "logo", backgroundColor: 0x336699)
        #expect(options.canCancel && options.logoImage as? String == "logo" && !options.disableSignUpButton)
    }
}

extension BackendTests {
    @Suite("AWSCore's credential types over the core, against the local backend")
    struct AWSCoreCredentialTests {
        @Test("AWSMobileClient is an AWSCredentialsProvider: credentials(), and the SigV4 signer signs with it")
        func mobileClientSignsARequest() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("awscore")
            try await backend.createUser(username, password: Integration.password)
            let core = AuthClient(configuration: backend.configuration, store: InMemorySessionStore())
            let client = AWSMobileClient(client: core)
            _ = try await core.signIn(username: username, password: Integration.password)
            let provider: any AWSCredentialsProvider = client
            let (credentials, error) = await awaitTask(provider.credentials())
            #expect(error == nil)
            let accessKey = try #require(credentials?.accessKey)
            // A ported S3 call: GET /bucket/key, signed with the compat provider.
            let request = SigV4Request(
                method: "GET", path: "/my-bucket/photo.jpg", headers: [.init("Host", "s3.eu-west-2.amazonaws.com")])
            let signed = try await SigV4Signer.signed(request, with: client, region: "eu-west-2", service: "s3")
            let authorization = try #require(signed.value(forHeader: "Authorization"))
            #expect(authorization.hasPrefix("AWS4-HMAC-SHA256 Credential=\(accessKey)/"))
            #expect(authorization.contains("/eu-west-2/s3/aws4_request"))
            #expect(signed.value(forHeader: "X-Amz-Security-Token") == credentials?.sessionKey)
            provider.invalidateCachedTemporaryCredentials()
        }

        @Test("AWSCognitoCredentialsProvider: identityId, getIdentityId, credentials, clearCredentials, clearKeychain")
        func cognitoCredentialsProvider() async throws {
            let backend = try await LocalBackend.shared()
            var configuration = backend.configuration
            configuration.userPool = nil
            let provider = AWSCognitoCredentialsProvider(
                client: AuthClient(configuration: configuration, store: InMemorySessionStore()))
            #expect(provider.identityId == nil)
            let (id, idError) = await awaitTask(provider.getIdentityId())
            #expect(idError == nil)
            let identityId = try #require(id.map { String($0) })
            #expect(provider.identityId == identityId)
            #expect(provider.identityPoolId == configuration.identityPool?.poolId)
            let (credentials, error) = await awaitTask(provider.credentials())
            #expect(error == nil && credentials?.accessKey.isEmpty == false)
            provider.clearCredentials()
            let (again, _) = await awaitTask(provider.getIdentityId())
            #expect(again.map { String($0) } == identityId, "clearCredentials keeps the identity id")
            provider.clearKeychain()
            #expect(provider.identityId == nil)
            let (fresh, freshError) = await awaitTask(provider.getIdentityId())
            #expect(freshError == nil)
            #expect(fresh.map { String($0) } != identityId, "clearKeychain forgets the identity id")
            let signed = try await SigV4Signer.signed(
                SigV4Request(method: "GET", headers: [.init("Host", "example.execute-api.eu-west-2.amazonaws.com")]),
                with: provider, region: "eu-west-2", service: "execute-api")
            #expect(signed.value(forHeader: "Authorization")?.hasPrefix("AWS4-HMAC-SHA256 Credential=") == true)
        }

        @Test("currentUserState is settable: .signedOut lets signIn replace another signed-in user, as the SDK")
        func settableUserState() async throws {
            let backend = try await LocalBackend.shared()
            let alice = await backend.uniqueName("settable-a")
            let bob = await backend.uniqueName("settable-b")
            try await backend.createUser(alice, password: Integration.password)
            try await backend.createUser(bob, password: Integration.password)
            let core = AuthClient(configuration: backend.configuration, store: InMemorySessionStore())
            let client = AWSMobileClient(client: core)
            func signIn(_ name: String) async -> String {
                await withCheckedContinuation { done in
                    client.signIn(username: name, password: Integration.password) { result, error in
                        done.resume(returning: error.map(sdkCase) ?? (result?.signInState.rawValue ?? "-"))
                    }
                }
            }
            #expect(await signIn(alice) == "SIGN_IN_COMPLETE")
            #expect(await signIn(bob) == "invalidState", "another user is refused while one is signed in")
            client.currentUserState = .signedOut
            #expect(client.currentUserState == .signedOut)
            #expect(await signIn(bob) == "SIGN_IN_COMPLETE")
            #expect(await core.session?.username == bob)
        }
    }
}
