import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `latchkey serve-credentials`: the container-credentials endpoint on its own, until SIGINT or SIGTERM.
struct ServeCredentialsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve-credentials",
        abstract: Localized.text(\.cliServeCredentialsAbstract),
        discussion: Localized.text(\.cliServeCredentialsDiscussion)
    )

    @OptionGroup var delivery: CredentialsDeliveryOptions

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(Localized.text(\.cliServeCredentialsPort)))
    var port: Int = 0

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliServeCredentialsTokenFile)))
    var tokenFile: String?

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliServeCredentialsReadyFile)))
    var readyFile: String?

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError(Localized.text(\.cliServeCredentialsBadPort)) }
        try delivery.validate()
    }

    func run() async throws {
        let session = try await CredentialsDeliverySession.open(global: global, delivery: delivery)
        _ = try await session.firstCredentials()
        session.register(kind: "serve-credentials", command: nil)
        let server = try session.startServer(port: port)
        defer { session.unregister() }
        var lines = ["AWS_CONTAINER_CREDENTIALS_FULL_URI=\(server.fullURI)"]
        // Held (flock) while serving, so another serve-credentials can tell a live token file from a stale one.
        var tokenLock: Int32 = -1
        defer { if tokenLock >= 0 { close(tokenLock) } }
        if let tokenFile {
            tokenLock = try TokenFile.write(server.authorizationToken, to: tokenFile)
            lines.append("AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE=\(tokenFile)")
        } else {
            lines.append("AWS_CONTAINER_AUTHORIZATION_TOKEN=\(server.authorizationToken)")
        }
        let text = lines.joined(separator: "\n") + "\n"
        // The ready file first: whoever has read stdout finds it there too.
        if let readyFile {
            do {
                try TokenFile.writeReady(text, to: readyFile)
            } catch {
                if let tokenFile { unlink(tokenFile) }
                throw error
            }
        }
        try CLIOutput.emit(text)
        try CLIOutput.flushStandardOutput()
        CLIOutput.info("latchkey: " + Localized.format(\.cliServeCredentialsServing, ["uri": server.fullURI]))
        let signal = await Self.waitForStopSignal()
        server.stop()
        server.waitUntilClosed()
        if let tokenFile { unlink(tokenFile) }
        if let readyFile { unlink(readyFile) }
        session.unregister()
        terminate(signal == SIGINT || signal == SIGTERM ? 0 : 128 + signal)
    }

    /// Waits for SIGINT, SIGTERM or SIGHUP and returns it (a handler writes it to a pipe a thread reads).
    static func waitForStopSignal() async -> Int32 {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return SIGTERM }
        stopSignalPipe.store(fds[1], ordering: .releasing)
        ExecChild.install(writeStopSignal, for: [SIGINT, SIGTERM, SIGHUP])
        let readEnd = fds[0]
        return await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            let thread = Thread {
                var byte: UInt8 = 0
                while read(readEnd, &byte, 1) < 0 && errno == EINTR {}
                continuation.resume(returning: Int32(byte))
            }
            thread.name = "latchkey-serve-signals"
            thread.start()
        }
    }
}

/// The write end of the pipe the stop-signal handler writes to (0 before it exists).
let stopSignalPipe = Atomic<Int32>(0)

/// Writes the signal's number to the pipe: `write` and an atomic load are async-signal-safe.
private func writeStopSignal(_ signal: Int32, _: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    var byte = UInt8(truncatingIfNeeded: signal)
    let fd = stopSignalPipe.load(ordering: .acquiring)
    if fd > 0 { _ = write(fd, &byte, 1) }
}
