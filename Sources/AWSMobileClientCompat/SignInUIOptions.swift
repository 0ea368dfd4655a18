import Foundation

/// The drop-in UI's options, as AWSMobileClient's `SignInUIOptions`, minus the UIKit ones
/// (`logoImage`, the colours): a terminal has no `UIImage` or `UIColor`.
public final class SignInUIOptions: Sendable {
    /// Whether the user may leave without signing in (the call then fails with `userCancelledSignIn`).
    public let canCancel: Bool
    /// Hides the sign-up entry.
    public let disableSignUpButton: Bool
    /// Opens on the sign-up screen instead of the sign-in screen.
    public let startWithSignUpScreen: Bool

    /// Options for the drop-in UI.
    public init(canCancel: Bool = false, disableSignUpButton: Bool = false, startWithSignUpScreen: Bool = false) {
        self.canCancel = canCancel
        self.disableSignUpButton = disableSignUpButton
        self.startWithSignUpScreen = startWithSignUpScreen
    }
}

/// The hosted UI's options, as AWSMobileClient's `HostedUIOptions`.
///
/// Latchkey's hosted-UI sign-in honours `identityProvider` (mapped as the SDK maps
/// ``IdentityProvider`` raw values to hosted-UI names); the scopes and redirect come from the
/// configuration's `Auth.Default.OAuth` section.
public struct HostedUIOptions: Sendable, Hashable {
    /// The scopes asked for (informational: the configured scopes are sent).
    public let scopes: [String]?
    /// The hosted UI's identity provider (`Google`, `Facebook`, `COGNITO`…).
    public let identityProvider: String?
    /// The provider identifier, when a pool has several of one kind.
    public let idpIdentifier: String?
    /// Skip the identity pool after the hosted-UI sign-in.
    public let disableFederation: Bool
    /// The identity pool's provider name, for a third-party OIDC domain.
    public let federationProviderName: String?
    /// Extra query parameters for `/oauth2/authorize`.
    public let signInURIQueryParameters: [String: String]?
    /// Extra query parameters for `/logout`.
    public let signOutURIQueryParameters: [String: String]?
    /// Ask for a private browser session.
    public let signInPrivateSession: Bool

    /// Options for a hosted-UI sign-in, with the SDK's parameters and defaults.
    public init(
        disableFederation: Bool = false, scopes: [String]? = nil, identityProvider: String? = nil,
        idpIdentifier: String? = nil, federationProviderName: String? = nil,
        signInURIQueryParameters: [String: String]? = nil, signOutURIQueryParameters: [String: String]? = nil,
        signInPrivateSession: Bool = false
    ) {
        self.disableFederation = disableFederation
        self.scopes = scopes
        self.identityProvider = identityProvider.map { IdentityProvider(rawValue: $0)?.hostedUIName ?? $0 }
        self.idpIdentifier = idpIdentifier
        self.federationProviderName = federationProviderName
        self.signInURIQueryParameters = signInURIQueryParameters
        self.signOutURIQueryParameters = signOutURIQueryParameters
        self.signInPrivateSession = signInPrivateSession
    }
}

/// The identity providers' logins keys, as AWSMobileClient's `IdentityProvider`.
public enum IdentityProvider: String, Sendable, Hashable, CaseIterable {
    /// Facebook.
    case facebook = "graph.facebook.com"
    /// Google.
    case google = "accounts.google.com"
    /// Twitter.
    case twitter = "api.twitter.com"
    /// Login with Amazon.
    case amazon = "www.amazon.com"
    /// Developer-authenticated identities.
    case developer = "cognito-identity.amazonaws.com"
    /// Sign in with Apple.
    case apple = "appleid.apple.com"

    /// The provider's name in the hosted UI, when it has one there.
    var hostedUIName: String? {
        switch self {
        case .facebook: return "Facebook"
        case .google: return "Google"
        case .amazon: return "LoginWithAmazon"
        case .apple: return "SignInWithApple"
        case .twitter, .developer: return nil
        }
    }
}

/// A service's endpoint settings, as AWSCore's `AWSServiceConfiguration` is used by
/// ``AWSMobileClient/updateCognitoService(userPoolConfiguration:identityPoolConfiguration:)``.
open class AWSServiceConfiguration: @unchecked Sendable {
    // Safe: both properties are `let`; subclasses (the SDK's pattern) add what they need.
    /// The region, such as `eu-west-1` (nil: the configuration file's).
    public let region: String?
    /// The endpoint to send the service's requests to (nil: the region's).
    public let endpoint: URL?

    /// A configuration with an optional region and endpoint.
    public init(region: String? = nil, endpoint: URL? = nil) {
        self.region = region
        self.endpoint = endpoint
    }
}
