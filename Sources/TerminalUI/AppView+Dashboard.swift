import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import TerminalKit

extension AppView {
    /// The width of the label column of the session panel.
    static let dashboardLabelWidth = 18
    /// The width of the expiry text before the bar.
    static let expiryTextWidth = 33
    /// The width of an expiry bar, brackets left out, at 80 columns (it grows with the panel).
    static let expiryBarWidth = 10
    /// The narrowest expiry bar drawn (below it the row shows the expiry text alone).
    static let minimumExpiryBarWidth = 6
    /// The widest an expiry bar gets.
    static let maximumExpiryBarWidth = 50
    /// The columns an expiry row keeps at its right end for its hint ("y copy" and a gap), in the
    /// current language, so the bars line up whether a row has a hint or not.
    static var expiryHintRoom: Int { TextWidth.width(of: ScreenText.rowHintCopy) + 2 }
    /// The value of the session's rows between a sign-in and the session being read.
    static var sessionLoading: String { Localized.text(\.uiSessionLoading) }

    /// The width of the expiry bars in a panel whose values have `valueWidth` columns: 10 at
    /// 80 columns, growing with the room right of the expiry text, up to ``maximumExpiryBarWidth``.
    static func expiryBarWidth(valueWidth: Int) -> Int {
        min(maximumExpiryBarWidth, max(expiryBarWidth, valueWidth - expiryTextWidth - 8 - 15))
    }

    /// One row of the session panel.
    enum PanelRow {
        /// A label and a value.
        case text(label: String, value: String, style: CellStyle)
        /// A label, an expiry text and a bar of the remaining lifetime.
        case expiry(label: String, text: String, fraction: Double, style: CellStyle)

        /// The row's label in the session panel's left column.
        var label: String {
            switch self {
            case .text(let label, _, _), .expiry(let label, _, _, _): return label
            }
        }
    }

    /// The session panel's rows: identity, expiries, refresh token, connectivity. No token is
    /// ever shown. The Security row wider than `securityValueWidth` goes on over more rows, broken
    /// between its parts, so no key of it is cut (ux-3, item 13).
    func panelRows(_ dashboard: DashboardState, securityValueWidth: Int = .max) -> [PanelRow] {
        // Signed in, with the session not read yet (the moment after a sign-in): the rows say so
        // rather than "none" beside "signedIn".
        let isLoading = dashboard.userState == .signedIn && dashboard.session == nil
        let none = isLoading ? Self.sessionLoading : ScreenText.none
        let providers = dashboard.session?.activeProviders ?? []
        var rows: [PanelRow] = [
            .text(
                label: ScreenText.stateLabel, value: ScreenText.stateRow(dashboard.userState),
                style: stateStyle(dashboard)),
            .text(
                label: ScreenText.usernameLabel, value: dashboard.username ?? dashboard.session?.username ?? none,
                style: .plain),
            .text(label: ScreenText.authenticatedByLabel, value: dashboard.authenticatedBy, style: .plain),
            .text(
                label: ScreenText.activeProvidersLabel,
                // The view model's own row, so its naming of providers is followed.
                value: dashboard.rows.first { $0.label == ScreenText.activeProvidersLabel }?.value
                    ?? (providers.isEmpty ? none : providers.joined(separator: ", ")),
                style: .plain),
            .text(label: ScreenText.identityIdLabel, value: dashboard.session?.identityId ?? none, style: .plain),
        ]
        // The ID and access tokens say when the dashboard refreshes them ("refreshes 22:55").
        let note = dashboard.tokenRefreshNote
        rows.append(
            expiryRow(dashboard.idToken, dashboard: dashboard, label: ScreenText.idTokenLabel, none: none, note: note))
        rows.append(
            expiryRow(
                dashboard.accessToken, dashboard: dashboard, label: ScreenText.accessTokenLabel, none: none, note: note)
        )
        rows.append(
            .text(
                label: ScreenText.refreshTokenLabel, value: isLoading ? none : dashboard.refreshTokenText,
                style: dashboard.userState.needsRelogin ? CellStyle(.error) : .plain))
        rows.append(
            expiryRow(
                dashboard.awsCredentials, dashboard: dashboard, label: ScreenText.awsCredentialsLabel, none: none,
                note: dashboard.awsCredentialsRenewalNote))
        if let users = dashboard.credentialsUsersRow {
            rows.append(.text(label: users.label, value: users.value, style: .plain))
        }
        rows.append(connectivityRow(dashboard))
        for row in dashboard.poolRows {
            rows.append(.text(label: row.label, value: row.value, style: CellStyle(.dim)))
        }
        // The Security row (`m`): the user's MFA factors, once read.
        for row in dashboard.securityRows {
            for (index, line) in Self.brokenAtSeparators(row.value, width: securityValueWidth).enumerated() {
                rows.append(.text(label: index == 0 ? row.label : "", value: line, style: .plain))
            }
        }
        return rows
    }

