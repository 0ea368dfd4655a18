import CognitoAuth
import Foundation
import LatchkeyText

/// Runs the view models: holds ``AppState``, executes effects against an ``AuthClientService``, feeds
/// results and auth events back in as actions, and tells the renderer when to redraw.
///
/// Everything happens on the main actor; service calls run in child tasks and come back as
/// actions. One form request runs at a time and `.cancelRequest` drops its result; sample calls
/// run side by side.
@MainActor
public final class AuthScreensRuntime {
    /// How the UI ended.
    public enum Exit: Hashable, Sendable {
        /// The user quit (Ctrl-C, `q`).
        case quit
        /// The user cancelled sign-in (``AuthUIOptions/canCancel``).
        case cancelled
        /// The user chose another account, by ``AccountChoice/id``, from the Accounts chooser or by
        /// cancelling "Sign in as someone else" (nil: sign in as someone else).
        case switchAccount(String?)
        /// The account rules apply (a sign-out while another account is signed in here, a sign-in as
        /// a user another account holds): the host applies them and starts the UI again, saying
        /// `notice` there (what a hosted-UI sign-out said about the browser's session) when there is one,
        /// and showing `signOutURL` (the hosted UI's sign-out page, not opened here) with Ctrl-Y to copy it.
        case handOver(notice: String?, signOutURL: String?)
        /// Another process made this account (by ``AccountChoice/id``) the active one: the host starts
        /// the UI again on it (the rule for which account is active: the UI follows, never undoes it).
        case followActiveAccount(String)
    }

    /// The app's current state; changed only by the runtime (its reducer, and the status line of
    /// ``followActiveAccount()``).
    public internal(set) var state: AppState
    /// Called after every change, for the renderer to redraw.
    public var onChange: (@MainActor (AppState) -> Void)?
    /// Called once when the user quits or cancels.
    public var onExit: (@MainActor (Exit) -> Void)?
    /// Hands text to the terminal's clipboard; returns false when it has none. The terminal app
    /// sets it; without it, copying a token says the terminal cannot receive it.
    public var onCopy: (@MainActor (String) -> CopyDestination?)?
    /// How the UI ended, once it has.
    public private(set) var exit: Exit?
    /// Opens a URL in a browser; returns false when there is none here (no display, an SSH session).
    /// The terminal app sets it; without it, a browser sign-in shows the URL to open elsewhere.
    public var openURL: (@MainActor (URL) -> Bool)?
    /// The `ssh -L` line for a loopback port (the terminal app sets it from the user and host name).
    public var tunnelLine: (@MainActor (Int) -> String)?

    /// The browser sign-in under way: its request and its loopback listener.
    private var hostedUIRequest: HostedUISignInRequest?
    private var hostedUIListener: LoopbackRedirectListener?
    private var hostedUISerial = 0

    private let service: any AuthClientService
    /// The app's time: what ``tick(now:)`` and every action read, and what the 1-second tick sleeps on
    /// (a manual clock in tests, so no test waits for a countdown).
    public let clock: any AuthClock
    private var eventTask: Task<Void, Never>?
    /// The passkey ceremonies' bridge (``attachPasskeys(_:)``) and the task reading its events.
    private var passkeyBridge: PasskeyCeremonyBridge?
    private var passkeyTask: Task<Void, Never>?
    private var tickTask: Task<Void, Never>?
    private var requestTask: Task<Void, Never>?
    /// Identifies the latest form request, so an older one finishing does not clear the newer one.
    private var requestSerial = 0
    private var tasks: [UInt64: Task<Void, Never>] = [:]
    /// The active account last seen in ``AuthUIOptions/accountsRoot`` (see ``followActiveAccount()``).
    var seenActiveAccount: String?
    private var nextTaskID: UInt64 = 0

    /// Creates a runtime on `clock`; call ``start()`` to subscribe to the service's events.
    public init(
        service: any AuthClientService, options: AuthUIOptions = AuthUIOptions(), timeZone: TimeZone? = nil,
        clock: any AuthClock = SystemAuthClock()
    ) {
        self.service = service
        self.clock = clock
        self.state = AppState(options: options, now: clock.now(), timeZone: timeZone)
        adoptRefreshMargin()
        seenActiveAccount = activeAccount()
    }

