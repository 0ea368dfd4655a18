import AWSSigV4
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Identity pools: guest and authenticated credentials, federation, STS, credential_process")
    struct IdentityPoolTests {
        @Test("Guest credentials with nobody signed in: state guest, identity id cached (GetId once)")
        func guestCredentials() async throws {
            let backend = try await LocalBackend.shared()
            let client = await Integration.client(backend.configuration)
            try await backend.resetStats()
            let states = await client.userStateChanges()
            let first = try await client.getAWSCredentials()
            #expect(await client.userState == .guest)
            let id = try await client.getIdentityId()
            await client.invalidateCachedTemporaryCredentials()
            let second = try await client.getAWSCredentials()
            #expect(try await client.getIdentityId() == id)
            #expect(!first.accessKeyId.isEmpty && !second.secretAccessKey.isEmpty)
            let stats = try await backend.stats().operations
            // moto returns a new id on every GetId, so caching is what keeps it at one.
            #expect(stats["GetId"] == 1)
            #expect(stats["GetCredentialsForIdentity"] == 2)
            var iterator = states.makeAsyncIterator()
            #expect(await iterator.next()?.state == .signedOut)
            #expect(await iterator.next()?.state == .guest)
        }

        @Test("Concurrent credential callers share one fetch")
        func sharedFetch() async throws {
            let backend = try await LocalBackend.shared()
            let (client, _) = try await Integration.signedInClient(backend: backend)
            try await backend.resetStats()
            let keys = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<50 { group.addTask { try? await client.getAWSCredentials().accessKeyId } }
                var all: [String?] = []
                for await key in group { all.append(key) }
                return all
            }
            #expect(keys.allSatisfy { $0 != nil })
            let stats = try await backend.stats().operations
            #expect(stats["GetCredentialsForIdentity"] == 1)
            #expect(stats["GetId"] == 1)
        }

        @Test("Signed in: authenticated credentials, and STS GetCallerIdentity signed with them succeeds")
        func authenticatedCredentialsAndSTS() async throws {
            let backend = try await LocalBackend.shared()
            let (client, _) = try await Integration.signedInClient(backend: backend)
            let credentials = try await client.getAWSCredentials()
            #expect(credentials.expiration > Date())
            #expect(await client.userState == .signedIn)
            let caller = try await client.getCallerIdentity()
            #expect(!caller.account.isEmpty)
            #expect(caller.arn.hasPrefix("arn:aws:"))
        }

        @Test(
            "The client as an AWSCredentialsProvider: a request signed with it is accepted by STS; signed out, guest credentials"
        )
        func credentialsProviderSignsRequests() async throws {
            let backend = try await LocalBackend.shared()
            let (client, _) = try await Integration.signedInClient(backend: backend)
            let provider = client.credentialsProvider()
            let signing = try await provider.signingCredentials()
            let stored = try await client.getAWSCredentials()
            #expect(signing.accessKeyId == stored.accessKeyId)
            #expect(signing.sessionToken == stored.sessionToken)
            // A client library's own request, signed through the provider, is accepted.
            let endpoint = try #require(backend.configuration.latchkey.stsEndpoint)
            let sts = STSClient(endpoint: endpoint, region: "us-east-1", transport: CurlTransport())
            let caller = try await sts.getCallerIdentity(using: provider)
            #expect(caller.arn.hasPrefix("arn:aws:"))
            // Not signed in and no re-login pending: the guest's credentials (the pool allows guests).
            _ = try await client.signOut()
            let guest = try await client.credentialsProvider().signingCredentials()
            #expect(!guest.accessKeyId.isEmpty && !guest.secretAccessKey.isEmpty)
            #expect(await client.userState == .guest)
        }

        @Test("Federated sign-in with an external token: signedIn, provider and active providers set")
        func federatedSignIn() async throws {
            let backend = try await LocalBackend.shared()
            let client = await Integration.client(backend.configuration)
            let state = try await client.federatedSignIn(
                providerName: FederatedProvider.google, token: "google-id-token")
            #expect(state == .signedIn)
            #expect(await client.session?.provider == FederatedProvider.google)
            #expect(await client.activeProviderKeys == [FederatedProvider.google])
            let manager = IdentityManager(
                client: client,
                providers: [
                    UserPoolSignInProvider(client: client),
                    ExternalTokenSignInProvider(client: client, key: FederatedProvider.google),
                ])
            #expect(await manager.authenticatedBy == "Google")
            #expect(await manager.providerKey == FederatedProvider.google)
            _ = try await client.getCallerIdentity()
            try await client.signOut(provider: FederatedProvider.google)
            #expect(await client.userState == .signedOut)
            #expect(await manager.authenticatedBy == "Guest")
        }

        @Test("Restoring at launch: every provider with a stored session comes back (interceptApplication)")
        func interceptApplication() async throws {
            let backend = try await LocalBackend.shared()
            var configuration = backend.configuration
            configuration.identityManager = IdentityManagerConfiguration(
                allowIdentityMerging: true, allowSimultaneousActiveAccounts: true)
            let store = InMemorySessionStore()
            let (client, _) = try await Integration.signedInClient(
                backend: backend, configuration: configuration, store: store)
            try await client.federatedSignIn(providerName: FederatedProvider.facebook, token: "fb-token")
            let restoredClient = AuthClient(configuration: configuration, store: store)
            let manager = IdentityManager(
                client: restoredClient,
                providers: [
                    UserPoolSignInProvider(client: restoredClient),
                    ExternalTokenSignInProvider(client: restoredClient, key: FederatedProvider.facebook),
                ])
            let restored = await manager.interceptApplication()
            #expect(Set(restored) == [configuration.userPool?.providerKey ?? "", FederatedProvider.facebook])
            #expect(await manager.activeProviders.count == 2)
            // Signing out of one keeps the other.
            try await restoredClient.signOut(provider: FederatedProvider.facebook)
            #expect(await restoredClient.userState == .signedIn)
            #expect(await restoredClient.activeProviderKeys == [configuration.userPool?.providerKey ?? ""])
        }

        @Test(
            "latchkey credentials: guest and signed-in, in all three formats; the AWS CLI uses it as credential_process"
        )
        func credentialsCommandAndAWSCLI() async throws {
            let backend = try await LocalBackend.shared()
            let directory = TestScratch.path("creds")
            let common = ["--config", backend.info.configPath, "--store", directory]
            let guest = try await LatchkeyBinary.run(["credentials"] + common)
            #expect(guest.status == 0, "\(guest.stderr)")
            let json = try #require(JSONValue.parse(Array(guest.stdout.utf8)))
            #expect(json["Version"] == 1)
            #expect(json["AccessKeyId"]?.stringValue?.isEmpty == false)
            #expect(json["Expiration"]?.stringValue?.hasSuffix("Z") == true)
            let env = try await LatchkeyBinary.run(["credentials", "--format", "env"] + common)
            #expect(env.stdout.contains("export AWS_SESSION_TOKEN="))

            let username = await backend.uniqueName("creds")
            try await backend.createUser(username, password: Integration.password)
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0)
            let signedIn = try await LatchkeyBinary.run(["credentials", "--format", "json"] + common)
            #expect(JSONValue.parse(Array(signedIn.stdout.utf8))?["state"]?.stringValue == "signedIn")

            // The AWS CLI, with a profile whose credential_process is latchkey, against the local STS.
            guard let binary = LatchkeyBinary.url, let aws = Integration.awsCLI() else {
                Issue.record("the AWS CLI is not installed (pip install awscli)")
                return
            }
            let awsConfig = directory + "/aws-config"
            try """
            [profile latchkey]
            region = us-east-1
            credential_process = \(binary.path) credentials --config \(backend.info.configPath) --store \(directory)
            """.write(toFile: awsConfig, atomically: true, encoding: .utf8)
            let outcome = try await ChildProcess.run(
                aws,
                [
                    "sts", "get-caller-identity", "--profile", "latchkey", "--endpoint-url", backend.info.endpoint,
                    "--output", "json",
                ],
                environment: ["AWS_CONFIG_FILE": awsConfig, "AWS_SHARED_CREDENTIALS_FILE": directory + "/none"],
                removing: ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"], timeout: .seconds(120))
            #expect(outcome.exitCode == 0, "\(outcome.stderr)")
            let stdout = Array(outcome.stdout.utf8)
            let identity = JSONValue.parse(Array(stdout))
            #expect(identity?["Arn"]?.stringValue?.hasPrefix("arn:aws:") == true)
        }

    }
}