    /// `value` in lines of at most `width` columns, broken before its " · " and " — " separators (which
    /// are dropped at a break); one line when it fits or has no separator (a part wider than `width` is
    /// cut when drawn).
    static func brokenAtSeparators(_ value: String, width: Int) -> [String] {
        guard TextWidth.width(of: value) > width else { return [value] }
        var parts: [(separator: String, text: String)] = []
        var rest = Substring(value)
        var separator = ""
        while !rest.isEmpty {
            let next = [" · ", " — "].compactMap { rest.range(of: $0) }.min { $0.lowerBound < $1.lowerBound }
            guard let next else {
                parts.append((separator, String(rest)))
                break
            }
            parts.append((separator, String(rest[..<next.lowerBound])))
            separator = String(rest[next])
            rest = rest[next.upperBound...]
        }
        var lines: [String] = []
        for part in parts {
            if let last = lines.last, TextWidth.width(of: last + part.separator + part.text) <= width {
                lines[lines.count - 1] = last + part.separator + part.text
            } else {
                lines.append(part.text)
            }
        }
        return lines
    }

    private func stateStyle(_ dashboard: DashboardState) -> CellStyle {
        switch dashboard.userState {
        case .signedIn: return CellStyle(.success)
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid: return CellStyle(.error)
        default: return CellStyle(.warning)
        }
    }

    /// An expiry row: "expires 14:32:05, in 42 min", or with `note` (when the tokens are refreshed)
    /// "expires 14:32, refreshes 14:30" in place of the relative time, the bar showing what is left.
    private func expiryRow(
        _ gauge: ExpiryGauge?, dashboard: DashboardState, label: String? = nil, none: String = ScreenText.none,
        note: String? = nil
    ) -> PanelRow {
        guard let gauge else {
            return .text(label: label ?? "", value: none, style: CellStyle(.dim))
        }
        let remaining = gauge.expiration.timeIntervalSince(dashboard.now)
        let clock = dashboard.clock(gauge.expiration)
        // With a note the expiry is to the minute, as the note is, so both fit the text's column.
        let minute = String(clock.prefix(5))
        let text: String
        switch (remaining > 0, note) {
        case (true, let note?): text = Localized.format(\.uiExpiresNote, ["clock": minute, "note": note])
        case (false, let note?): text = Localized.format(\.uiExpiredNote, ["clock": minute, "note": note])
        case (true, nil):
            text = Localized.format(\.uiExpires, ["clock": clock, "duration": TimeFormatting.duration(remaining)])
        case (false, nil):
            text = Localized.format(\.uiExpired, ["clock": clock, "duration": TimeFormatting.duration(-remaining)])
        }
        let style: CellStyle
        if remaining <= 0 {
            style = CellStyle(.error)
        } else if gauge.remainingFraction < 0.1 && note == nil {
            // Near the end with no refresh coming (offline, no refresh token): a warning. With one
            // coming, the end is expected.
            style = CellStyle(.warning)
        } else {
            style = .plain
        }
        return .expiry(label: label ?? gauge.label, text: text, fraction: gauge.remainingFraction, style: style)
    }

    private func connectivityRow(_ dashboard: DashboardState) -> PanelRow {
        switch dashboard.connectivity {
        case .online:
            return .text(
                label: ScreenText.connectivityLabel, value: "✔ " + ScreenText.online, style: CellStyle(.success))
        case .offline(let since, let error):
            let value =
                "✖ "
                + Localized.format(
                    \.uiOfflineSince,
                    [
                        "time": dashboard.clock(since), "relative": TimeFormatting.relative(since, now: dashboard.now),
                        "message": ScreenText.shortError(error),
                    ])
            return .text(label: ScreenText.connectivityLabel, value: value, style: CellStyle(.error))
        }
    }

