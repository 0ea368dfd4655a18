import Foundation
import TerminalKit

/// The last few QR codes the app encoded, by the text they hold.
///
/// Encoding picks the mask by scoring all eight candidates, which costs milliseconds a symbol; the
/// set-up and browser screens are redrawn on every tick and key, always for the same URI, so the
/// app encodes each URI once and draws the cached symbol afterwards.
final class QRCodeCache: @unchecked Sendable {
    // @unchecked Sendable: `entries` is only read and written while `lock` is held, and the cached
    // values are immutable `Sendable` structs.
    private let lock = NSLock()
    private var entries: [(text: String, code: QRCode?)] = []
    private let capacity: Int

    /// The cache the app's views share.
    static let shared = QRCodeCache(capacity: 4)

    /// Creates an empty cache that keeps the `capacity` most recently used codes.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The code for `text`: the cached one, or the one `encode` makes (cached too, nil included).
    func code(for text: String, encode: (String) -> QRCode?) -> QRCode? {
        lock.lock()
        if let index = entries.firstIndex(where: { $0.text == text }) {
            let entry = entries.remove(at: index)
            entries.append(entry)
            lock.unlock()
            return entry.code
        }
        lock.unlock()
        let code = encode(text)
        lock.lock()
        defer { lock.unlock() }
        entries.removeAll { $0.text == text }
        entries.append((text, code))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        return code
    }
}
