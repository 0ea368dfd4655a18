import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// A Profile request for the runtime, as data (secrets as ``SecretText``).
public enum ProfileRequest: Hashable, Sendable {
    /// Reads the attributes with `userAttributes()`; answered by `ProfileAction.loaded`.
    case load
    /// Saves one attribute with `updateUserAttributes([name: value])`; answered by `ProfileAction.updated`.
    case update(name: String, value: String)
    /// Sends a verification code with `sendAttributeVerificationCode(_:)`; answered by `ProfileAction.codeSent`.
    case sendCode(name: String)
    /// Checks a code with `verifyUserAttribute(_:code:)`; answered by `ProfileAction.verified`.
    case verify(name: String, code: String)
    /// Changes the password with `changePassword(current:proposed:)`; answered by `ProfileAction.passwordChanged`.
    case changePassword(current: SecretText, proposed: SecretText)
    /// `deleteUser()` for `username` (named in the outcome); `ProfileAction.deleted`.
    case deleteAccount(username: String)
    /// Removes one attribute with `deleteUserAttributes([name])`; answered by `ProfileAction.removed`.
    case remove(name: String)

    /// This request as the view keeps it while it runs (without the secrets it carries).
    public var inFlight: ProfileState.Request {
        switch self {
        case .load: return .load
        case .update(let name, _): return .update(name: name)
        case .sendCode: return .sendCode
        case .verify(let name, _): return .verify(name: name)
        case .changePassword: return .changePassword
        case .deleteAccount: return .deleteAccount
        case .remove(let name): return .remove(name: name)
        }
    }

    /// Calls `service` for this request and returns the action its answer comes back as (nil when cancelled).
    func perform(on service: some AuthClientService) async -> ProfileAction? {
        switch self {
        case .load:
            return await AuthEffect.outcome { try await service.userAttributes() }.map { .loaded($0) }
        case .update(let name, let value):
            return await AuthEffect.outcome { try await service.updateUserAttributes([name: value]) }
                .map { .updated(name: name, $0) }
        case .sendCode(let name):
            return await AuthEffect.outcome { try await service.sendAttributeVerificationCode(name) }
                .map { .codeSent(name: name, $0) }
        case .verify(let name, let code):
            return await AuthEffect.outcome { try await service.verifyUserAttribute(name, code: code) }
                .map { .verified(name: name, $0) }
        case .changePassword(let current, let proposed):
            return await AuthEffect.outcome {
                try await service.changePassword(current: current.value, proposed: proposed.value)
            }.map { .passwordChanged($0) }
        case .deleteAccount(let username):
            return await AuthEffect.outcome { try await service.deleteUser() }.map { .deleted(username: username, $0) }
        case .remove(let name):
            return await AuthEffect.outcome { try await service.deleteUserAttributes([name]) }
                .map { .removed(name: name, $0) }
        }
    }
}
