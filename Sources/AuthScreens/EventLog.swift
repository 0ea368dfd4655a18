import Foundation

/// One line of the dashboard's event log.
public struct LogEntry: Hashable, Sendable {
    /// When the event happened; shown as the entry's time of day.
    public var time: Date
    /// What happened (never a password or a token).
    public var text: String
    /// Orders entries of one kind that finish in the same second (a call's number), if any.
    public var orderKey: Int?

    /// Creates an entry; `orderKey` (a call's number) orders entries that end in the same second.
    public init(time: Date, text: String, orderKey: Int? = nil) {
        self.time = time
        self.text = text
        self.orderKey = orderKey
    }

    /// Entries are equal when they say the same thing at the same time; the order key only
    /// places an entry and is not part of what it says.
    public static func == (lhs: LogEntry, rhs: LogEntry) -> Bool {
        lhs.time == rhs.time && lhs.text == rhs.text
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(time)
        hasher.combine(text)
    }
}

/// The dashboard's scrolling event log: capped, oldest dropped first.
public struct EventLog: Hashable, Sendable {
    /// The entries, oldest first.
    public private(set) var entries: [LogEntry]
    /// The most entries kept.
    public let capacity: Int
    /// How many entries the view is scrolled up from the newest (0 follows the tail).
    public private(set) var scrollOffset: Int

    /// Creates an empty log.
    public init(capacity: Int = 500) {
        self.entries = []
        self.capacity = max(1, capacity)
        self.scrollOffset = 0
    }

    /// Appends an entry, dropping the oldest beyond the capacity; a scrolled view keeps its place.
    ///
    /// With an `orderKey` (a call's number), the entry goes before the entries at its end that
    /// have a larger key and the same second: calls that end together (all cancelled at once)
    /// are listed in their own order, not in the order their tasks happened to finish.
    public mutating func append(_ text: String, at time: Date, orderKey: Int? = nil) {
        var index = entries.count
        if let orderKey {
            let second = time.timeIntervalSinceReferenceDate.rounded(.down)
            while index > 0, let previous = entries[index - 1].orderKey, previous > orderKey,
                entries[index - 1].time.timeIntervalSinceReferenceDate.rounded(.down) == second
            {
                index -= 1
            }
        }
        entries.insert(LogEntry(time: time, text: text, orderKey: orderKey), at: index)
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
        if scrollOffset > 0 { scrollOffset = min(scrollOffset + 1, maxOffset) }
    }

    /// The texts, oldest first (handy in tests).
    public var texts: [String] { entries.map(\.text) }

    /// Scrolls up (towards older entries) by `lines`.
    public mutating func scrollUp(_ lines: Int = 1) { scrollOffset = min(scrollOffset + lines, maxOffset) }
    /// Scrolls down (towards newer entries) by `lines`.
    public mutating func scrollDown(_ lines: Int = 1) { scrollOffset = max(scrollOffset - lines, 0) }
    /// Scrolls to the oldest entry.
    public mutating func scrollToTop() { scrollOffset = maxOffset }
    /// Follows the newest entry again.
    public mutating func scrollToBottom() { scrollOffset = 0 }

    /// The `count` entries visible in a view of that height at the current scroll position, oldest first.
    public func visibleEntries(count: Int) -> ArraySlice<LogEntry> {
        guard count > 0 else { return [] }
        let start = max(0, entries.count - min(scrollOffset, entries.count) - count)
        return entries[start..<min(entries.count, start + count)]
    }

    private var maxOffset: Int { max(0, entries.count - 1) }
}
