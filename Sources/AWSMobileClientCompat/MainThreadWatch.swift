import Foundation

/// Delivers a handler to the main actor, unless the main thread is blocked waiting for it.
///
/// A program that blocks the main thread on a semaphore until a handler ran (the SDK runs handlers on
/// a background queue, so such code worked there) would wait forever for a main-actor delivery. So
/// each main-actor delivery is watched: when the main actor has not started it after
/// ``blockedAfter`` while the main thread sat parked in the kernel the whole time (Linux: its state
/// in `/proc/self/task/<pid>/stat` is `S` or `D`; a busy main thread is `R`, an idle run loop starts
/// the job at once), the handler runs on a background queue instead, once, whichever comes first,
/// and a one-time warning names ``AWSMobileClient/completionQueue``.
enum MainThreadWatch {
    /// How long a main-actor delivery may wait on a parked main thread before it runs elsewhere.
    static let blockedAfter: Duration = .milliseconds(200)
    /// How often the watch looks at the main thread, in milliseconds.
    static let pollMilliseconds = 20
    private static let pollInterval: Duration = .milliseconds(pollMilliseconds)

    private static let warned = Locked(false)

    /// Queues `call` for the main actor and watches that it starts.
    static func deliver(_ call: @escaping @Sendable () -> Void) {
        let claimed = Locked(false)
        let claim: @Sendable () -> Bool = {
            claimed.withLock { taken in
                defer { taken = true }
                return !taken
            }
        }
        Task { @MainActor in
            if claim() { call() }
        }
        watch(call, claim: claim, claimed: claimed, parkedFor: .zero)
    }

    /// Looks at the main thread every ``pollMilliseconds`` until the delivery was claimed; runs `call` on
    /// this background queue when the main thread stayed parked for ``blockedAfter``.
    private static func watch(
        _ call: @escaping @Sendable () -> Void, claim: @escaping @Sendable () -> Bool, claimed: Locked<Bool>,
        parkedFor: Duration
    ) {
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(pollMilliseconds)) {
            guard !claimed.withLock({ $0 }) else { return }
            let parked = mainThreadIsParked() ? parkedFor + pollInterval : .zero
            guard parked >= blockedAfter else {
                watch(call, claim: claim, claimed: claimed, parkedFor: parked)
                return
            }
            guard claim() else { return }
            warnOnce()
            call()
        }
    }

    /// Whether the process's main thread is asleep in the kernel (blocked in a wait), as far as the
    /// platform tells: on Linux from `/proc`; elsewhere every look says yes, so a delivery the main
    /// actor leaves unstarted for ``blockedAfter`` runs on a background queue.
    static func mainThreadIsParked() -> Bool {
        #if os(Linux)
            let path = "/proc/self/task/\(getpid())/stat"
            guard let stat = try? String(contentsOfFile: path, encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let state = stat[stat.index(after: close)...].first { $0 != " " }
            return state == "S" || state == "D"
        #else
            return true
        #endif
    }

    /// Says once per process, on standard error, that a handler ran off the main thread because the
    /// main thread was blocked, and how to choose the queue.
    private static func warnOnce() {
        let first = warned.withLock { warned in
            defer { warned = true }
            return !warned
        }
        guard first else { return }
        let message = """
            AWSMobileClientCompat: a completion handler waited for the main thread, which is blocked \
            (a semaphore or another wait on the main thread?). It runs on a background queue instead, as \
            AWSMobileClient's handlers do. Set AWSMobileClient.completionQueue (for example to \
            DispatchQueue.global()) to choose where handlers run and skip this wait; a Swift 6 \
            @MainActor handler must not be waited for on the main thread.

            """
        FileHandle.standardError.write(Data(message.utf8))
    }
}
