import Foundation

/// What completion handlers and listeners report, with a way to wait until it holds something: they
/// run on their own queues and actors, apart from the test's task.
package final class AwaitableLog<Element: Sendable>: @unchecked Sendable {
    // Safe: `elements` and `waiting` are only touched under `lock`; continuations resume outside it.
    private let lock = NSLock()
    private var elements: [Element] = []
    private var waiting: [(holds: @Sendable ([Element]) -> Bool, continuation: CheckedContinuation<[Element], Never>)] =
        []

    /// An empty log.
    package init() {}

    /// Adds `element` and wakes the waits it satisfies.
    package func append(_ element: Element) {
        let (ready, snapshot) = lock.withLock { () -> ([CheckedContinuation<[Element], Never>], [Element]) in
            elements.append(element)
            let snapshot = elements
            let ready = waiting.filter { $0.holds(snapshot) }.map(\.continuation)
            waiting.removeAll { $0.holds(snapshot) }
            return (ready, snapshot)
        }
        for continuation in ready { continuation.resume(returning: snapshot) }
    }

    /// Everything so far.
    package var values: [Element] { lock.withLock { elements } }

    /// Returns the log once `holds` is true of it.
    @discardableResult
    package func until(_ holds: @escaping @Sendable ([Element]) -> Bool) async -> [Element] {
        await withCheckedContinuation { continuation in
            let now = lock.withLock { () -> [Element]? in
                if holds(elements) { return elements }
                waiting.append((holds, continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }
}
