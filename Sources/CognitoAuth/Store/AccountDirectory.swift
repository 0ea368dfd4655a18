import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Several accounts side by side under one store root, as `gh auth switch` keeps them.
///
/// Each account is a store directory of its own, so each has its own session, lock and keyring
/// item, and signing in to one never touches another:
/// - the **default** account is the root itself (where a single-account store has always lived);
/// - further accounts live in `ROOT/accounts/ID` (mode 0700), `ID` being `account-2`, `account-3`, …;
/// - `ROOT/accounts/active` names the active account; missing, unreadable or naming an account that
///   is gone, the default is active;
/// - each account's `account.json` records which configuration it signed in with (path, section,
///   pool and app client ids) and the username, so switching also switches the pool.
///
/// Nothing here talks to the network or reads a session: callers pair it with a ``SessionStore``.
package struct AccountDirectory: Sendable, Hashable {
    /// The id of the account that lives in the root directory.
    package static let defaultID = "default"

    /// The store root (`--store`, else ``FileSessionStore/defaultDirectory(environment:)``).
    package let root: String

    /// An account directory set rooted at `root`.
    package init(root: String) {
        self.root = root
    }

    /// The folder that holds the accounts after the default one.
    package var accountsFolder: String { root + "/accounts" }

    /// The file naming the active account.
    package var activeMarkerPath: String { accountsFolder + "/active" }

    /// Whether `id` is a name this type could have made (`default`, or `account-N`), so that a
    /// marker file or an argument can never point outside the root.
    package static func isValidID(_ id: String) -> Bool {
        if id == defaultID { return true }
        guard id.hasPrefix("account-") else { return false }
        let number = id.dropFirst("account-".count)
        return !number.isEmpty && number.count <= 6 && number.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// The store directory of account `id` (the root for the default account).
    package func directory(for id: String) -> String {
        id == Self.defaultID ? root : accountsFolder + "/" + id
    }

    /// The ids of the accounts there are: the default one always, then the others in number order.
    package func accountIDs() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: accountsFolder)) ?? []
        let others = names.filter { $0 != Self.defaultID && Self.isValidID($0) && isDirectory(directory(for: $0)) }
        return [Self.defaultID] + others.sorted { number(of: $0) < number(of: $1) }
    }

    /// The active account's id: the marker's, when it names an account that exists, else the default.
    package func activeID() -> String {
        guard let data = FileManager.default.contents(atPath: activeMarkerPath), data.count <= 64,
            let text = String(data: data, encoding: .utf8)
        else { return Self.defaultID }
        let id = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isValidID(id), id == Self.defaultID || isDirectory(directory(for: id)) else {
            return Self.defaultID
        }
        return id
    }

    /// Makes `id` the active account (written atomically).
    /// - Throws: ``SessionStoreError`` when the marker cannot be written; the previous one then stands.
    package func activate(_ id: String) throws(SessionStoreError) {
        guard Self.isValidID(id) else { throw .io(path: activeMarkerPath, reason: "\(id) is not an account id") }
        try StoreDirectory.ensure(root)
        try StoreDirectory.ensure(accountsFolder)
        try AtomicFile.replace(with: Data((id + "\n").utf8), at: activeMarkerPath, directory: accountsFolder)
    }

    /// Creates a new, empty account directory and returns its id (not activated).
    /// - Throws: ``SessionStoreError`` when the directory cannot be made.
    package func createAccount() throws(SessionStoreError) -> String {
        try StoreDirectory.ensure(root)
        try StoreDirectory.ensure(accountsFolder)
        let next = (accountIDs().map(number(of:)).max() ?? 1) + 1
        // mkdir is the claim: two processes adding an account at once get different ids.
        for candidate in next..<(next + 1000) {
            let id = "account-\(candidate)"
            if mkdir(directory(for: id), 0o700) == 0 { return id }
            if errno != EEXIST {
                throw .io(path: directory(for: id), reason: String(cString: strerror(errno)))
            }
        }
        throw .io(path: accountsFolder, reason: "no free account id")
    }

    /// Removes account `id`'s directory (never the default account's, which is the root).
    /// - Throws: ``SessionStoreError`` when it cannot be removed.
    package func removeAccount(_ id: String) throws(SessionStoreError) {
        guard id != Self.defaultID, Self.isValidID(id) else { return }
        let path = directory(for: id)
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw .io(path: path, reason: "the account's directory cannot be removed")
        }
        if activeID() == Self.defaultID, let data = FileManager.default.contents(atPath: activeMarkerPath),
            String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == id
        {
            try activate(Self.defaultID)
        }
    }

    /// What account `id` signed in with, when recorded.
    package func profile(of id: String) -> AccountProfile? {
        let path = directory(for: id) + "/" + AccountProfile.fileName
        guard let data = FileManager.default.contents(atPath: path), data.count <= 64 * 1024 else { return nil }
        return try? JSONDecoder().decode(AccountProfile.self, from: data)
    }

    /// Records what account `id` signed in with.
    /// - Throws: ``SessionStoreError`` when it cannot be written; the previous record then stands.
    package func record(_ profile: AccountProfile, for id: String) throws(SessionStoreError) {
        let directory = directory(for: id)
        try StoreDirectory.ensure(directory)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let data: Data
        do {
            data = try encoder.encode(profile)
        } catch {
            throw .io(path: directory, reason: "the account record cannot be encoded")
        }
        try AtomicFile.replace(with: data, at: directory + "/" + AccountProfile.fileName, directory: directory)
    }

    private func number(of id: String) -> Int {
        id == Self.defaultID ? 1 : Int(id.dropFirst("account-".count)) ?? Int.max
    }

    /// Whether `path` is a directory itself, not a symbolic link to one (`attributesOfItem` does not
    /// follow links).
    private func isDirectory(_ path: String) -> Bool {
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        return type == .typeDirectory
    }
}

/// What an account signed in with: enough to switch to it later without asking again.
package struct AccountProfile: Codable, Sendable, Hashable {
    /// The file, in the account's directory, that holds this record.
    package static let fileName = "account.json"

    /// The username the account signed in as.
    package var username: String
    /// The user pool's id, when the configuration has a user pool.
    package var userPoolId: String?
    /// The app client's id.
    package var appClientId: String?
    /// The configuration file the account signed in with.
    package var configPath: String?
    /// The configuration's section (`--config-section`), when not the default.
    package var configSection: String?

    /// A record of `username` on the given pool and configuration.
    package init(
        username: String, userPoolId: String?, appClientId: String?, configPath: String?, configSection: String?
    ) {
        self.username = username
        self.userPoolId = userPoolId
        self.appClientId = appClientId
        self.configPath = configPath
        self.configSection = configSection
    }

    /// Whether this is `username` on `userPoolId` (usernames compared after Unicode normalisation).
    package func matches(username other: String, userPoolId pool: String?) -> Bool {
        username.precomposedStringWithCanonicalMapping == other.precomposedStringWithCanonicalMapping
            && (pool == nil || userPoolId == nil || pool == userPoolId)
    }
}
