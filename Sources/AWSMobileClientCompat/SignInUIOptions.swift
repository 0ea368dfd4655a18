import Foundation

/// The drop-in UI's options, as AWSMobileClient's `SignInUIOptions`, with the SDK's initialiser.
///
/// The UIKit values (`logoImage` and the colours) are taken as `Any?`, so a port that passes its own
/// `UIImage` / `UIColor` (or stand-ins for them) compiles; a terminal draws neither, so they are kept
/// for the app to read back and otherwise unused.
public final class SignInUIOptions: @unchecked Sendable {
    // Safe: every property is `let`; the `Any?` values are never read by this library, only handed
    // back to the app that stored them.
    /// Whether the user may leave without signing in (the call then fails with `userCancelledSignIn`).
    public let canCancel: Bool
    /// The logo the SDK shows on the sign-in screen (not drawn in a terminal).
    public let logoImage: Any?
    /// The sign-in screen's background colour (not drawn in a terminal).
    public let backgroundColor: Any?
    /// The bottom panel's background colour (not drawn in a terminal).
    public let secondaryBackgroundColor: Any?
    /// The highlight colour of buttons and links (not drawn in a terminal).
    public let primaryColor: Any?
    /// Hides the sign-up entry.
    public let disableSignUpButton: Bool
    /// Opens on the sign-up screen instead of the sign-in screen.
    public let startWithSignUpScreen: Bool

    /// Options for the drop-in UI, with the SDK's parameters, order and defaults.
    public init(
        canCancel: Bool = false, logoImage: Any? = nil, backgroundColor: Any? = nil,
        secondaryBackgroundColor: Any? = nil, primaryColor: Any? = nil, disableSignUpButton: Bool = false,
        startWithSignUpScreen: Bool = false
    ) {
        self.canCancel = canCancel
        self.logoImage = logoImage
        self.backgroundColor = backgroundColor
        self.secondaryBackgroundColor = secondaryBackgroundColor
        self.primaryColor = primaryColor
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