    /// The header of the waiting calls: "2 calls waiting for sign-in", with the refresh waiters.
    func pendingHeader(_ dashboard: DashboardState) -> String? {
        let signIn = dashboard.callsWaitingForSignIn
        let stepUp = dashboard.callsWaitingForStepUp
        let refresh = dashboard.pendingCalls.count - signIn - stepUp
        func calls(_ count: Int) -> String {
            count == 1 ? Localized.text(\.uiOneCall) : Localized.format(\.uiCalls, ["count": String(count)])
        }
        var parts: [String] = []
        if signIn > 0 { parts.append(Localized.format(\.uiCallsWaitingForSignIn, ["calls": calls(signIn)])) }
        if stepUp > 0 { parts.append(Localized.format(\.uiCallsWaitingForStepUp, ["calls": calls(stepUp)])) }
        if refresh > 0 { parts.append(Localized.format(\.uiCallsWaitingForRefresh, ["calls": calls(refresh)])) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// One waiting call: "GetUser #3  waiting 12 s for sign-in".
    func pendingLine(_ call: WaitingCall, now: Date) -> String {
        let waited = TimeFormatting.duration(now.timeIntervalSince(call.since))
        let key: TextKey =
            switch call.reason {
            case .signIn: \.uiPendingLineSignIn
            case .stepUp: \.uiPendingLineStepUp
            case .refresh: \.uiPendingLineRefresh
            }
        return Localized.format(key, ["call": call.label, "waited": waited])
    }

    /// One line of the calls: the waiting calls' header or one of them, what runs, or "No calls waiting".
    struct CallLine {
        /// The text.
        var text: String
        /// The columns it is indented by (a waiting call under its header).
        var indent: Int
        /// Its style.
        var style: CellStyle
    }

    /// The calls' lines, at most `room`: the waiting calls under their header ("… N more" when they
    /// do not all fit), then what runs ("Running: GetUser #1 (12 s)"); "No calls waiting" when neither.
    func callLines(_ dashboard: DashboardState, room: Int) -> [CallLine] {
        let running = dashboard.workLine.map { CallLine(text: "▸ " + $0, indent: 0, style: CellStyle(.info)) }
        guard let header = pendingHeader(dashboard) else {
            return [running ?? CallLine(text: ScreenText.noCallsWaiting, indent: 0, style: CellStyle(.dim))]
        }
        var lines = [CallLine(text: "⚠ " + header, indent: 0, style: CellStyle(.warning, .bold))]
        let waiting = dashboard.pendingCalls.sorted { $0.id < $1.id }.map { pendingLine($0, now: dashboard.now) }
        let left = max(0, room - lines.count - (running == nil ? 0 : 1))
        let shown =
            waiting.count > left
            ? Array(waiting.prefix(max(0, left - 1))) + [
                "… " + Localized.format(\.uiMore, ["count": String(waiting.count - max(0, left - 1))])
            ] : waiting
        lines += shown.map { CallLine(text: $0, indent: 2, style: .plain) }
        if let running { lines.append(running) }
        return Array(lines.prefix(max(1, room)))
    }

    /// Draws the dashboard: the session panel, the waiting calls and the event log (in two columns
    /// on a wide terminal, see ``drawWideDashboard(_:into:in:)``).
    func drawDashboard(_ dashboard: DashboardState, into grid: inout CellGrid, in body: Rect) {
        if Self.usesWideDashboard(body) { return drawWideDashboard(dashboard, into: &grid, in: body) }
        let rows = panelRows(dashboard, securityValueWidth: body.width - 4 - Self.dashboardLabelWidth)
        let panel = Rect(
            row: body.row, column: body.column, width: body.width, height: min(body.height, rows.count + 2))
        Box(title: ScreenText.dashboardTitle).draw(into: &grid, in: panel)
        let inner = panel.inset(top: 1, left: 2, bottom: 1, right: 2)
        for (index, row) in rows.prefix(inner.height).enumerated() {
            drawPanelRow(
                row, action: dashboard.rowAction(for: row.label), into: &grid, row: inner.row + index, in: inner)
        }
        let logMinimum = 3
        let calls = callLines(dashboard, room: max(1, body.bottom - panel.bottom - logMinimum - 1))
        for (index, line) in calls.enumerated() where panel.bottom + index < body.bottom {
            grid.write(
                line.text, row: panel.bottom + index, column: body.column + 1 + line.indent, style: line.style,
                maxWidth: body.width - 2 - line.indent)
        }
        let next = min(body.bottom, panel.bottom + calls.count)
        drawEventLog(
            dashboard, into: &grid,
            in: Rect(row: next, column: body.column, width: body.width, height: body.bottom - next))
    }

    /// Draws the event log in a box filling `logRect` (the newest entries, long lines wrapped).
    func drawEventLog(_ dashboard: DashboardState, into grid: inout CellGrid, in logRect: Rect) {
        guard logRect.height >= 2 else { return }
        var title = ScreenText.eventLogTitle
        if dashboard.log.scrollOffset > 0 {
            title += Localized.format(\.uiScrolledBack, ["lines": String(dashboard.log.scrollOffset)])
        }
        Box(title: title).draw(into: &grid, in: logRect)
        let logInner = logRect.inset(top: 1, left: 2, bottom: 1, right: 2)
        let entries = dashboard.log.visibleEntries(count: logInner.height).map {
            LogView.Entry(dashboard.logLine($0))
        }
        LogView(entries: Array(entries), wrapsLongLines: true).draw(into: &grid, in: logInner)
    }

    /// Draws a row and, at its right end, its action's hint (clickable: the click presses its keys).
    func drawPanelRow(
        _ row: PanelRow, action: DashboardRowAction?, into grid: inout CellGrid, row line: Int, in inner: Rect
    ) {
        let hintWidth = action.map { TextWidth.width(of: $0.hint) } ?? 0
        let showsHint = action != nil && hintWidth + Self.dashboardLabelWidth + 2 <= inner.width
        // Expiry rows keep the same room at the right whether they have a hint or not, so their bars line up.
        var reserved = showsHint ? hintWidth + 2 : 0
        if case .expiry = row { reserved = max(reserved, Self.expiryHintRoom) }
        if let action, showsHint {
            let hint = KeyHint(action.keyLabel, action.action)
            let column = inner.right - hintWidth
            grid.write(hint.key, row: line, column: column, style: CellStyle(.hintKey))
            grid.write(
                " " + hint.action, row: line, column: column + TextWidth.width(of: hint.key), style: CellStyle(.hint))
            grid.mouseMap.regions.append(
                MouseMap.Region(
                    rect: Rect(row: line, column: column, width: hintWidth, height: 1),
                    target: .keys(action.keys)))
        }
        drawPanelRowValue(row, into: &grid, row: line, in: inner.inset(right: min(reserved, inner.width / 2)))
    }

    private func drawPanelRowValue(_ row: PanelRow, into grid: inout CellGrid, row line: Int, in inner: Rect) {
        let valueColumn = inner.column + Self.dashboardLabelWidth
        let valueWidth = max(0, inner.right - valueColumn)
        switch row {
        case .text(let label, let value, let style):
            grid.write(
                label, row: line, column: inner.column, style: CellStyle(.dim), maxWidth: Self.dashboardLabelWidth - 1)
            grid.write(TextWidth.truncate(value, toWidth: valueWidth), row: line, column: valueColumn, style: style)
        case .expiry(let label, let text, let fraction, let style):
            grid.write(
                label, row: line, column: inner.column, style: CellStyle(.dim), maxWidth: Self.dashboardLabelWidth - 1)
            grid.write(TextWidth.truncate(text, toWidth: valueWidth), row: line, column: valueColumn, style: style)
            let barColumn = valueColumn + Self.expiryTextWidth
            let bar = ProgressBar(ratio: fraction, showsPercent: false)
            // Narrower than usual where a longer hint (in Japanese, "y コピー") takes the room, down to a minimum.
            let barWidth = min(Self.expiryBarWidth(valueWidth: valueWidth), inner.right - barColumn - 7)
            guard barWidth >= Self.minimumExpiryBarWidth else { return }
            grid.write("[", row: line, column: barColumn, style: CellStyle(.dim))
            bar.draw(into: &grid, in: Rect(row: line, column: barColumn + 1, width: barWidth, height: 1))
            grid.write("]", row: line, column: barColumn + 1 + barWidth, style: CellStyle(.dim))
            grid.write(" " + bar.percentText, row: line, column: barColumn + 2 + barWidth, style: style)
        }
    }
}

extension DashboardState: DrawnScreen {
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        var room = body
        if let url = state.pendingSignOutURL, state.modal == nil {
            room = view.drawPendingSignOutURL(url, into: &grid, in: body)
        }
        view.drawDashboard(self, into: &grid, in: room)
        return nil
    }
}
