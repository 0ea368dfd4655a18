import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `latchkey exec -- COMMAND…`: runs a command with the session's identity-pool credentials.
struct ExecCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exec",
        abstract: Localized.text(\.cliExecAbstract),
        discussion: Localized.text(\.cliExecDiscussion)
    )

    @OptionGroup var delivery: CredentialsDeliveryOptions

    @Flag(name: .customLong("no-server"), help: ArgumentHelp(Localized.text(\.cliExecNoServer)))
    var noServer = false

    /// The options every command takes, after `exec`'s own in the help (ux-3, item 17) and before the
    /// command, which the usage line shows after `--`.
    @OptionGroup var global: GlobalOptions

    @Argument(parsing: .postTerminator, help: ArgumentHelp(Localized.text(\.cliExecCommand)))
    var command: [String] = []

    /// How long the endpoint answers "exec ended" to processes the command left running.
    static let orphanGrace: Duration = .seconds(10)

    func validate() throws {
        guard !command.isEmpty else { throw ValidationError(Localized.text(\.cliExecNoCommand)) }
        try delivery.validate()
    }

    func run() async throws {
        let session = try await CredentialsDeliverySession.open(global: global, delivery: delivery)
        // The first credentials up front: a signed-out session fails here, before the command starts.
        let first = try await session.firstCredentials()
        let environment: ExecEnvironment
        var server: ContainerCredentialsServer?
        session.register(kind: "exec", command: (command[0] as NSString).lastPathComponent)
        if noServer {
            environment = ExecEnvironment(
                base: global.environment, delivery: .keys(first), region: session.region)
            session.recordHandOut(first)
        } else {
            let endpoint = try session.startServer(port: 0)
            server = endpoint
            environment = ExecEnvironment(
                base: global.environment,
                delivery: .endpoint(uri: endpoint.fullURI, authorizationToken: endpoint.authorizationToken),
                region: session.region)
        }
        if !environment.removed.isEmpty {
            CLIOutput.info(
                "latchkey: "
                    + Localized.format(
                        environment.removed.count == 1 ? \.cliExecRemovedOne : \.cliExecRemoved,
                        ["names": environment.removed.joined(separator: ", ")]))
        }
        let status: Int32
        do {
            status = try await ExecChild.run(command, environment: environment.entries)
        } catch {
            server?.stop()
            session.unregister()
            throw error
        }
        // Processes the child left running get "exec ended" rather than a closed port another user could
        // take, for a grace period (rel-3 R10); then the endpoint closes before exec returns the status.
        if let server, ExecChild.hasOrphans() {
            server.endService()
            CLIOutput.info(
                "latchkey: "
                    + Localized.format(\.cliExecOrphans, ["seconds": String(Int(Self.orphanGrace.components.seconds))]))
            _ = await ExecChild.waitForOrphans(until: .now + Self.orphanGrace)
        }
        server?.stop()
        server?.waitUntilClosed()
        session.unregister()
        terminate(status)
    }
}

/// The options `exec` and `serve-credentials` share.
struct CredentialsDeliveryOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliExecGuest)))
    var guest = false

    @Option(
        name: .customLong("relogin-wait-seconds"), parsing: .unconditional,
        help: ArgumentHelp(Localized.text(\.cliExecReloginWaitSeconds), valueName: "relogin-wait-seconds"))
    var reloginWait = RetrySeconds(value: 1)

    /// `--relogin-wait-seconds` in seconds (its help's default reads "1", not "1.0": ux-3, N25).
    var reloginWaitSeconds: Double { reloginWait.value }

    func validate() throws {
        guard reloginWaitSeconds.isFinite, (0...3600).contains(reloginWaitSeconds) else {
            throw ValidationError(Localized.text(\.cliExecBadReloginWait))
        }
    }
}
