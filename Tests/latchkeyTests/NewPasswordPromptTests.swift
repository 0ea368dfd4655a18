import AuthScreens
import Testing

@testable import latchkey

/// ux-3, item 21: on a terminal a new password is asked twice, and a refused or mismatched one is asked
/// for again (sign-up exited 1 on a weak password at the first try).
@Suite struct NewPasswordPromptTests {
    /// Runs ``PasswordInput/askNew(policy:ask:tell:)`` on `answers`; the password or the error, and what it said.
    static func run(_ answers: [String]) -> (Result<String, any Error>, told: [String], asked: Int) {
        var queue = answers[...]
        var told: [String] = []
        var asked = 0
        let result = Result {
            try PasswordInput.askNew(
                policy: PasswordPolicy(requiresSymbol: false),
                ask: { _ in
                    asked += 1
                    return queue.popFirst() ?? ""
                },
                tell: { told.append($0) })
        }
        return (result, told, asked)
    }

    @Test func aWeakPasswordIsAskedForAgain() throws {
        let (result, told, asked) = Self.run(["abc", "Abcdefg1", "Abcdefg1"])
        #expect(try result.get() == "Abcdefg1")
        #expect(asked == 3)
        #expect(told.count == 1)
        #expect(told.first?.contains("2 tries left") == true, "\(told)")
    }

    @Test func twoDifferentPasswordsAreAskedForAgain() throws {
        let (result, told, _) = Self.run(["Abcdefg1", "Abcdefg2", "Abcdefg1", "Abcdefg1"])
        #expect(try result.get() == "Abcdefg1")
        #expect(told == ["✖ The two passwords differ. Try again (2 tries left), or press Ctrl-C."])
    }

    @Test func threeRefusalsEndTheCommandWithExit1() {
        let (result, told, _) = Self.run(["a", "b", "c"])
        guard case .failure(let error as CLIFailure) = result else {
            Issue.record("expected a CLIFailure, got \(result)")
            return
        }
        #expect(error.code == 1)
        #expect(told.count == 2)
    }
}