    /// Creates a runtime around an existing state (for tests and restarts).
    public init(service: any AuthClientService, state: AppState, clock: any AuthClock = SystemAuthClock()) {
        self.service = service
        self.clock = clock
        self.state = state
        adoptRefreshMargin()
        seenActiveAccount = activeAccount()
    }

    /// The dashboard refreshes the tokens when the client would: with the service's own margin.
    private func adoptRefreshMargin() {
        state.dashboard.refreshMargin = service.refreshMargin
        // The AWS credentials too, when there is an identity pool to renew them from.
        state.dashboard.awsRenewal.isEnabled = service.configuration.identityPool != nil
        state.dashboard.awsRenewal.margin = service.credentialsMargin
    }

    /// Subscribes to the service's events, then loads the pending calls and connectivity.
    public func start() {
        guard eventTask == nil else { return }
        let service = self.service
        eventTask = Task { [weak self] in
            let stream = await service.events()
            let calls = await service.pendingCalls
            let connectivity = await service.connectivity
            self?.send(.sessionEvent(.connectivityChanged(connectivity)))
            self?.send(.sessionEvent(.pendingCallsChanged(calls.map(WaitingCall.init))))
            for await event in stream {
                guard let self else { return }
                let translated = SessionEvent(event)
                self.send(.sessionEvent(translated))
                if translated.changesSession {
                    let session = await service.session
                    self.send(.sessionLoaded(session.map(SessionSummary.init)))
                }
            }
        }
    }

    /// Shows the passkey ceremonies of `bridge` (the one the client's authenticator was wrapped with) on the
    /// ceremony screen, in the order they happen, and sends the screen's answers (the PIN, Esc) back to it.
    public func attachPasskeys(_ bridge: PasskeyCeremonyBridge) {
        passkeyTask?.cancel()
        passkeyBridge = bridge
        passkeyTask = Task { [weak self] in
            for await event in bridge.events {
                guard let self else { return }
                self.send(.passkeyCeremony(event))
            }
        }
    }

    /// Calls ``tick(now:)`` every `interval` of ``clock`` until ``stop()`` (the dashboard's 1-second refresh).
    public func startTicking(every interval: Duration = .seconds(1)) {
        tickTask?.cancel()
        let clock = self.clock
        tickTask = Task { [weak self] in
            while !Task.isCancelled {
                do { try await clock.sleep(for: interval) } catch { return }
                guard !Task.isCancelled, let self else { return }
                self.tick()
            }
        }
    }

    /// Stops listening and ticking, and cancels every running task.
    public func stop() {
        endHostedUI()
        eventTask?.cancel()
        eventTask = nil
        passkeyBridge?.cancel()
        passkeyTask?.cancel()
        passkeyTask = nil
        tickTask?.cancel()
        tickTask = nil
        requestTask?.cancel()
        requestTask = nil
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
    }

    /// Applies an action, runs its effects and notifies ``onChange``.
    public func send(_ action: AppAction) {
        if case .tick = action {} else { state.now = clock.now() }
        let effects = state.reduce(action)
        onChange?(state)
        for effect in effects { run(effect) }
    }

    /// The 1-second dashboard refresh; it also adopts another process's writes to the store.
    public func tick(now: Date? = nil) {
        send(.tick(now: now ?? clock.now()))
        let service = self.service
        spawn { [weak self] in
            await service.syncWithStore()
            // Another process may have renewed the tokens or AWS credentials (an `exec` serving them):
            // the rows show what the store holds, so they are never red while it holds fresh ones.
            guard let stored = await service.session else { return }
            self?.adoptRenewedSession(SessionSummary(stored))
        }
        if let directory = state.options.credentialsRegistryDirectory {
            // A directory listing of a few small files: the `exec` children and endpoints on this session.
            let users = CredentialsEndpointRegistry(storeDirectory: directory).live().map(CredentialsUser.init)
            if users != state.dashboard.credentialsUsers { send(.sessionEvent(.credentialsUsersChanged(users))) }
        }
        followActiveAccount()
        // The demo's mailbox: a code the local backend "sent" is said on whatever screen is showing.
        for entry in state.options.demoMailbox?.newEntries() ?? [] {
            state.statusMessage = entry.logLine
            state.dashboard.append(entry.logLine)
            onChange?(state)
        }
    }

