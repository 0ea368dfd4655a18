import CognitoAuth
import Foundation

extension AppState {
    // MARK: What shows: the modal over the base, written once

    /// The view that has the keys: the modal, else the base.
    var presented: any ScreenPresentation { passkeyCeremony ?? modalModel ?? baseModel }

    /// The verb for the status line while a request runs ("Signing in…"), or nil.
    public var activity: String? {
        if let passkeyCeremony { return passkeyCeremony.activity }
        return modalModel?.activity ?? baseModel.activity
    }

    /// Whether a request runs (the renderer shows a spinner).
    public var isInFlight: Bool { activity != nil }

    /// The status line: the activity, else the status message.
    public var statusLine: String { statusLineActivity ?? statusMessage ?? "" }

    /// The activity the status line shows beside a spinner, or nil when it shows ``statusMessage``.
    ///
    /// A request's activity always wins. A browser sign-in that only waits for its redirect gives way
    /// to a message, so Ctrl-Y's "Copied the sign-in URL…" is seen (the panel above still says that
    /// the browser is awaited).
    public var statusLineActivity: String? {
        if isOnlyAwaitingBrowser, let statusMessage, !statusMessage.isEmpty { return nil }
        return activity
    }

    /// Whether the one thing under way is a browser sign-in waiting for its redirect (no request runs).
    var isOnlyAwaitingBrowser: Bool {
        guard case .signIn(let signIn) = base else { return false }
        return signIn.hostedUI != nil && signIn.request == nil
    }

    /// The session badge for the top line: "✔ Signed in · alice (+1 account)"; with nobody here but
    /// others signed in, "○ Signed out · alice still signed in" (the API's state name is on the dashboard).
    public var badge: String {
        let name = dashboard.username ?? dashboard.session?.username
        let account =
            name.map { ScreenText.activeAccount($0, others: options.otherAccounts) }
            ?? ScreenText.othersSignedIn(options.otherAccounts)
        return ([headline.text] + (account.map { [$0] } ?? [])).joined(separator: " · ")
    }

    /// The header's symbol, words and tone.
    public var headline: SessionHeadline { dashboard.headline }

    /// The title of what has focus (the prompt's when it is open).
    public var title: String { presented.title }

    /// Whether the active view has a text field (then `q` and `?` are typed, not commands).
    public var hasTextField: Bool { presented.hasTextField }

    /// The Ctrl-T hint when a password field has focus, else nil.
    public var revealHint: String? { presented.revealHint?.text }

    /// The key hints for the bottom line, most important first. The renderer shows as many as fit,
    /// then ``helpHint`` when all fit or ``moreHint`` when some were left out.
    public var keyHints: [String] { hintEntries.map(\.text) }

    /// The key hints with the keys a click on each presses (none for a hint that names several keys).
    public var hintEntries: [HintEntry] {
        // On a form, q is a letter of the field: only Ctrl-C quits (a brief resize must not lose it).
        if isTerminalTooSmall { return [AppKeys.quitHint(onForm: hasTextField)] }
        if isHelpVisible { return [AppKeys.closeHelpHint] }
        var hints = passkeyCeremony?.hintEntries ?? modalModel?.hintEntries ?? baseModel.hintEntries ?? []
        if passkeyCeremony == nil, let copy = pendingSignOutURLHint { hints.insert(copy, at: min(2, hints.count)) }
        return hints
    }

    /// The label of the key that quits now: "Ctrl-C" on a form (`q` is typed there), "q" elsewhere.
    public var quitKeyLabel: String { AppKeys.quitHint(onForm: hasTextField).label }

    /// The help key's hint, shown last when every hint fits: "F1 help" on forms (`?` is typed there), "? help" elsewhere.
    public var helpHint: String? {
        if isTerminalTooSmall || isHelpVisible || presented.hidesHelpHint { return nil }
        return helpHintEntry?.text
    }

    /// ``helpHint`` with its key: a click presses `?` (F1 on a form).
    public var helpHintEntry: HintEntry? {
        if isTerminalTooSmall || isHelpVisible || presented.hidesHelpHint { return nil }
        return AppKeys.helpHint(onForm: hasTextField, more: false)
    }

    /// What replaces the hints that do not fit: "F1 more" on forms, "? more" elsewhere.
    public var moreHint: String { moreHintEntry.text }

    /// ``moreHint`` with its key.
    public var moreHintEntry: HintEntry { AppKeys.helpHint(onForm: hasTextField, more: true) }

    /// The key hints joined for one line.
    public var keyHintLine: String {
        (keyHints + (helpHint.map { [$0] } ?? [])).joined(separator: ScreenText.hintSeparator)
    }

    /// The help overlay's lines for the active view.
    public var helpLines: [String] {
        passkeyCeremony?.helpLines ?? modalModel?.helpLines ?? baseModel.helpLines
            ?? (hasTextField ? FormKeys.formHelpLines : FormKeys.choiceHelpLines)
    }
}
