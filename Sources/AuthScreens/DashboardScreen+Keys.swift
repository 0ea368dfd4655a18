import CognitoAuth
import Foundation
import TerminalKeys

/// The dashboard's keys: calls, refresh, sign-out, and the connectivity probe they start.
extension DashboardState {
    mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        switch key {
        case .character("c"): return startSampleCalls(1)
        case .character("C"): return startSampleCalls(5)
        case .character("r"):
            refresh = .requested(at: now)
            append(ScreenText.refreshRequested)
            return [.run(.dashboard(.forceRefresh))]
        case .character("O"):
            guard signOutRequest == nil, userState != .signedOut else { return [] }
            return [.route(.present(.question(.signOutEverywhere)))]
        case .character("o"):
            guard signOutRequest == nil else { return [] }
            return startSignOut(.local)
        case .character("s"):
            return userState.needsRelogin ? [.route(.present(.relogin))] : []
        case .character("v"): return userState == .signedIn ? [.route(.present(.devices))] : []
        case .character("p"): return userState == .signedIn ? [.route(.present(.profile))] : []
        case .character("y"): return userState == .signedIn ? [.route(.present(.copyToken))] : []
        case .character("a"): return canSwitchAccounts ? [.route(.present(.accounts))] : []
        case .character("m"), .character("e"), .character("E"), .character("t"), .character("T"), .character("x"),
            .character("X"):
            return securityKey(key)
        case .up: log.scrollUp()
        case .down: log.scrollDown()
        case .pageUp: log.scrollUp(10)
        case .pageDown: log.scrollDown(10)
        case .home: log.scrollToTop()
        case .end: log.scrollToBottom()
        default: break
        }
        return []
    }

    mutating func startSignOut(_ scope: SignOutScope) -> [ScreenEffect] {
        signOutRequest = scope
        awaitsOwnSignOut = true
        append(scope == .global ? ScreenText.signingOutEverywhere : ScreenText.signingOut)
        return [.run(.dashboard(.signOut(scope)))]
    }

    private mutating func startSampleCalls(_ count: Int) -> [ScreenEffect] {
        let first = nextSampleCall
        nextSampleCall += count
        for number in first..<(first + count) {
            runningSampleCalls.append(RunningCall(number: number, since: now))
            append(ScreenText.sampleCallStarted(number))
        }
        return [.run(.dashboard(.sampleCalls(first: first, count: count)))]
    }
}
