import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("latchkey demo --codes: the demo's mailbox, read from a running local backend")
    struct DemoMailboxCLITests {
        /// A `LATCHKEY_HOME` whose `Scripts/local-backend` is the checkout's and whose `.latchkey-backend`
        /// is the running backend's state directory, as `latchkey demo` finds them.
        static func demoHome(_ backend: LocalBackend, name: String) throws -> String {
            let home = try Integration.temporaryDirectory(name)
            let manager = FileManager.default
            try manager.createDirectory(atPath: home + "/Scripts", withIntermediateDirectories: true)
            try manager.createSymbolicLink(
                atPath: home + "/Scripts/local-backend",
                withDestinationPath: LocalBackend.repositoryRoot.appendingPathComponent("Scripts/local-backend").path)
            let state = URL(fileURLWithPath: backend.info.configPath).deletingLastPathComponent().path
            try manager.createSymbolicLink(atPath: home + "/.latchkey-backend", withDestinationPath: state)
            return home
        }

        @Test("A sign-up's and a reset's codes are printed as a table and as JSON lines, newest last")
        func codesOfSignUpAndReset() async throws {
            let backend = try await LocalBackend.shared()
            let home = try Self.demoHome(backend, name: "demo-codes")
            let store = try Integration.temporaryDirectory("demo-codes-store")
            let user = await backend.uniqueName("mailbox")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signUp = try await LatchkeyBinary.run(
                ["sign-up", "--username", user, "--email", "\(user)@example.com", "--password-stdin"] + common,
                stdin: Integration.password + "\n")
            #expect(signUp.status == 0, "\(signUp.stderr)")
            let signUpCode = try #require(try await backend.codes(for: user).signUp)
            let confirm = try await LatchkeyBinary.run(
                ["confirm-sign-up", "--username", user, "--code", signUpCode] + common)
            #expect(confirm.status == 0, "\(confirm.stderr)")
            let forgot = try await LatchkeyBinary.run(["forgot-password", "--username", user] + common)
            #expect(forgot.status == 0, "\(forgot.stderr)")
            let resetCode = try #require(try await backend.codes(for: user).forgotPassword)

            let environment = ["LATCHKEY_HOME": home]
            let json = try await LatchkeyBinary.run(["demo", "--codes", "--json"], environment: environment)
            #expect(json.status == 0, "\(json.stderr)")
            let mine = json.stdout.split(separator: "\n").compactMap { JSONValue.parse(Array($0.utf8)) }
                .filter { $0["username"]?.stringValue == user }
            #expect(mine.map { $0["purpose"]?.stringValue } == ["sign-up", "forgot-password"])
            #expect(mine.map { $0["code"]?.stringValue } == [signUpCode, resetCode])
            #expect(mine.allSatisfy { $0["destination"]?.stringValue == "\(user)@example.com" })

            let table = try await LatchkeyBinary.run(["demo", "--codes"], environment: environment)
            #expect(table.status == 0, "\(table.stderr)")
            let lines = table.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("Time") == true, "\(table.stdout)")
            let rows = lines.filter { $0.contains(user) }
            #expect(rows.count == 2)
            #expect(rows.first?.contains(signUpCode) == true && rows.first?.contains("sign-up") == true)
            #expect(rows.last?.contains(resetCode) == true && rows.last?.contains("forgot-password") == true)
        }

        @Test(
            "Without a backend's mailbox, --codes says how to get one (exit 2); --json needs --codes; --stop says what next"
        )
        func noMailbox() async throws {
            let home = try Integration.temporaryDirectory("demo-codes-none")
            try FileManager.default.createDirectory(atPath: home + "/Scripts", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: home + "/Scripts/local-backend",
                withDestinationPath: LocalBackend.repositoryRoot.appendingPathComponent("Scripts/local-backend").path)
            let missing = try await LatchkeyBinary.run(["demo", "--codes"], environment: ["LATCHKEY_HOME": home])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains("latchkey demo"), "\(missing.stderr)")
            let jsonAlone = try await LatchkeyBinary.run(["demo", "--json"], environment: ["LATCHKEY_HOME": home])
            #expect(jsonAlone.status == 2)
            #expect(jsonAlone.stderr.contains("--codes"), "\(jsonAlone.stderr)")
            // ux-3 item 27: after --stop, the next step is said.
            let stop = try await LatchkeyBinary.run(["demo", "--stop"], environment: ["LATCHKEY_HOME": home])
            #expect(stop.status == 0, "\(stop.stderr)")
            #expect(stop.stderr.contains("The demo backend is stopped. Start it again with: latchkey demo"), "\(stop)")
            // Started through the README's Scripts/demo (which sets LATCHKEY_DEMO_COMMAND), the hint names that.
            let fromScript = try await LatchkeyBinary.run(
                ["demo", "--stop"], environment: ["LATCHKEY_HOME": home, "LATCHKEY_DEMO_COMMAND": "Scripts/demo"])
            #expect(
                fromScript.stderr.contains("The demo backend is stopped. Start it again with: Scripts/demo (accounts"),
                "\(fromScript)")
        }
    }
}
