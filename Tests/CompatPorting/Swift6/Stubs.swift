// Stand-ins for the UIKit, AVFoundation, Combine, Amplify and app types the ported files use
// (none of them exists on Linux). Nothing here touches AWSMobileClient: every AWSMobileClient call in
// the ported files goes to AWSMobileClientCompat. See SOURCES.md.

import AWSMobileClientCompat
import Foundation

// MARK: UIKit / AVFoundation

open class UIResponder {}
public protocol UIApplicationDelegate: AnyObject {}
public final class UIApplication {
    public struct LaunchOptionsKey: Hashable { public let rawValue: String }
}
/// As UIKit's: main-actor isolated, so a subclass's handlers run on the main actor.
@MainActor open class UIViewController {
    public var navigationController: UINavigationController? = UINavigationController()
    public init() {}
    open func viewDidLoad() {}
}
@MainActor open class UINavigationController {
    public init() {}
    @discardableResult public func popViewController(animated: Bool) -> UIViewController? { nil }
}

public final class AVAudioSession {
    public enum Category { case playback }
    public enum PortOverride { case speaker }
    public static func sharedInstance() -> AVAudioSession { AVAudioSession() }
    public func setCategory(_ category: Category) throws {}
    public func overrideOutputAudioPort(_ port: PortOverride) throws {}
    public func setActive(_ active: Bool) throws {}
}

// MARK: Combine / SwiftUI

public protocol ObservableObject: AnyObject {}
public struct ObjectWillChangePublisher { public func send() {} }
extension ObservableObject {
    public var objectWillChange: ObjectWillChangePublisher { ObjectWillChangePublisher() }
}
@propertyWrapper public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

// MARK: Amplify (the adapter's plugin types)

protocol AWSMobileClientBehavior {}
struct AWSCognitoUserPoolTokens {
    let idToken: String
    let accessToken: String
    let refreshToken: String
}
// Safe: no stored state of its own (the stand-in for Amplify's subclass).
class AmplifyAWSServiceConfiguration: AWSServiceConfiguration, @unchecked Sendable {}
enum AuthPluginErrorConstants {
    static let mobileClientInitializeError = (errorDescription: "initialize failed", recoverySuggestion: "check it")
}

/// Amplify's `AuthError` (the adapter) and AuthLibrarySPM's (`awsError`, `unknown`) in one enum.
public enum AuthError: Error {
    case configuration(String, String, Error? = nil)
    case awsError(AWSMobileClientError)
    case unknown
}

public protocol AuthServiceProtocol {
    func signUp(username: String, password: String, attributes: [String: String], completion: @escaping (Result<SignUpConfirmationState, AuthError>) -> Void)
    func confirmSignUp(username: String, confirmationCode: String, completion: @escaping (Result<Void, AuthError>) -> Void)
    func signIn(username: String, password: String, completion: @escaping (Result<SignInState, AuthError>) -> Void)
    func signOut(completion: @escaping (Result<Void, AuthError>) -> Void)
    func checkUserState(completion: @escaping (Result<UserState, AuthError>) -> Void)
    func getIdToken(completion: @escaping (Result<String, AuthError>) -> Void)
}

// MARK: The Clearkeep app's own types (AppSync client, HUD, navigation)

public enum ConfirmationScreen {
    public enum ConfirmationType { case signin, signup }
}
public enum MessageKind { case failed, success }
public enum MessageUtils {
    // Unsafe on purpose: a stand-in for an app's HUD; the flow tests read it only after the handler ran.
    nonisolated(unsafe) public static var shown: [String] = []
    public static func showMess(type: MessageKind, string: String) { shown.append(string) }
    public static func showErrorMessage(error: Error) { shown.append("\(error)") }
}
public enum CachePolicy { case fetchIgnoringCacheData }
public struct GetUserQuery {
    public struct Data {
        public struct GetUser { public init(jsonObject: [String: Any]) throws {} }
        public var getUser: GetUser?
    }
    public init(id: String) {}
}
public struct CreateUserInput { public init(username: String) {} }
public struct CreateUserMutation {
    public struct Data {
        public struct CreateUser { public var jsonObject: [String: Any] }
        public var createUser: CreateUser?
    }
    public init(input: CreateUserInput) {}
}
public struct GraphQLResult<Data> { public var data: Data? }
public final class AppSyncClient {
    public func fetch(
        query: GetUserQuery, cachePolicy: CachePolicy,
        resultHandler: @escaping (GraphQLResult<GetUserQuery.Data>?, Error?) -> Void
    ) { resultHandler(GraphQLResult(data: GetUserQuery.Data(getUser: nil)), nil) }
    public func perform(
        mutation: CreateUserMutation, resultHandler: @escaping (GraphQLResult<CreateUserMutation.Data>?, Error?) -> Void
    ) { resultHandler(GraphQLResult(data: nil), nil) }
}
public enum Utils {
    // Unsafe on purpose, as the app's own global: a stand-in that nothing in the tests writes.
    nonisolated(unsafe) public static var appSyncClient: AppSyncClient? = nil
    public static func showProgressHub() {}
    public static func hideProgressHub() {}
}
public final class Session {
    // Unsafe on purpose, as the app's singleton: a stand-in the tests never read concurrently.
    nonisolated(unsafe) public static let shared = Session()
    public var meData: GetUserQuery.Data.GetUser?
    public var lastCredential: (String, String)?
    public func logout() {}
}
public enum Switcher {
    // Unsafe on purpose, as the app's navigation state: a stand-in the tests never read concurrently.
    nonisolated(unsafe) public static var loggedIn: Bool?
    public static func updateRootVC(logined: Bool) { loggedIn = logined }
}
