import AWSMobileClientCompat
import AWSMobileClientTerminalUI
import Foundation
import IntegrationTestSupport
import Testing

/// One SDK-shaped call per row of the DocC migration table (MigratingFromAWSMobileClient.md), in the
/// SDK's own spelling: this file compiling is the check that every row holds. The flows themselves run
/// in PortedAWSMobileClientFlowTests and AWSMobileClientCompatTests against the local backend.
@MainActor
final class MigrationTableRows {
    var log: [String] = []

    // swift-format-ignore
    func everyRow(_ navigationController: UINavigationControllerStandIn) {
        let client = AWSMobileClient.default()
        _ = AWSMobileClient.sharedInstance()
        _ = AWSMobileClient(configuration: ["CognitoUserPool": ["Default": ["PoolId": "p", "AppClientId": "c", "Region": "r"]]])
        client.initialize { (userState, error) in self.log.append("\(String(describing: userState)) \(String(describing: error))") }
        _ = (client.currentUserState, client.isSignedIn, client.isLoggedIn, client.username, client.userSub, client.identityId)
        client.addUserStateListener(self) { (userState, info) in
            self.log.append("\(userState.rawValue) \(info["username"] ?? "") \(info["provider"] ?? "") \(info["token"] != nil)")
        }
        client.removeUserStateListener(self)
        client.signIn(username: "u", password: "p", validationData: ["k": "v"], clientMetaData: ["k": "v"]) { (signInResult, error) in
            if let error = error as? AWSMobileClientError, case .notAuthorized(let message) = error { self.log.append(message) }
            if let signInResult = signInResult {
                switch signInResult.signInState {
                case .signedIn: self.log.append(SignInState.signedIn.rawValue)
                case .smsMFA: self.log.append(signInResult.codeDetails?.destination ?? "")
                case .newPasswordRequired, .customChallenge, .passwordVerifier, .deviceSRPAuth, .devicePasswordVerifier,
                    .adminNoSRPAuth, .unknown:
                    self.log.append(signInResult.parameters.description)
                }
            }
        }
        client.confirmSignIn(challengeResponse: "123456", userAttributes: [:], clientMetaData: [:]) { (result, error) in self.log.append("\(String(describing: result?.signInState))") }
        client.signUp(username: "u", password: "p", userAttributes: ["email": "e"], validationData: [:], clientMetaData: [:]) { (signUpResult, error) in
            if let signUpResult = signUpResult {
                switch signUpResult.signUpConfirmationState {
                case .confirmed: self.log.append(signUpResult.userSub ?? "")
                case .unconfirmed: self.log.append("\(signUpResult.codeDeliveryDetails!.deliveryMedium)")
                case .unknown: self.log.append("unknown")
                }
            } else if let error = error as? AWSMobileClientError, case .usernameExists(let message) = error {
                self.log.append(message)
            }
        }
        client.confirmSignUp(username: "u", confirmationCode: "1", clientMetaData: [:]) { (result, error) in self.log.append("\(String(describing: error))") }
        client.resendSignUpCode(username: "u", clientMetaData: [:]) { (result, error) in self.log.append("\(String(describing: result?.codeDeliveryDetails))") }
        client.forgotPassword(username: "u", clientMetaData: [:]) { (forgotPasswordResult, error) in
            if let forgotPasswordResult = forgotPasswordResult {
                switch forgotPasswordResult.forgotPasswordState {
                case .confirmationCodeSent: self.log.append("\(String(describing: forgotPasswordResult.codeDeliveryDetails?.deliveryMedium))")
                case .done: self.log.append("done")
                }
            }
        }
        client.confirmForgotPassword(username: "u", newPassword: "n", confirmationCode: "1", clientMetaData: [:]) { (result, error) in self.log.append("\(String(describing: error))") }
        client.changePassword(currentPassword: "a", proposedPassword: "b") { (error) in self.log.append("\(String(describing: error))") }
        client.signOut(options: SignOutOptions(signOutGlobally: true, invalidateTokens: true)) { (error) in self.log.append("\(String(describing: error))") }
        client.signOut()
        let completion: TokenCompletion = { (tokens, error) in
            let claims = tokens?.idToken?.claims
            self.log.append("\(claims?["email"] as? String ?? "") \(String(describing: tokens?.expiration)) \(tokens?.accessToken?.tokenString ?? "")")
        }
        client.getTokens(completion)
        client.getIdentityId().continueWith(block: { (task) -> Any? in
            if let error = task.error { self.log.append("\(error)") } else if let result = task.result { self.log.append(String(result)) }
            return nil
        })
        client.credentials().continueWith { (task) -> Any? in
            self.log.append(task.result?.accessKey ?? "")
            return nil
        }
        client.getAWSCredentials { (credentials, error) in
            if let credentials = credentials {
                self.log.append("\(credentials.accessKey) \(credentials.secretKey.count) \(credentials.sessionKey ?? "") \(String(describing: credentials.expiration))")
            }
        }
        client.invalidateCachedTemporaryCredentials()
        client.clearCredentials()
        client.federatedSignIn(providerName: IdentityProvider.google.rawValue, token: "t", federatedSignInOptions: FederatedSignInOptions(cognitoIdentityId: nil, customRoleARN: "arn")) { (userState, error) in self.log.append("\(String(describing: userState))") }
        client.getUserAttributes { (attributes, error) in self.log.append(attributes?["email"] ?? "") }
        client.updateUserAttributes(attributeMap: ["email": "e"], clientMetaData: [:]) { (details, error) in self.log.append("\(details?.count ?? 0)") }
        client.verifyUserAttribute(attributeName: "email", clientMetaData: [:]) { (details, error) in self.log.append(details?.destination ?? "") }
        client.confirmUpdateUserAttributes(attributeName: "email", code: "1") { (error) in self.log.append("\(String(describing: error))") }
        client.confirmVerifyUserAttribute(attributeName: "email", code: "1") { (error) in self.log.append("\(String(describing: error))") }
        client.deleteUser { (error) in self.log.append("\(String(describing: error))") }
        client.deviceOperations.list(limit: 60, paginationToken: nil) { (result, error) in self.log.append("\(result?.devices?.first?.deviceKey ?? "")") }
        client.deviceOperations.get { (device, error) in self.log.append("\(device?.attributes ?? [:])") }
        client.deviceOperations.get(deviceId: "d") { (device, error) in self.log.append("\(String(describing: device?.lastAuthenticatedDate))") }
        client.deviceOperations.updateStatus(remembered: true) { (result, error) in self.log.append("\(result != nil)") }
        client.deviceOperations.updateStatus(deviceId: "d", remembered: false) { (result, error) in self.log.append("\(result != nil)") }
        client.deviceOperations.forget { (error) in self.log.append("\(String(describing: error))") }
        client.deviceOperations.forget(deviceId: "d") { (error) in self.log.append("\(String(describing: error))") }
        client.releaseSignInWait()
        client.clearKeychain()
        AWSMobileClient.updateCognitoService(userPoolConfiguration: AWSServiceConfiguration(region: "eu-west-1"), identityPoolConfiguration: nil)
        client.showSignIn(navigationController: navigationController, signInUIOptions: SignInUIOptions(canCancel: true, disableSignUpButton: false, startWithSignUpScreen: false), hostedUIOptions: HostedUIOptions(scopes: ["openid"], identityProvider: "Google")) { (userState, error) in
            if let error = error as? AWSMobileClientError, case .userCancelledSignIn = error { self.log.append("cancelled") }
        }
        AWSMobileClient.useTerminalSignInUI()
        client.showSignIn(signInUIOptions: SignInUIOptions(), hostedUIOptions: nil) { (userState, error) in self.log.append("\(String(describing: userState))") }
        client.currentUserState = .signedOut
        _ = SignInUIOptions(canCancel: false, logoImage: nil, backgroundColor: nil, secondaryBackgroundColor: nil, primaryColor: nil, disableSignUpButton: false, startWithSignUpScreen: false)
        let region: AWSRegionType = "eu-west-2".aws_regionTypeValue()
        self.log.append(region.regionName ?? AWSRegionType.USEast1.regionName ?? "")
        let configuration = AWSServiceConfiguration(region: .EUWest2, credentialsProvider: AWSMobileClient.default())!
        AWSServiceManager.default().defaultServiceConfiguration = configuration
        let provider: any AWSCredentialsProvider = client
        provider.credentials().continueWith { (task) -> Any? in self.log.append(task.result?.accessKey ?? ""); return nil }
        provider.invalidateCachedTemporaryCredentials()
        let cognito = AWSCognitoCredentialsProvider(regionType: .EUWest2, identityPoolId: "eu-west-2:pool")
        self.log.append(cognito.identityId ?? "")
        cognito.getIdentityId().continueWith { (task) -> Any? in self.log.append(String(describing: task.result)); return nil }
        cognito.credentials().continueWith { (task) -> Any? in self.log.append(task.result?.accessKey ?? ""); return nil }
        cognito.clearCredentials()
        cognito.clearKeychain()
    }
}

/// The navigation controller an SDK call site passes (UIKit's is not on Linux).
@MainActor final class UINavigationControllerStandIn {}
