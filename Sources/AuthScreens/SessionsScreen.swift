import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// One line of the Sessions view, every field ready to show (server text sanitised).
public struct SessionRow: Hashable, Sendable {
    /// The device from the session's user agent ("Latchkey/0.2.0 (Linux)"), or "unknown device".
    public var device: String
    /// "192.0.2.7 · Tokyo, JP": the last address and its place, "-" when the pool says nothing.
    public var address: String
    /// The app client, shortened to its first 8 characters.
    public var client: String
    /// When the session began, "2023-11-14 22:13", or "-".
    public var created: String
    /// The last sign-in or refresh, "2023-11-14 22:13", or "-".
    public var lastActive: String
    /// "tkn1a2b… · TOKEN · client 3abc…": the selected session's details line.
    public var detail: String
    /// Whether it is this terminal's session.
    public var isCurrent: Bool
}

/// Why a Sessions call failed: the pool's session tracking is off, or another failure in a sentence.
public enum SessionsFailure: Error, Hashable, Sendable {
    /// The pool answered `OperationNotEnabledException`: it does not track sessions.
    case trackingOff
    /// Any other failure, as one sanitised sentence.
    case failed(String)

    /// Runs `body`, keeping its value, or the failure in our words (nil when cancelled).
    static func outcome<T: Sendable>(_ body: @Sendable () async throws -> T) async -> Result<T, SessionsFailure>? {
        do {
            return .success(try await body())
        } catch TokenServiceError.sessionTrackingNotEnabled {
            return .failure(.trackingOff)
        } catch let error as TokenServiceError {
            return .failure(.failed(ScreenText.firstSentence(error.description(.current))))
        } catch let error as AuthError {
            return .failure(.failed(ScreenText.shortError(error)))
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(.failed(TerminalText.sanitized(String(describing: type(of: error)))))
        }
    }
}

/// The Sessions view (`S` on the dashboard, or in Profile): the user's sessions on every device and
/// app client as the pool tracks them (ListUserSessions), this terminal's marked, with `x` to revoke
/// another one after a yes/no. It loads on opening, every ``refreshInterval`` and after a revoke.
public struct SessionsState: Equatable, Sendable {
    /// How long after a list arrives the view asks again.
    public static let refreshInterval: TimeInterval = 30
    /// The sessions as last listed.
    public var sessions: [UserSessionInfo] = []
    /// Whether a list has arrived (or failed) at least once.
    public var hasLoaded = false
    /// The request in flight, or nil.
    public var request: SessionsRequest?
    /// The highlighted row, moved with ↑/↓ (or k/j, or a click).
    public var selection = 0
    /// The session whose "Revoke …? y/N" waits for its answer.
    public var confirmingRevoke: UserSessionInfo?
    /// Whether the pool said it does not track sessions (then nothing reloads by itself).
    public var isTrackingOff = false
    /// The last error or refusal, sanitised.
    public var error: String?
    /// The last outcome ("Session revoked: …").
    public var notice: String?
    /// The time as the app's tick last said.
    public var now: Date
    /// When the last list arrived or failed, for the periodic reload.
    public var loadedAt: Date?

    /// Creates the view at `now`, not loading yet.
    public init(now: Date) { self.now = now }

    /// What is running ("Loading sessions…"), or nil.
    public var activity: String? {
        switch request {
        case .load?: return Localized.text(\.sessionsLoading)
        case .revoke?: return Localized.text(\.sessionsRevoking)
        case nil: return nil
        }
    }

    /// The selected session, if any.
    public var selected: UserSessionInfo? { sessions.indices.contains(selection) ? sessions[selection] : nil }

    /// The rows, with times in `timeZone` (the system's local time when nil).
    public func rows(timeZone: TimeZone?) -> [SessionRow] {
        sessions.map { Self.row($0, timeZone: timeZone) }
    }

    /// One session's row.
    static func row(_ session: UserSessionInfo, timeZone: TimeZone?) -> SessionRow {
        func clean(_ text: String?) -> String? {
            text.map { TerminalText.sanitized($0).trimmingCharacters(in: .whitespaces) }.flatMap {
                $0.isEmpty ? nil : $0
            }
        }
        let place = [clean(session.city), clean(session.country)].compactMap { $0 }.joined(separator: ", ")
        let address = [clean(session.lastIPAddress), place.isEmpty ? nil : place].compactMap { $0 }
        let client = clean(session.clientId).map(Self.short) ?? "-"
        return SessionRow(
            device: clean(session.deviceType) ?? Localized.text(\.cliSessionsUnknownDevice),
            address: address.isEmpty ? "-" : address.joined(separator: " · "), client: client,
            created: session.created.map { ScreenText.dateTime($0, timeZone: timeZone) } ?? "-",
            lastActive: session.lastActive.map { ScreenText.dateTime($0, timeZone: timeZone) } ?? "-",
            detail: Localized.format(
                \.sessionsDetail,
                [
                    "id": Self.short(TerminalText.sanitized(session.id)), "type": clean(session.type) ?? "-",
                    "client": clean(session.clientId) ?? "-",
                ]),
            isCurrent: session.isCurrent)
    }

