import Foundation
import LatchkeyText

/// Chooses where the session lives: the system keyring when one is usable, else a plain-text file.
///
/// The rule, overridable with `LATCHKEY_STORE=file|keyring`:
/// 1. If the store directory's `session.json` holds a session (anything but a signed-out record, or
///    an unreadable file, which loading then reports), the file store keeps it, so that a session
///    written before a keyring was available is not lost; after sign-out the keyring is used.
/// 2. Else, when `DBUS_SESSION_BUS_ADDRESS` is set and ``KeyringSessionStore/availabilityProblem()``
///    reports nothing (libsecret loads, a Secret Service answers, its default collection is
///    unlocked), the ``KeyringSessionStore``.
/// 3. Else the ``FileSessionStore``, with a warning that says where the file is and that it is
///    plain text. Callers print it early, before any prompt or network call, once per directory
///    (see ``firstTimeWarning(_:directory:)``).
package enum SessionStoreSelection {
    /// Which kind of store holds the session.
    package enum Backend: String, Sendable, Hashable, CaseIterable {
        /// The system keyring (Secret Service).
        case keyring
        /// A file of mode 0600 in a directory of mode 0700.
        case file
    }

    /// Why no store could be chosen: `LATCHKEY_STORE` asked for something that cannot be had.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The message, with the fix.
        package var description: String
    }

    /// The environment variable that forces a backend.
    package static let overrideVariable = "LATCHKEY_STORE"
    /// The marker file, in the store directory, recording that the plain-text warning was shown.
    package static let warningMarkerName = ".plaintext-warning-shown"

    /// Chooses the store for `directory`.
    ///
    /// - Parameters:
    ///   - directory: the store directory (`--store`, else ``FileSessionStore/defaultDirectory(environment:)``).
    ///   - environment: the process environment (`DBUS_SESSION_BUS_ADDRESS`, `LATCHKEY_STORE`).
    ///   - lockTimeout: how long the store waits for another process's lock.
    ///   - keyringProblem: why the keyring is unusable, or nil when it is usable; tests replace it.
    ///   - language: the language of the warning and the failures (English by default).
    /// - Returns: the store, its backend, and the plain-text warning when the file store was chosen.
    /// - Throws: ``Failure`` when `LATCHKEY_STORE` has an unknown value, or is `keyring` and the
    ///   keyring is unusable.
    package static func make(
        directory: String,
        environment: [String: String],
        lockTimeout: Duration = FileSessionStore.defaultLockTimeout,
        keyringProblem: () -> String? = { KeyringSessionStore.availabilityProblem() },
        language: Language = .english
    ) throws(Failure) -> (store: any SessionStore, backend: Backend, warning: String?) {
        let file = FileSessionStore(directory: directory, lockTimeout: lockTimeout)
        let busProblem: String? =
            (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty
            ? Localized.text(\.storeNoSessionBus, in: language) : nil

        switch environment[overrideVariable].map({ $0.lowercased() }) ?? "" {
        case "file":
            return (
                file, .file,
                "latchkey: "
                    + Localized.format(
                        \.storePlainTextChosen, ["path": file.path, "variable": overrideVariable], in: language)
            )
        case "keyring":
            if let problem = busProblem ?? keyringProblem() {
                throw Failure(
                    description: Localized.format(
                        \.storeKeyringUnavailable, ["variable": overrideVariable, "problem": problem], in: language))
            }
            return (KeyringSessionStore(directory: directory, lockTimeout: lockTimeout), .keyring, nil)
        case "", "auto":
            break
        case let other:
            throw Failure(
                description: Localized.format(
                    \.storeUnknownBackend, ["variable": overrideVariable, "value": other], in: language))
        }

        if holdsLiveSession(file) {
            return (
                file, .file,
                "latchkey: " + Localized.format(\.storePlainTextSavedBefore, ["path": file.path], in: language)
            )
        }
        if busProblem == nil, keyringProblem() == nil {
            return (KeyringSessionStore(directory: directory, lockTimeout: lockTimeout), .keyring, nil)
        }
        return (file, .file, plainTextWarning(path: file.path, language))
    }

    /// Whether the file store holds a session worth keeping: anything but a signed-out record. An
    /// unreadable file counts, so that loading it reports the corruption and moves it aside.
    static func holdsLiveSession(_ file: FileSessionStore) -> Bool {
        guard let data = FileManager.default.contents(atPath: file.path) else { return false }
        guard let session = PersistedSession.decoded(from: data) else { return true }
        return session.state != .signedOut
    }

    /// The warning shown when the file store is chosen because no keyring is usable.
    package static func plainTextWarning(path: String, _ language: Language = .english) -> String {
        "latchkey: " + Localized.format(\.storePlainTextNoKeyring, ["path": path], in: language)
    }

    /// Returns `warning` the first time it is asked for `directory`, and nil afterwards.
    ///
    /// The first call writes the marker file ``warningMarkerName`` in `directory` (creating the
    /// directory with mode 0700). When the marker cannot be written the warning is returned every
    /// time, which errs on the side of telling.
    package static func firstTimeWarning(_ warning: String?, directory: String) -> String? {
        guard let warning else { return nil }
        let marker = directory + "/" + warningMarkerName
        if FileManager.default.fileExists(atPath: marker) { return nil }
        do {
            try StoreDirectoryFiles.ensureDirectory(directory)
            try StoreDirectoryFiles.writeAtomically(Data((warning + "\n").utf8), to: marker, directory: directory)
        } catch {
            return warning
        }
        return warning
    }
}
