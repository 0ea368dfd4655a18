import Testing

@testable import latchkey

/// ux-3, item 27: the UI's closing hint dropped the options it was started with.
@Suite struct SignInCommandTextTests {
    @Test func theHintCarriesTheGlobalOptionsGiven() throws {
        let plain = try GlobalOptions.parse([])
        #expect(InteractiveEntry.signInCommand(plain) == "latchkey sign-in")
        let given = try GlobalOptions.parse(["--config", "/tmp/c.json", "--store", "/tmp/my store"])
        #expect(
            InteractiveEntry.signInCommand(given) == "latchkey sign-in --config /tmp/c.json --store '/tmp/my store'")
        #expect(InteractiveEntry.shellWord("it's") == "'it'\\''s'")
    }
}
