// TokenExample: the library without the UI.
//
//   swift run TokenExample --config PATH --username NAME < password
//
// Signs in (SRP), prints who is signed in and a few claims, then, when the configuration has an
// identity pool, gets AWS credentials through the credentials provider. The session is kept in a
// store of its own (./.token-example-store), so running it again signs in only when it must.
import AWSSigV4
import CognitoAuth
import Foundation

func argument(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("TokenExample: \(message)\n".utf8))
    exit(1)
}

let environment = ProcessInfo.processInfo.environment
let configPath = argument("--config") ?? AuthConfiguration.locate(explicitPath: nil, environment: environment)
guard let username = argument("--username") else { fail("pass --username NAME (and the password on stdin)") }

do {
    let configuration = try AuthConfiguration.load(path: configPath, section: nil, environment: environment)
    let store = FileSessionStore(directory: FileManager.default.currentDirectoryPath + "/.token-example-store")
    let client = AuthClient(configuration: configuration, store: store)
    if await client.initialize() != .signedIn {
        guard let password = readLine(strippingNewline: true), !password.isEmpty else {
            fail("expected the password on standard input")
        }
        switch try await client.signIn(username: username, password: password) {
        case .done: break
        case let step: fail("this example stops at the \(step.name) challenge; try `latchkey sign-in`")
        }
    }
    let user = try await client.currentUser()
    let tokens = try await client.getTokens()
    let claims = tokens.idTokenClaims
    print("signed in as \(user.username) (sub \(user.userId))")
    print("email: \(claims.email ?? "-"), verified: \(claims.emailVerified.map(String.init) ?? "-")")
    print("groups: \(claims.groups.joined(separator: ", "))")
    print("id token expires \(tokens.idTokenExpiration)")
    if configuration.identityPool != nil {
        let credentials = try await client.credentialsProvider().signingCredentials()
        print("AWS credentials: \(credentials)")  // the secret and the session token are masked
    }
} catch {
    fail("\(error)")
}
