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
    public static var hintAccounts: String { Localized.text(\.hintAccounts) }
    /// The Accounts chooser's title: "Accounts".
    public static var accountPickerTitle: String { Localized.text(\.accountPickerTitle) }
    /// The Accounts chooser's last row, which opens Sign in for another account.
    public static var addAccountRow: String { Localized.text(\.addAccountRow) }
    /// The Accounts chooser's bottom-line key hints.
    public static var accountPickerHints: [String] {
        [\TextCatalog.hintChoose, \.hintEnterSwitch, \.hintEscBack].map(Localized.text)
    }
}