    /// Shows `stored` when it holds other expiries than the dashboard shows for the same signed-in user.
    private func adoptRenewedSession(_ stored: SessionSummary) {
        let shown = state.dashboard.session
        guard state.dashboard.userState == .signedIn, let shown, shown.username == stored.username,
            shown.awsCredentialsExpiration != stored.awsCredentialsExpiration
                || shown.awsCredentialsFetchedAt != stored.awsCredentialsFetchedAt
                || shown.accessTokenExpiration != stored.accessTokenExpiration
                || shown.identityId != stored.identityId
        else { return }
        send(.sessionLoaded(stored))
    }

    /// Tells the view models whether the terminal is below the minimum size.
    public func setTerminalTooSmall(_ tooSmall: Bool) {
        guard tooSmall != state.isTerminalTooSmall else { return }
        send(.terminalSizeChanged(tooSmall: tooSmall))
    }

    /// Waits until every effect task started so far (and any they started) has finished.
    ///
    /// Sample calls waiting for sign-in keep this waiting until they are resumed or released.
    package func settle() async {
        while let (id, task) = tasks.first {
            await task.value
            tasks.removeValue(forKey: id)
        }
    }

    /// How many effect tasks are running.
    var runningTaskCount: Int { tasks.count }

    // MARK: Effects

    /// Runs one effect: the service calls through ``AuthEffect/perform(on:)`` (form requests one at
    /// a time), and what needs the terminal or the runtime itself here.
    private func run(_ effect: AuthEffect) {
        let service = self.service
        switch effect.execution {
        case .formRequest:
            request { await effect.perform(on: service) }
        case .background:
            for part in effect.concurrentParts {
                spawn { [weak self] in
                    guard let action = await part.perform(on: service) else { return }
                    self?.send(action)
                }
            }
        case .runtime:
            runHere(effect)
        }
    }

    /// The effects that need the browser, the clipboard, the redirect listener or the runtime's own state.
    private func runHere(_ effect: AuthEffect) {
        switch effect {
        case .startHostedUISignIn(let provider):
            startHostedUI(provider: provider)
        case .completeHostedUISignIn(let pasted):
            guard let hostedUIRequest else { return }
            let serial = hostedUISerial
            let service = self.service
            spawn { [weak self] in
                guard
                    let result = await AuthEffect.outcome({
                        try await service.completeHostedUISignIn(
                            hostedUIRequest, pasted: pasted.value, replacingSession: false)
                    })
                else { return }
                self?.hostedUIFinished(result, serial: serial)
            }
        case .cancelHostedUISignIn:
            endHostedUI()
        case .openHostedUILogout(let logout):
            let opened = openURL?(logout) ?? false
            send(.hostedUISignedOut(logoutURL: logout.absoluteString, browserOpened: opened))
        case .cancelRequest:
            requestTask?.cancel()
            requestTask = nil
        case .cancelPasskeyCeremony:
            passkeyBridge?.cancel()
        case .answerPasskeyPIN(let pin):
            passkeyBridge?.answerPIN(pin.value)
        case .copy(let text, let copied):
            copy(text, as: copied)
        case .quit:
            finish(.quit)
        case .switchAccount(let id):
            finish(.switchAccount(id))
        case .handOver:
            // After a sign-out the reducer returns the hosted UI's logout page first, so its notice goes along.
            finish(.handOver(notice: state.handOverNotice, signOutURL: state.handOverSignOutURL))
        case .dismiss:
            finish(.cancelled)
        case .screen, .dashboard, .totpEnrolment, .modal, .session:
            // The features' requests: ``run(_:)`` hands them to `perform(on:)`.
            break
        }
    }

