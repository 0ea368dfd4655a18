import CognitoAuth
import Foundation

/// Line-prompt sign-in: the `sign-in` command, `--plain` mode and the demo without a UI.
enum PlainSignIn {
    /// Signs in, answering challenges from standard input (prompting when it is a terminal).
    static func run(client: AuthClient, username: String, password: String) async throws {
        var step = try await client.signIn(username: username, password: password)
        while true {
            switch step {
            case .done:
                let name = await client.username ?? username
                CLIOutput.info("✔ Signed in as \(name).")
                return
            case .newPasswordRequired(let required):
                CLIOutput.info("A new password is required for this account.")
                let newPassword = try CLIOutput.secret(prompt: "New password: ")
                var attributes: [String: String] = [:]
                for name in required { attributes[name] = try CLIOutput.ask("\(name): ") }
                step = try await client.confirmSignIn(newPassword, attributes: attributes)
            case .smsMFA(let delivery):
                step = try await client.confirmSignIn(try CLIOutput.ask("Code sent in \(delivery.phrase): "))
            case .softwareTokenMFA:
                step = try await client.confirmSignIn(try CLIOutput.ask("Authenticator app code: "))
            case .mfaSetup(let setup):
                CLIOutput.info("Set up an authenticator app with this secret: \(setup.secret)")
                CLIOutput.info("or this URI: \(setup.uri)")
                step = try await client.confirmSignIn(try CLIOutput.ask("Code from the app: "))
            case .selectMFAType(let choices):
                let names = choices.map(\.rawValue).joined(separator: " or ")
                step = try await client.confirmSignIn(try CLIOutput.ask("Choose an MFA method (\(names)): "))
            case .customChallenge(let parameters):
                CLIOutput.info("Custom challenge: \(parameters.keys.sorted().joined(separator: ", "))")
                step = try await client.confirmSignIn(try CLIOutput.ask("Answer: "))
            }
        }
    }
}
