import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs blocking work (waitpid, sleeps) on its own thread, off Swift's cooperative pool.
package func onDedicatedThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        do {
            try startThread(stackSize: 4 << 20) {
                do { continuation.resume(returning: try work()) } catch { continuation.resume(throwing: error) }
            }
        } catch {
            continuation.resume(throwing: error)
        }
    }
}

/// Shared helpers of the store tests.
package enum StoreTestSupport {
    /// A signed-in session for the unreachable configuration's pool (fake tokens, valid for an hour).
    package static func offlineSession(username: String = "offline") throws -> PersistedSession {
        let pool = UserPoolConfiguration(
            poolId: "us-east-1_Offline1", appClientId: "offlineclient", region: "us-east-1")
        let raw = TestJWT.tokens(pool: pool, username: username, issued: Date(), lifetime: 3600)
        let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
        return PersistedSession(
            state: .signedIn, username: username, provider: pool.providerKey, tokens: tokens,
            updatedAt: Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
    }

    /// A configuration file for a new app client of the local backend with short token lifetimes.
    package static func shortLivedConfig(backend: LocalBackend, accessTokenSeconds: Int, in directory: String)
        async throws
        -> (path: String, configuration: AuthConfiguration)
    {
        let configuration = try await backend.configuration(accessTokenSeconds: accessTokenSeconds)
        let clientId = try #require(configuration.userPool?.appClientId)
        let data = try Data(contentsOf: URL(fileURLWithPath: backend.info.configPath))
        guard case .object(var document) = try #require(JSONValue.parse(Array(data))),
            case .object(var pools) = try #require(document["CognitoUserPool"]),
            case .object(var pool) = try #require(pools["Default"])
        else { throw TestSupportError(description: "unexpected configuration shape") }
        pool["AppClientId"] = .string(clientId)
        pool.removeValue(forKey: "AppClientSecret")
        pools["Default"] = .object(pool)
        document["CognitoUserPool"] = .object(pools)
        let path = directory + "/short-\(accessTokenSeconds)s.json"
        try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: path))
        return (path, configuration)
    }

    /// A config file like `path` whose user-pool endpoint is `endpoint` (a fault proxy).
    package static func config(_ path: String, endpoint: URL, in directory: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard case .object(var document) = JSONValue.parse(Array(data)),
            case .object(var pools) = document["CognitoUserPool"], case .object(var pool) = pools["Default"]
        else { throw TestSupportError(description: "unexpected configuration shape") }
        pool["Endpoint"] = .string(endpoint.absoluteString)
        pools["Default"] = .object(pool)
        document["CognitoUserPool"] = .object(pools)
        let proxied = directory + "/proxied-\(UInt32.random(in: 0...UInt32.max)).json"
        try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: proxied))
        return proxied
    }

    /// A path's permission bits including setuid, setgid and sticky (st_mode & 0o7777), or nil.
    package static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    /// Every regular file under `directory` whose bytes contain any of `secrets`.
    package static func filesContaining(_ secrets: [String], under directory: String) -> [String] {
        let manager = FileManager.default
        guard let names = manager.subpaths(atPath: directory) else { return [] }
        return names.filter { name in
            guard let data = manager.contents(atPath: directory + "/" + name) else { return false }
            let text = String(decoding: data, as: UTF8.self)
            return secrets.contains { !$0.isEmpty && text.contains($0) }
        }
    }

    package static func decode(_ data: Data) -> PersistedSession? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(PersistedSession.self, from: data)
    }
}
