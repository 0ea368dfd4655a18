import CognitoAuth
import Foundation

/// What the dashboard has in flight, for the status line's spinner and the calls line: the sample
/// calls that run (not those waiting for a sign-in, which the waiting calls list), a token refresh,
/// and a sign-out.
extension DashboardState {
    /// A sample call that runs: its number and when it started.
    public struct RunningCall: Hashable, Sendable {
        /// The call's number, as in "GetUser #3".
        public var number: Int
        /// When `c` or `C` started it.
        public var since: Date

        /// Creates a running call.
        public init(number: Int, since: Date) {
            self.number = number
            self.since = since
        }
    }

    /// One piece of work in flight: what it is and when it started.
    public struct Work: Hashable, Sendable {
        /// "GetUser #3", "5 GetUser calls" or "token refresh".
        public var name: String
        /// When it started (the oldest call's start for several).
        public var since: Date
    }

    /// What runs now: the sample calls not waiting for a sign-in (one by name, several counted),
    /// then a token refresh.
    public var work: [Work] {
        let waitingForSignIn = Set(pendingCalls.filter { $0.reason == .signIn }.map(\.label))
        let calls = runningSampleCalls.filter { !waitingForSignIn.contains(ScreenText.sampleCallLabel($0.number)) }
        var work: [Work] = []
        if let first = calls.first {
            let name =
                calls.count == 1 ? ScreenText.sampleCallLabel(first.number) : ScreenText.runningSampleCalls(calls.count)
            work.append(Work(name: name, since: calls.map(\.since).min() ?? first.since))
        }
        if isRefreshing, case .requested(let time) = refresh {
            work.append(Work(name: ScreenText.runningTokenRefresh, since: time))
        }
        return work
    }

    /// The calls line while something runs: "Running: GetUser #1 (12 s) · token refresh (1 s)"; nil when nothing does.
    public var workLine: String? {
        let work = self.work
        guard !work.isEmpty else { return nil }
        return ScreenText.running(
            work.map { "\($0.name) (\(TimeFormatting.duration(now.timeIntervalSince($0.since))))" })
    }

    /// The status line's activity beside its spinner: the sign-out, else what runs ("Running: GetUser #1"), else nil.
    var inFlightActivity: String? {
        if signOutRequest != nil { return ScreenText.signingOut }
        let work = self.work
        return work.isEmpty ? nil : ScreenText.running(work.map(\.name))
    }
}
