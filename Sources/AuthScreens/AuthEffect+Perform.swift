import CognitoAuth
import Foundation

extension AuthEffect {
    /// How the runtime runs an effect.
    enum Execution: Hashable, Sendable {
        /// A form's request: one at a time, a newer one replacing an older, Esc (`cancelRequest`) dropping it.
        case formRequest
        /// A call that runs beside the others (dashboard, Devices, Profile, session reads).
        case background
        /// Work only the runtime can do: the browser, the clipboard, the redirect listener, cancelling, ending the UI.
        case runtime
    }

    /// How the runtime runs this effect; ``perform(on:)`` does the work of the first two kinds.
    var execution: Execution {
        switch self {
        case .screen, .totpEnrolment(.verifyTOTPSetup):
            return .formRequest
        case .modal(let request):
            return request.execution
        case .totpEnrolment(.setUpTOTP), .dashboard, .session:
            return .background
        case .startHostedUISignIn, .completeHostedUISignIn, .cancelHostedUISignIn, .openHostedUILogout,
            .cancelRequest, .cancelPasskeyCeremony, .answerPasskeyPIN, .copy, .quit, .switchAccount, .handOver,
            .dismiss:
            return .runtime
        }
    }

    /// The effects to run side by side for this one: each sample call is a task of its own.
    var concurrentParts: [AuthEffect] {
        guard case .dashboard(let request) = self else { return [self] }
        return request.concurrentParts.map(AuthEffect.dashboard)
    }

    /// Calls `service` for this effect through its feature's request, and returns the action its
    /// answer comes back as.
    ///
    /// Nil when nothing comes back: the call has no answer for the UI (`forceRefresh`...), it was
    /// cancelled (a `CancellationError` is not an auth failure), or the runtime runs the effect
    /// itself (``Execution/runtime``).
    package func perform(on service: some AuthClientService) async -> AppAction? {
        switch self {
        case .screen(let request): return await request.perform(on: service).map(AppAction.screen)
        case .dashboard(let request): return await request.perform(on: service).map(AppAction.dashboard)
        case .totpEnrolment(let request): return await request.perform(on: service).map(AppAction.totpEnrolment)
        case .modal(let request): return await request.perform(on: service).map(AppAction.modal)
        case .session(let request): return await request.perform(on: service)
        case .startHostedUISignIn, .completeHostedUISignIn, .cancelHostedUISignIn, .openHostedUILogout,
            .cancelRequest, .cancelPasskeyCeremony, .answerPasskeyPIN, .copy, .quit, .switchAccount, .handOver,
            .dismiss:
            return nil
        }
    }

    /// A call's result as the UI sees it, or nil when the call was cancelled (then nothing comes back).
    static func outcome<T: Sendable>(_ body: @Sendable () async throws -> T) async -> Result<T, AuthError>? {
        do {
            return .success(try await body())
        } catch let error as AuthError {
            return .failure(error)
        } catch is CancellationError {
            return nil
        } catch {
            return .failure(.service(type: String(describing: type(of: error)), message: "\(error)"))
        }
    }
}
