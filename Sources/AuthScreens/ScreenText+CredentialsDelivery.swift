import LatchkeyText

extension ScreenText {
    /// The label of the row under the AWS credentials naming the `exec` commands and endpoints using them.
    public static var credentialsUsersLabel: String { Localized.text(\.credentialsUsersLabel) }
    /// That row's value: "2: exec aws (pid 12), serve-credentials (pid 13)".
    public static func credentialsUsers(_ count: Int, names: [String]) -> String {
        Localized.format(\.credentialsUsers, ["count": "\(count)", "names": names.joined(separator: ", ")])
    }
    /// The event log's line for hand-outs: "AWS credentials to exec aws (pid 12): key …WXYZ, expires 14:05",
    /// with "3 times, last" before "key" when there were several since the last look.
    public static func credentialsHandedOut(to name: String, count: Int, keyHint: String, expiry: String) -> String {
        count > 1
            ? Localized.format(
                \.credentialsHandedOutTimes, ["name": name, "count": "\(count)", "hint": keyHint, "expiry": expiry])
            : Localized.format(\.credentialsHandedOut, ["name": name, "hint": keyHint, "expiry": expiry])
    }
}
