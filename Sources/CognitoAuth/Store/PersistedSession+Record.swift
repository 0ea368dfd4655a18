import Foundation

/// The stored form of a session, one for every store (the file, the keyring and the start-up read):
/// JSON with sorted keys and dates in seconds since 1970.
extension PersistedSession {
    /// The session `data` holds, or nil when it is not a valid session record.
    static func decoded(from data: Data) -> PersistedSession? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try? decoder.decode(PersistedSession.self, from: data)
    }

    /// The record to store, or nil when the session cannot be encoded.
    func encodedRecord() -> Data? {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(self)
    }
}
