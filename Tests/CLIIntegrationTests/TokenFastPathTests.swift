import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// `latchkey token` answered at start-up from fresh cached tokens (`TokenFastPath`, no ArgumentParser
/// and no Swift concurrency) prints and says what the ordinary command does, and leaves everything
/// else to it. None of these needs the local backend: the configuration points at a closed port.
@Suite("token's start-up fast path", .serialized, .timeLimit(.minutes(3)))
struct TokenFastPathTests {
    /// The run's environment: the file store, no debug logging from the caller's shell.
    static func run(_ arguments: [String]) async throws -> LatchkeyBinary.Output {
        try await LatchkeyBinary.run(arguments, environment: ["LATCHKEY_STORE": "file"], removing: ["LATCHKEY_DEBUG"])
    }

    @Test("A cached token is the ordinary path's, and the store's first-time warning still comes, once")
    func sameAnswerAsTheOrdinaryPath() async throws {
        let (store, config) = try BadInputCLITests.signedInStore("fastpath")
        let common = ["--config", config, "--store", store]

        // The plain-text warning has not been shown for this store: the fast path must not answer
        // silently, and the ordinary path prints it (and records that it did).
        let first = try await Self.run(["token"] + common)
        #expect(first.status == 0, "\(first)")
        #expect(first.stderr.contains("plain text"), "\(first.stderr)")
        #expect(first.stdout.hasPrefix("eyJ") && first.stdout.hasSuffix("\n"), "\(first.stdout)")

        let cached = try await Self.run(["token"] + common)
        #expect(cached.status == 0, "\(cached)")
        #expect(cached.stderr.isEmpty, "\(cached.stderr)")
        #expect(cached.stdout == first.stdout)

        // --debug is always the ordinary path.
        let ordinary = try await Self.run(["token", "--debug"] + common)
        #expect(ordinary.status == 0, "\(ordinary)")
        #expect(ordinary.stdout == cached.stdout)

        let access = try await Self.run(["token", "--access", "--retry-seconds=0"] + common)
        let ordinaryAccess = try await Self.run(["token", "--access", "--debug"] + common)
        #expect(access.status == 0, "\(access)")
        #expect(access.stderr.isEmpty, "\(access.stderr)")
        #expect(access.stdout == ordinaryAccess.stdout)
        #expect(access.stdout != cached.stdout)
        let id = try await Self.run(["token", "--id"] + common)
        #expect(id.stdout == cached.stdout)
    }

    @Test("What the fast path does not take is judged by the ordinary command, with its words and exit codes")
    func everythingElseTakesTheOrdinaryPath() async throws {
        let (store, config) = try BadInputCLITests.signedInStore("fastpath-else")
        let common = ["--config", config, "--store", store]
        _ = try await Self.run(["token"] + common)  // shows the first-time warning

        let missingValue = try await Self.run(["token", "--config", config, "--store"])
        #expect(missingValue.status == 2, "\(missingValue)")
        #expect(missingValue.stderr.contains("--store"), "\(missingValue.stderr)")

        let unknownOption = try await Self.run(["token", "--bogus"] + common)
        #expect(unknownOption.status == 2, "\(unknownOption)")
        #expect(unknownOption.stderr.contains("--bogus"), "\(unknownOption.stderr)")

        let both = try await Self.run(["token", "--id", "--access"] + common)
        #expect(both.status == 2, "\(both)")
        #expect(both.stdout.isEmpty)

        let unknownAccount = try await Self.run(["token", "--account", "nobody"] + common)
        #expect(unknownAccount.status == 2, "\(unknownAccount)")
        #expect(unknownAccount.stderr.contains("nobody"), "\(unknownAccount.stderr)")

        let help = try await Self.run(["token", "--help"])
        #expect(help.status == 0, "\(help)")
        #expect(help.stdout.contains("--retry-seconds"), "\(help.stdout)")

        let japanese = try await LatchkeyBinary.run(
            ["token", "--id", "--access", "--lang", "ja"] + common,
            environment: ["LATCHKEY_STORE": "file", "LANG": "C.UTF-8"], removing: ["LATCHKEY_DEBUG", "LC_ALL"])
        #expect(japanese.status == 2, "\(japanese)")
        #expect(japanese.stderr.unicodeScalars.contains { $0.value > 0x3000 }, "\(japanese.stderr)")

        // A store that would be refused is refused, not read.
        #expect(chmod(store, 0o777) == 0)
        defer { chmod(store, 0o700) }
        let unsafe = try await Self.run(["token"] + common)
        #expect(unsafe.status == 2, "\(unsafe)")
        #expect(unsafe.stdout.isEmpty)
    }

    @Test("A cached token never reads AWS_CA_BUNDLE: a missing or oversized bundle does not stop it (N12)")
    func cachedTokenIgnoresTheCABundle() async throws {
        let (store, config) = try BadInputCLITests.signedInStore("fastpath-ca")
        let common = ["--config", config, "--store", store]
        _ = try await Self.run(["token"] + common)  // shows the first-time warning
        let oversized = store + "/../big-ca.pem"
        #expect(FileManager.default.createFile(atPath: oversized, contents: Data()))
        let handle = try #require(FileHandle(forWritingAtPath: oversized))
        try handle.truncate(atOffset: 5 << 20)
        try handle.close()
        for bundle in [store + "/../absent-ca.pem", oversized] {
            let cached = try await LatchkeyBinary.run(
                ["token"] + common, environment: ["LATCHKEY_STORE": "file", "AWS_CA_BUNDLE": bundle],
                removing: ["LATCHKEY_DEBUG"])
            #expect(cached.status == 0, "\(bundle): \(cached)")
            #expect(cached.stdout.hasPrefix("eyJ"), "\(cached.stdout)")
        }
    }
}
