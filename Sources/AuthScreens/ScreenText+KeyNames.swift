import LatchkeyText

/// Sentences that name a key ("Press Esc to start over") hold a placeholder (`{esc}`), filled here from
/// the key's binding, so the key is written once: in its binding.
extension ScreenText {
    /// The text of `key` with the keys it names filled from their bindings, then `values` filled in.
    static func namingKeys(_ key: TextKey, _ values: KeyValuePairs<String, String> = [:]) -> String {
        // A label holds no brace, so the second pass cannot expand what the first filled in.
        Localized.fill(Localized.fill(Localized.text(key), keyNames), values)
    }

    /// The placeholders a sentence may use for a key, and the labels of the bindings that fill them.
    static var keyNames: KeyValuePairs<String, String> {
        func dashboard(_ command: DashboardCommand) -> String {
            DashboardState.keyBindings.binding(command)?.label ?? ""
        }
        return [
            "esc": FormKeys.escape.label, "newCode": FormKeys.newCode.label,
            "copy": AppKeys.binding(.copy).label, "quit": AppKeys.binding(.quit).label,
            // "y/N": the capital marks the answer a key other than `y` gives.
            "yes": AnswerKeys.binding(.yes).label, "defaultNo": AnswerKeys.binding(.no).label.uppercased(),
            "signInAgain": dashboard(.signInAgain), "signOut": dashboard(.signOut), "readMFA": dashboard(.readMFA),
            "verify": ProfileState.keyBindings.binding(.verify)?.label ?? "",
        ]
    }
}
