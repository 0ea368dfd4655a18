import CognitoAuth
import Foundation
import TerminalKeys

// The passkey ceremony screen is a layer of its own, over every other view: a ceremony starts from Sign in, the
// method choice and the re-login prompt (before the dashboard, where the registry's modals cannot be) as well
// as from the Passkeys view over the dashboard. It opens when the bridge says a ceremony started, takes every key
// while it shows, and closes when the ceremony succeeds or when the person closes its failure.

extension AppState {
    /// An event from the ceremony's bridge.
    mutating func reducePasskeyCeremony(_ event: PasskeyCeremonyEvent) -> [AuthEffect] {
        if case .started = event {
            // Opened unasked: keys typed before it was drawn were meant for the view under it.
            unaskedOpenings += 1
        }
        var ceremony = passkeyCeremony ?? PasskeyCeremonyState(kind: .get)
        if passkeyCeremony == nil {
            switch event {
            case .started, .prompt, .pinRequested: break
            // An end with no screen (closed already): nothing to say.
            case .ended: return []
            }
        }
        passkeyCeremony = ceremony.receive(event) ? ceremony : nil
        if case .ended(let failure?) = event {
            dashboard.append(ScreenText.passkeyCeremonyLog(failure))
        }
        return []
    }

    /// A key while the ceremony screen shows: it takes every key (Ctrl-C excepted, which quits).
    mutating func passkeyCeremonyKeyPressed(_ key: Key) -> [AuthEffect] {
        guard var ceremony = passkeyCeremony else { return [] }
        guard let effects = ceremony.keyPressed(key) else {
            passkeyCeremony = nil
            return []
        }
        passkeyCeremony = ceremony
        return effects
    }
}
