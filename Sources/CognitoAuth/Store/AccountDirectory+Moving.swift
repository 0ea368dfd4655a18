import Foundation

extension AccountDirectory {
    /// Keeps one account per user after a sign-in to account `id` whose user another account already
    /// holds: the session moves there, replacing that account's older session of the same user (as
    /// signing in to it again would), that account becomes the active one, and `id` is emptied and
    /// removed (the default account, the root, is emptied only).
    ///
    /// This is how a sign-in whose username was not known beforehand (the hosted UI, the UI's "Sign
    /// in as someone else") still "uses that account". The other account's remembered device, owed
    /// revocation and identity id stay when the new session brings none. Nothing moves unless `id`
    /// holds a signed-in session; `account.json` of `id` should be recorded first (its pool decides
    /// which accounts hold the same user).
    /// - Returns: the account that holds the sign-in now (`id` when nothing moved).
    /// - Throws: ``SessionStoreError`` when the session cannot be read or written; the target's
    ///   stored session is then unchanged, and so is `id`'s.
    package func settleSignIn(of id: String, environment: [String: String]) throws(SessionStoreError) -> String {
        let all = summaries(environment: environment)
        guard let target = Self.otherHolder(of: id, among: all) else { return id }
        let source = try store(of: id, environment: environment)
        guard var session = try source.load(), session.state == .signedIn, let username = session.username else {
            return id
        }
        let destination = try store(of: target.id, environment: environment)
        if let previous = try? destination.load() {
            if session.device == nil, previous.username == username { session.device = previous.device }
            if session.pendingRevocation == nil { session.pendingRevocation = previous.pendingRevocation }
            if session.identityId == nil, previous.username == username {
                session.identityId = previous.identityId
                session.identityIssuer = previous.identityIssuer
            }
        }
        try destination.save(session)
        if let profile = profile(of: id) { try record(profile, for: target.id) }
        if activeID() == id { try activate(target.id) }
        // The copy is stored: the duplicate goes. Were this to fail, the user is in two accounts again
        // (`switch` then asks which), never in none.
        _ = try? source.save(nil)
        if id == Self.defaultID {
            try? FileManager.default.removeItem(atPath: directory(for: id) + "/" + AccountProfile.fileName)
        } else {
            try? removeAccount(id)
        }
        return target.id
    }

    /// The session store of account `id`, chosen as every command chooses it.
    func store(of id: String, environment: [String: String]) throws(SessionStoreError) -> any SessionStore {
        do {
            return try SessionStoreSelection.make(directory: directory(for: id), environment: environment).store
        } catch {
            throw .io(path: directory(for: id), reason: error.description)
        }
    }
}
