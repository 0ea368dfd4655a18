import Testing

@testable import latchkey

/// ux-3, item 27: the UI's closing hint dropped the options it was started with.
@Suite struct SignInCommandTextTests {
    @Test func theHintCarriesTheGlobalOptionsGiven() {
        #expect(InteractiveEntry.signInCommand(options: [("--config", nil), ("--store", nil)]) == "latchkey sign-in")
        let given: [(String, String?)] = [
            ("--config", "/tmp/c.json"), ("--config-section", nil), ("--store", "/tmp/my store"),
        ]
        #expect(
            InteractiveEntry.signInCommand(options: given)
                == "latchkey sign-in --config /tmp/c.json --store '/tmp/my store'")
        #expect(InteractiveEntry.shellWord("it's") == "'it'\\''s'")
    }
}
