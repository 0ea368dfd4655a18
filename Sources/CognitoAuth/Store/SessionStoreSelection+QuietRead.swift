import Foundation

extension SessionStoreSelection {
    /// The session the file store holds for `directory`, read only when choosing and loading the
    /// store would do nothing but read it; nil otherwise.
    ///
    /// For a start-up path that answers only when there is nothing to say (`latchkey token` with
    /// fresh tokens), and otherwise leaves everything to ``make(directory:environment:lockTimeout:keyringProblem:language:)``
    /// and ``FileSessionStore/load()``. Nil, with nothing written, moved or printed, when:
    /// - `LATCHKEY_STORE` is set to anything but `file` or `auto` (an error, or the keyring);
    /// - the plain-text warning has not been shown for `directory` yet (``firstTimeWarning(_:directory:)``
    ///   would print it and write its marker);
    /// - the file can be read by others (mode 0644), or the directory or the file is unsafe or unreadable,
    ///   the file is absent, too large or not a
    ///   valid session record (loading reports it, and moves a corrupt file aside).
    ///
    /// A signed-out record is returned as it is: it holds no tokens, so a caller asking for cached
    /// tokens falls back to the ordinary path, which may choose the keyring instead.
    public static func quietFileSession(directory: String, environment: [String: String]) -> PersistedSession? {
        switch environment[overrideVariable].map({ $0.lowercased() }) ?? "" {
        case "", "auto", "file": break
        default: return nil
        }
        guard FileManager.default.fileExists(atPath: directory + "/" + warningMarkerName) else { return nil }
        let file = FileSessionStore(directory: directory)
        // A file others can read is for the ordinary path, which makes it private and says so.
        guard let mode = StoreDirectory.mode(of: file.path), mode & 0o077 == 0 else { return nil }
        guard (try? StoreDirectory.checkExisting(directory)) != nil,
            case .contents(let data)? = try? StoreDirectory.readRegularFile(
                file.path, cap: FileSessionStore.maximumSize),
            !data.isEmpty, data.count <= FileSessionStore.maximumSize
        else { return nil }
        return PersistedSession.decoded(from: data)
    }
}