    /// `text`'s first 8 characters and "…" when it is longer.
    static func short(_ text: String) -> String { text.count > 8 ? String(text.prefix(8)) + "…" : text }

    /// The one message under the list, with its kind: the question, else the error, else the notice.
    public var message: (kind: SessionsMessageKind, text: String)? {
        // The selected row and the details above the message name the session asked about.
        if confirmingRevoke != nil { return (.question, ScreenText.namingKeys(\.sessionsConfirmRevoke)) }
        if let error { return (.error, error) }
        if let notice { return (.success, notice) }
        return nil
    }

    /// What fills the list's place instead of rows: tracking off, loading, or no sessions.
    public var placeholder: (kind: SessionsMessageKind, text: String)? {
        if isTrackingOff {
            return (.warning, TokenServiceError.sessionTrackingNotEnabled.description(.current))
        }
        if !hasLoaded { return (.info, Localized.text(\.sessionsLoading)) }
        if sessions.isEmpty && error == nil { return (.info, Localized.text(\.sessionsNone)) }
        return nil
    }
}

/// How a Sessions message is drawn.
public enum SessionsMessageKind: Hashable, Sendable {
    case info, success, warning, error, question
}

/// A Sessions view request: the call to make, and (while it runs) the view's one model of "in flight".
public enum SessionsRequest: Hashable, Sendable {
    /// `listSessions()`; answered by ``SessionsAction/loaded(_:)``.
    case load
    /// `revokeSession(id:revokeAssociated:)` of another session; answered by ``SessionsAction/revoked(_:_:)``.
    case revoke(UserSessionInfo)

    /// Calls `service` and returns the action the answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> SessionsAction? {
        switch self {
        case .load:
            return await SessionsFailure.outcome { try await service.listSessions() }.map { .loaded($0) }
        case .revoke(let session):
            return await SessionsFailure.outcome {
                try await service.revokeSession(id: session.id, revokeAssociated: false)
            }.map { .revoked(session, $0) }
        }
    }
}

/// What happened in the Sessions view.
public enum SessionsAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// The list arrived (or failed).
    case loaded(Result<[UserSessionInfo], SessionsFailure>)
    /// A revoke finished: done, or why not.
    case revoked(UserSessionInfo, Result<Void, SessionsFailure>)
    /// The app's one-second tick: reloads when the list is ``SessionsState/refreshInterval`` old.
    case ticked(Date)
}

extension SessionsState {
    /// The view just opened over `app`'s dashboard: it loads the list.
    package static func opening(over app: AppState) -> (SessionsState, [ScreenEffect]) {
        var state = SessionsState(now: app.now)
        let effects = state.load()
        return (state, effects)
    }

    /// Applies an action and returns the effects (and `.route(.closeModal)` to close).
    package mutating func reduce(_ action: SessionsAction) -> [ScreenEffect] {
        switch action {
        case .keyPressed(let key): return keyPressed(key)
        case .loaded(let result):
            request = nil
            hasLoaded = true
            loadedAt = now
            switch result {
            case .success(let list):
                sessions = list
                isTrackingOff = false
                error = nil
                selection = min(selection, max(0, list.count - 1))
            case .failure(.trackingOff):
                sessions = []
                isTrackingOff = true
                error = nil
            case .failure(.failed(let sentence)):
                error = sentence
            }
            return []
        case .revoked(let session, let result):
            request = nil
            switch result {
            case .success:
                notice = Localized.format(\.sessionsRevoked, ["device": Self.row(session, timeZone: nil).device])
            case .failure(.trackingOff): isTrackingOff = true
            case .failure(.failed(let sentence)): error = sentence
            }
            return load()
        case .ticked(let time):
            now = time
            guard request == nil, confirmingRevoke == nil, !isTrackingOff, let loadedAt,
                time.timeIntervalSince(loadedAt) >= Self.refreshInterval
            else { return [] }
            return load()
        }
    }

    /// Asks for the list again.
    mutating func load() -> [ScreenEffect] {
        request = .load
        return [.run(.sessions(.load))]
    }
}

