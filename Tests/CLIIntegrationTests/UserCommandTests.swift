import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("latchkey user: show, set, unset, verify, delete against the local backend")
    struct UserCommandTests {
        /// A signed-in store for a new user, and the arguments that point at it.
        static func signedIn(_ backend: LocalBackend) async throws -> (username: String, common: [String]) {
            let username = await backend.uniqueName("usercli")
            try await backend.createUser(username, password: Integration.password)
            let store = try Integration.temporaryDirectory("usercli")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            return (username, common)
        }

        @Test("user show prints the attributes with verification; --json is the full map")
        func show() async throws {
            let backend = try await LocalBackend.shared()
            let (username, common) = try await Self.signedIn(backend)
            let text = try await LatchkeyBinary.run(["user", "show"] + common)
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains("Username: \(username)"))
            #expect(text.stdout.contains("\(username)@example.com  (verified)"))
            let json = try await LatchkeyBinary.run(["user", "show", "--json"] + common)
            let parsed = try #require(JSONValue.parse(Array(json.stdout.utf8)))
            #expect(parsed["username"]?.stringValue == username)
            #expect(parsed["attributes"]?["email_verified"]?.stringValue == "true")
            #expect(parsed["attributes"]?["sub"]?.stringValue?.isEmpty == false)
        }

        @Test("user set changes attributes and names the code for a new email; bad pairs exit 2")
        func setAndVerifyWithCode() async throws {
            let backend = try await LocalBackend.shared()
            let (username, common) = try await Self.signedIn(backend)
            let bad = try await LatchkeyBinary.run(["user", "set", "no-equals-sign"] + common)
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("is not NAME=VALUE"))
            let set = try await LatchkeyBinary.run(
                ["user", "set", "name=Ada Lovelace", "email=new-\(username)@example.com"] + common)
            #expect(set.status == 0, "\(set.stderr)")
            #expect(set.stderr.contains("A code for email was sent"))
            #expect(set.stderr.contains("latchkey user verify email --code CODE"))
            let wrong = try await LatchkeyBinary.run(["user", "verify", "email", "--code", "000000x"] + common)
            #expect(wrong.status == 1)
            let code = try #require(try await backend.attributeCode(for: username, attribute: "email"))
            let verify = try await LatchkeyBinary.run(["user", "verify", "email", "--code", code] + common)
            #expect(verify.status == 0, "\(verify.stderr)")
            let json = try await LatchkeyBinary.run(["user", "show", "--json"] + common)
            let attributes = JSONValue.parse(Array(json.stdout.utf8))?["attributes"]
            #expect(attributes?["name"]?.stringValue == "Ada Lovelace")
            #expect(attributes?["email_verified"]?.stringValue == "true")
            let notVerifiable = try await LatchkeyBinary.run(["user", "verify", "name"] + common)
            #expect(notVerifiable.status == 2)
        }

        @Test("user set checks phone_number as E.164 before sending it (exit 2, nothing changed), as Profile does")
        func setChecksThePhoneNumber() async throws {
            let backend = try await LocalBackend.shared()
            let (_, common) = try await Self.signedIn(backend)
            for bad in ["5551234", "+1 415 555 0100", "+1234567"] {
                let refused = try await LatchkeyBinary.run(["user", "set", "phone_number=\(bad)"] + common)
                #expect(refused.status == 2, "\(bad): \(refused)")
                #expect(refused.stderr.contains("phone_number=\(bad) is not a phone number the pool takes."))
                #expect(
                    refused.stderr.contains("E.164") && refused.stderr.contains("+14155550100"), "\(refused.stderr)")
            }
            let shown = try await LatchkeyBinary.run(["user", "show", "--json"] + common)
            #expect(JSONValue.parse(Array(shown.stdout.utf8))?["attributes"]?["phone_number"] == nil)
            let set = try await LatchkeyBinary.run(["user", "set", "phone_number=+14155550100"] + common)
            #expect(set.status == 0, "\(set.stderr)")
            let after = try await LatchkeyBinary.run(["user", "show", "--json"] + common)
            #expect(
                JSONValue.parse(Array(after.stdout.utf8))?["attributes"]?["phone_number"]?.stringValue == "+14155550100"
            )
        }

        @Test(
            "user unset removes attributes (DeleteUserAttributes); the pool refuses sub (exit 1, nothing removed); NAME=VALUE exits 2"
        )
        func unset() async throws {
            let backend = try await LocalBackend.shared()
            let (_, common) = try await Self.signedIn(backend)
            let set = try await LatchkeyBinary.run(["user", "set", "name=Ada Lovelace", "nickname=ada"] + common)
            #expect(set.status == 0, "\(set.stderr)")
            func attributes() async throws -> JSONValue? {
                let json = try await LatchkeyBinary.run(["user", "show", "--json"] + common)
                return JSONValue.parse(Array(json.stdout.utf8))?["attributes"]
            }
            let assignment = try await LatchkeyBinary.run(["user", "unset", "nickname=ada"] + common)
            #expect(assignment.status == 2)
            #expect(assignment.stderr.contains("is not an attribute name"), "\(assignment.stderr)")
            let none = try await LatchkeyBinary.run(["user", "unset"] + common)
            #expect(none.status == 2)
            let refused = try await LatchkeyBinary.run(["user", "unset", "nickname", "sub"] + common)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("user.sub: The attribute is required"), "\(refused.stderr)")
            #expect(try await attributes()?["nickname"]?.stringValue == "ada")
            let removed = try await LatchkeyBinary.run(["user", "unset", "nickname", "name"] + common)
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(removed.stderr.contains("Removed nickname, name."))
            #expect(removed.stdout.isEmpty)
            let left = try #require(try await attributes())
            #expect(left["nickname"] == nil && left["name"] == nil)
            #expect(left["email"]?.stringValue?.hasSuffix("@example.com") == true)
        }

        @Test("user verify without --code sends a code and reads it from standard input")
        func verifyReadsTheCode() async throws {
            let backend = try await LocalBackend.shared()
            let (username, common) = try await Self.signedIn(backend)
            let url = try #require(LatchkeyBinary.url)
            let child = try ChildProcess.spawn(
                url.path, ["user", "verify", "email"] + common, input: .keptOpen, timeout: .seconds(60))
            defer { child.kill() }
            try await Waiter.until("the code is sent", on: [child.changeSource()]) {
                child.stderrSoFar.contains("A code was sent")
            }
            let code = try #require(try await backend.attributeCode(for: username, attribute: "email"))
            try child.writeInput(code + "\n")
            child.closeInput()
            let outcome = try await child.wait()
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("email verified"))
        }

        @Test("user delete needs --yes without a terminal; with it the account is gone and the store signed out")
        func delete() async throws {
            let backend = try await LocalBackend.shared()
            let (username, common) = try await Self.signedIn(backend)
            let refused = try await LatchkeyBinary.run(["user", "delete"] + common, stdin: username + "\n")
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("--yes"))
            let deleted = try await LatchkeyBinary.run(["user", "delete", "--yes"] + common)
            #expect(deleted.status == 0, "\(deleted.stderr)")
            #expect(deleted.stderr.contains("Deleted the account \(username)"))
            let status = try await LatchkeyBinary.run(["status", "--json"] + common)
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedOut")
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 1)
        }

        @Test(
            "on a terminal, user delete asks for the username: a wrong one deletes nothing, the right one deletes",
            .enabled(if: TmuxSession.canRunApp))
        func deleteAsksOnATerminal() async throws {
            let backend = try await LocalBackend.shared()
            let (username, common) = try await Self.signedIn(backend)
            let binary = try #require(LatchkeyBinary.url)
            let wrong = try TmuxSession(
                [binary.path, "user", "delete"] + common, environment: TerminalApp.baseEnvironment, columns: 200,
                rows: 20, name: "userdel")
            defer { wrong.kill() }
            try await wrong.waitFor("It cannot be undone", "Type the username (\(username)) to confirm:")
            wrong.type(username + "x")
            wrong.press("Enter")
            #expect(try await wrong.waitForExit() == 1)
            #expect(wrong.screen().contains("nothing was deleted"))
            let right = try TmuxSession(
                [binary.path, "user", "delete"] + common, environment: TerminalApp.baseEnvironment, columns: 200,
                rows: 20, name: "userdel2")
            defer { right.kill() }
            try await right.waitFor("Type the username")
            right.type(username)
            right.press("Enter")
            #expect(try await right.waitForExit() == 0)
            #expect(right.screen().contains("Deleted the account \(username)"))
        }
    }
}
