import Foundation
import LatchkeyText

/// Several accounts signed in here: the header's account name and the Accounts chooser.
extension ScreenText {
    /// The active account's name in the header, with how many others are signed in here:
    /// "alice", "alice (+1 account)", "alice (+2 accounts)".
    public static func activeAccount(_ name: String, others: [String]) -> String {
        switch others.count {
        case 0: return name
        case 1: return Localized.format(\.activeAccountOne, ["name": name])
        default: return Localized.format(\.activeAccountOther, ["name": name, "count": String(others.count)])
        }
    }
    /// The dashboard's key hint that opens the Accounts chooser: "a accounts".
    public static var hintAccounts: String { dashboardHint(.accounts) ?? "" }
    /// The Accounts chooser's title: "Accounts".
    public static var accountPickerTitle: String { Localized.text(\.accountPickerTitle) }
    /// The Accounts chooser's last row, which opens Sign in for another account.
    public static var addAccountRow: String { Localized.text(\.addAccountRow) }
    /// A row of the Accounts chooser: "bob", "alice (this account)", "demo (pool not recorded)".
    public static func accountRow(_ name: String, detail: String?, isCurrent: Bool) -> String {
        let named = detail.map { Localized.format(\.accountRowDetail, ["name": name, "detail": $0]) } ?? name
        return isCurrent ? Localized.format(\.accountRowCurrent, ["name": named]) : named
    }
    /// The header's account part while nobody is signed in here but others are: "alice still signed
    /// in", "2 accounts still signed in".
    public static func othersSignedIn(_ others: [String]) -> String? {
        switch others.count {
        case 0: return nil
        case 1: return Localized.format(\.othersSignedInOne, ["name": others[0]])
        default: return Localized.format(\.othersSignedInOther, ["count": String(others.count)])
        }
    }
    /// The Sign in form's Cancel link on "Sign in as someone else": "Back to alice".
    public static func backToAccountLink(_ name: String) -> String {
        Localized.format(\.backToAccountLink, ["name": name])
    }
    /// The footer's Esc hint on "Sign in as someone else": "Esc back to alice".
    public static func hintEscBackTo(_ name: String) -> String {
        FormKeys.escape.hint(\.hintEscBackTo, ["name": name]).text
    }
    /// What the host did on the way to this run: "Switched to alice, who is still signed in here."
    public static func switchedAfterSignOut(_ name: String) -> String {
        Localized.format(\.accountsSwitchedAfterSignOut, ["name": name])
    }
    /// The account another process made active, which this UI followed: "alice was made the active account …".
    public static func followedSwitch(_ name: String) -> String {
        Localized.format(\.accountsFollowedSwitch, ["name": name])
    }
    /// This account was signed out elsewhere and another, still signed in, became active: the UI followed it.
    public static func followedSignOut(_ name: String) -> String {
        Localized.format(\.accountsFollowedSignOut, ["name": name])
    }
    /// Another process made `name` active while a form here was in use: said, not followed.
    public static func activeElsewhere(_ name: String) -> String {
        Localized.format(\.accountsActiveElsewhere, ["name": name])
    }
    /// The Accounts chooser's bottom-line key hints.
    public static var accountPickerHints: [String] {
        AccountPickerState.bindingHints.map(\.text)
    }
}