    /// Begins a browser sign-in: the URL first, then ``hostedUIBegan(_:provider:serial:)``.
    private func startHostedUI(provider: String) {
        endHostedUI()
        hostedUISerial += 1
        let serial = hostedUISerial
        let service = self.service
        spawn { [weak self] in
            guard let result = await AuthEffect.outcome({ try await service.beginHostedUISignIn(provider: provider) }),
                let self, self.hostedUISerial == serial
            else { return }
            switch result {
            case .success(let request): self.hostedUIBegan(request, provider: provider, serial: serial)
            case .failure(let error): self.send(.signIn(.hostedUIStarted(.failure(error))))
            }
        }
    }

    func finish(_ reason: Exit) {
        guard exit == nil else { return }
        exit = reason
        onExit?(reason)
    }

    /// Runs the form request, replacing (and cancelling) any earlier one; a cancelled request's result is dropped.
    private func request(_ body: @escaping @MainActor () async -> AppAction?) {
        requestTask?.cancel()
        requestSerial += 1
        let serial = requestSerial
        requestTask = spawn { [weak self] in
            let action = await body()
            guard !Task.isCancelled, let self else { return }
            if self.requestSerial == serial { self.requestTask = nil }
            if let action { self.send(action) }
        }
    }

    /// The URL is ready: a browser opened where there is one, the listener started, the screen told.
    private func hostedUIBegan(_ request: HostedUISignInRequest, provider: String, serial: Int) {
        hostedUIRequest = request
        var tunnel: String?
        if request.loopbackPort != nil {
            do {
                let listener = try LoopbackRedirectListener(request: request)
                hostedUIListener = listener
                tunnel = tunnelLine?(listener.port)
                let service = self.service
                spawn { [weak self] in
                    guard let callback = await listener.callback() else { return }
                    guard
                        let result = await AuthEffect.outcome({
                            try await service.completeHostedUISignIn(
                                request, callback: callback, replacingSession: false)
                        })
                    else { return }
                    self?.hostedUIFinished(result, serial: serial)
                }
            } catch {
                // The port is taken: pasting still works.
            }
        }
        let opened = openURL?(request.authorizeURL) ?? false
        let wait = HostedUIWait(
            provider: provider, url: request.authorizeURL.absoluteString, browserOpened: opened, tunnelLine: tunnel)
        send(.signIn(.hostedUIStarted(.success(wait))))
    }

    private func hostedUIFinished(_ result: Result<Void, AuthError>, serial: Int) {
        guard serial == hostedUISerial, hostedUIRequest != nil else { return }
        if case .success = result { endHostedUI() }
        send(.signIn(.signInFinished(result.map { SignInStep.done })))
    }

    /// Closes the listener and forgets the request.
    private func endHostedUI() {
        hostedUIListener?.stop()
        hostedUIListener = nil
        hostedUIRequest = nil
        hostedUISerial += 1
    }

    /// Hands `text` (a token, or a URI the screen draws but a terminal selection would break) to the
    /// clipboard, as a task; the result comes back as `tokenCopied`, never the text itself.
    private func copy(_ text: SecretText, as copied: CopiedToken) {
        spawn { [weak self] in
            guard let self else { return }
            let destination = self.onCopy?(text.value) ?? nil
            let unsupported: String
            switch copied {
            case .id, .access: unsupported = ScreenText.copyTokenUnsupported
            case .totpURI: unsupported = ScreenText.copyTOTPURIUnsupported
            case .signInURL: unsupported = Localized.text(\.copySignInURLUnsupported)
            case .signOutURL: unsupported = Localized.text(\.copySignOutURLUnsupported)
            }
            self.send(
                .tokenCopied(
                    copied,
                    destination.map { .success(CopyReceipt(characters: text.value.count, destination: $0)) }
                        ?? .failure(.unsupported(type: "clipboard", message: unsupported))))
        }
    }

    @discardableResult
    private func spawn(_ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        nextTaskID += 1
        let id = nextTaskID
        let task = Task { [weak self] in
            await body()
            self?.tasks.removeValue(forKey: id)
        }
        tasks[id] = task
        return task
    }
}