extension SessionsState: ScreenModel {
    var title: String { Localized.text(\.sessionsTitle) }
    var hasTextField: Bool { false }
    var hintEntries: [HintEntry]? { Self.bindingHints }
    var helpLines: [String]? { Self.helpLines }
    static func action(for key: Key) -> SessionsAction { .keyPressed(key) }
}

// MARK: Keys

/// What a Sessions key does.
enum SessionsCommand: Hashable, CaseIterable {
    case up, down, revoke, reload, back, backByOpeningKey, help, quit
}

extension SessionsState {
    /// The Sessions view's bindings, in the help's order; each key is written here and nowhere else
    /// (`S`, which also closes the view, is the dashboard's key that opens it).
    static var keyBindings: [KeyBinding<SessionsCommand>] {
        [
            KeyBinding(
                .up, [.up, .character("k")], label: "↑", hint: .line(\.sessionsHintsSelect),
                help: .line(\.sessionsHelpSelect)),
            KeyBinding(
                .down, [.down, .character("j")], label: "↓", hint: .sharesLine(separator: "/"),
                help: .sharesLine(separator: " ")),
            KeyBinding(
                .revoke, [.character("x")], hint: .line(\.sessionsHintsRevoke), help: .line(\.sessionsHelpRevoke)),
            KeyBinding(
                .reload, [.character("r")], hint: .line(\.sessionsHintsReload), help: .line(\.sessionsHelpReload)),
            KeyBinding(
                .back, [.escape], label: "Esc", hint: .line(\.sessionsHintsBack), help: .line(\.sessionsHelpBack)),
            KeyBinding(
                .backByOpeningKey, DashboardState.keyBindings.binding(.sessions)?.keys ?? [],
                help: .sharesLineSaying(\.sessionsHelpBackOr)),
            // `?` and `q` are the app's (AppState.keyPressed answers them before the view sees them).
            KeyBinding(.help, AppKeys.help, help: .line(\.sessionsHelpHelp)),
            KeyBinding(.quit, AppKeys.quit, hint: .line(\.sessionsHintsQuit), help: .line(\.sessionsHelpQuit)),
        ]
    }

    /// The hint bar's order, most important first (a narrow bar keeps the first).
    static let hintOrder: [SessionsCommand] = [.up, .revoke, .reload, .back, .quit]

    /// The hint bar's entries, made from ``keyBindings``.
    static var bindingHints: [HintEntry] { keyBindings.hintEntries(order: hintOrder) }

    /// The help overlay's lines, made from ``keyBindings``.
    static var helpLines: [String] { keyBindings.helpLines() }

    /// A key: the answer to "Revoke …?" when it is asked, else the command bound to it.
    mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        if let session = confirmingRevoke {
            confirmingRevoke = nil
            guard key.isCharacter("y") || key.isCharacter("Y") else {
                notice = Localized.text(\.sessionsRevokeCancelled)
                return []
            }
            request = .revoke(session)
            return [.run(.sessions(.revoke(session)))]
        }
        guard let command: SessionsCommand = Self.keyBindings.command(for: key) else { return [] }
        return perform(command)
    }

    /// Does what `command` says.
    mutating func perform(_ command: SessionsCommand) -> [ScreenEffect] {
        switch command {
        case .back, .backByOpeningKey: return [.route(.closeModal)]
        case .up: selection = max(0, selection - 1)
        case .down: selection = min(max(0, sessions.count - 1), selection + 1)
        case .reload:
            guard request == nil else { return [] }
            error = nil
            notice = nil
            return load()
        case .revoke:
            guard request == nil, let session = selected else { return [] }
            notice = nil
            guard !session.isCurrent else {
                // Cognito refuses the caller's own session: say so here, and send nothing.
                let signOut = DashboardState.keyBindings.binding(.signOut)?.label ?? ""
                error = Localized.format(\.sessionsRefuseCurrent, ["key": signOut])
                return []
            }
            error = nil
            confirmingRevoke = session
        // The app answers `?` and `q` (AppState.keyPressed) before a key reaches the view.
        case .help, .quit: break
        }
        return []
    }
}

// MARK: Registered with the app (AppState+Modal.swift lists the case)

extension ModalOpening {
    /// The Sessions view, loading the list.
    package static let sessions = ModalOpening("sessions") { app in
        let (state, effects) = SessionsState.opening(over: app)
        return Opened(modal: .sessions(state), effects: effects)
    }
}

extension AppAction {
    /// An action for the Sessions view.
    package static func sessions(_ action: SessionsAction) -> AppAction { .modal(.sessions(action)) }
}

extension AuthEffect {
    /// The Sessions view's request; its answer comes back to the view.
    package static func sessions(_ request: SessionsRequest) -> AuthEffect { .modal(.sessions(request)) }
}
