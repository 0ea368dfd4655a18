extension ScreenText {
    /// The label of the row under the AWS credentials naming the `exec` commands and endpoints using them.
    public static var credentialsUsersLabel: String { Localized.text("credentialsUsersLabel") }
    /// That row's value: "2: exec aws (pid 12), serve-credentials (pid 13)".
    public static func credentialsUsers(_ count: Int, names: [String]) -> String {
        Localized.format("credentialsUsers", ["count": "\(count)", "names": names.joined(separator: ", ")])
    }
    /// The event log's line for one hand-out: "AWS credentials to exec aws (pid 12): key …WXYZ, expires 14:05".
    public static func credentialsHandedOut(to name: String, keyHint: String, expiry: String) -> String {
        Localized.format("credentialsHandedOut", ["name": name, "hint": keyHint, "expiry": expiry])
    }
}
