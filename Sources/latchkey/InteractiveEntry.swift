import CognitoAuth
import Foundation

/// What `latchkey` does with a terminal: the plain line-prompt sign-in (the full-screen UI plugs in here).
enum InteractiveEntry {
    static func run(client: AuthClient, plain: Bool, prefilledUsername: String?) async throws {
        if await client.userState == .signedIn {
            print("Already signed in as \(await client.username ?? "?"). See `latchkey status`.")
            return
        }
        let suggested = await client.username ?? prefilledUsername
        let typed = try CLIOutput.ask("Username\(suggested.map { " [\($0)]" } ?? ""): ")
        let username = typed.isEmpty ? (suggested ?? "") : typed
        let password = try CLIOutput.secret(prompt: "Password: ")
        try await PlainSignIn.run(client: client, username: username, password: password)
    }
}
