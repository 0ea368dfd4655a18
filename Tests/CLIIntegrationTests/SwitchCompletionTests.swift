import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests.AccountsCLITests {
    /// ux-3, item 22: `latchkey switch <Tab><Tab>` offered no account names. The completion scripts call
    /// `latchkey ---completion switch -- positional@0 …` with the words typed; the answer is one name a line.
    @Test("switch's completion lists the signed-in accounts of the store the typed words name")
    func switchCompletesAccountNames() async throws {
        let (_, alice, bob, store, common) = try await Self.twoUsers("alice", "bob", store: "switch-completion")
        for user in [alice, bob] {
            let signIn = try await Self.signIn(user, Integration.password, common)
            #expect(signIn.status == 0, "\(signIn.stderr)")
        }
        let words = ["latchkey", "switch", "--store", store, ""]
        let completion = try await LatchkeyBinary.run(
            ["---completion", "switch", "--", "positional@0", String(words.count - 1), "0"] + words)
        let names = completion.stdout.split(separator: "\n").map(String.init)
        #expect(names.contains(alice) && names.contains(bob), "\(completion)")
    }
}
