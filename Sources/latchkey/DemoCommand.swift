import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText

struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: Localized.text(\.cliDemoAbstract),
        discussion: Localized.text(\.cliDemoDiscussion)
    )

    @OptionGroup var ui: UIOptions

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliDemoStop)))
    var stop = false

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliDemoTokenSeconds)))
    var tokenSeconds: Int = 3600

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliDemoCodes)))
    var codes = false

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliDemoJson)))
    var json = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    static let demoUser = "demo"
    static let demoPassword = "Latchkey-demo-1"

    /// How to run the demo again, as the person started it: `$LATCHKEY_DEMO_COMMAND` (the README's `Scripts/demo`
    /// sets it, since `latchkey` is not on PATH yet after it), else `latchkey demo`.
    static var invocation: String {
        let given = ProcessInfo.processInfo.environment["LATCHKEY_DEMO_COMMAND"].map { TerminalText.sanitized($0) } ?? ""
        return given.trimmingCharacters(in: .whitespaces).isEmpty ? "latchkey demo" : given
    }

    /// The line on the demo's Sign in screen that names the password (the lines printed before the UI
    /// starts are hidden by its alternate screen).
    static var signInHint: String {
        Localized.format(\.cliDemoSignInHint, ["username": demoUser, "password": demoPassword])
    }

    func validate() throws {
        if json, !codes { throw ValidationError("--json goes with --codes: latchkey demo --codes --json.") }
        if codes, stop { throw ValidationError("--codes and --stop do not go together: use one of them.") }
    }

    func run() async throws {
        let launcher = try LocalBackendLauncher.find()
        if stop {
            // The next step, so nothing is left guessing why `latchkey user` cannot connect now.
            if try launcher.stop() == 0 {
                CLIOutput.info(Localized.format(\.cliDemoStopped, ["command": Self.invocation]))
            }
            return
        }
        if codes {
            try DemoCodesOutput.print(mailbox: launcher.mailboxPath, json: json)
            return
        }
        let info = try launcher.startOrReuse(
            tokenSeconds: tokenSeconds, demoUser: Self.demoUser, demoPassword: Self.demoPassword)
        let configPath = try installConfiguration(from: info.configPath)
        print(Localized.format(\.cliDemoBackend, ["endpoint": info.endpoint, "pool": info.userPoolId]))
        print(Localized.format(\.cliDemoConfiguration, ["path": configPath]))
        print(Localized.format(\.cliDemoUser, ["username": Self.demoUser, "password": Self.demoPassword]))
        print(Self.sessionsHint(info: info, configPath: configPath, stateDirectory: launcher.stateDirectory))
        print(Localized.format(\.cliDemoCodesHint, ["command": Self.invocation]))
        guard CLIOutput.stdinIsTerminal else {
            print(Localized.text(\.cliDemoNoTerminal))
            print("  latchkey sign-in --config \(configPath) --username \(Self.demoUser) --password-stdin")
            return
        }
        // The same account loop as plain `latchkey` (so `a` opens the chooser), on the demo's configuration,
        // with the codes the backend "sends" said in the UI.
        var global = self.global
        global.config = configPath
        try await UICommand.runScreens(
            global: global, ui: ui, prefilledUsername: Self.demoUser, signInHint: Self.signInHint,
            demoMailbox: DemoMailbox(path: launcher.mailboxPath, fromEnd: true))
    }

    /// How to see two sessions and get a machine token in the demo (issue 38).
    static func sessionsHint(info: LocalBackendLauncher.Info, configPath: String, stateDirectory: String) -> String {
        var lines = [Localized.format(\.cliDemoSecondSession, ["path": configPath, "username": demoUser])]
        if let machine = info.machineClientId {
            lines.append(
                Localized.format(\.cliDemoMachineClient, ["id": machine, "path": stateDirectory + "/backend.json"]))
        }
        return lines.joined(separator: "\n")
    }

    /// Copies the backend's configuration to the default location unless a non-demo one is there.
    private func installConfiguration(from generated: String) throws -> String {
        if let explicit = global.config { return explicit }
        let target = global.configPath
        let manager = FileManager.default
        if manager.fileExists(atPath: target) {
            let existing = try? AuthConfiguration.load(path: target)
            guard existing?.latchkey.testAidURL != nil else {
                CLIOutput.info(Localized.format(\.cliDemoKeepingConfiguration, ["path": target]))
                return generated
            }
        }
        let directory = (target as NSString).deletingLastPathComponent
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let data = try Data(contentsOf: URL(fileURLWithPath: generated))
        try data.write(to: URL(fileURLWithPath: target), options: .atomic)
        return target
    }
}

/// Finds and drives `Scripts/local-backend`.
struct LocalBackendLauncher {
    let script: String
    let stateDirectory: String

    struct Info: Decodable {
        var endpoint: String
        var userPoolId: String
        var configPath: String
        /// The demo's machine-to-machine client (issue 38); its secret stays in the state directory's backend.json.
        var machineClientId: String?
    }

    static func find() throws -> LocalBackendLauncher {
        // $LATCHKEY_HOME, the install or checkout around the executable, then the current directory up.
        for root in InstallLayout.roots() {
            let script = root.appendingPathComponent("Scripts/local-backend").path
            if FileManager.default.isExecutableFile(atPath: script) {
                return LocalBackendLauncher(
                    script: script, stateDirectory: root.appendingPathComponent(".latchkey-backend").path)
            }
        }
        throw CLIFailure(
            code: 2,
            message: Localized.text(\.cliDemoNoScript))
    }

    func startOrReuse(tokenSeconds: Int, demoUser: String, demoPassword: String) throws -> Info {
        let stateFile = stateDirectory + "/backend.json"
        if (try? run(["status", "--dir", stateDirectory], quiet: true)) == 0,
            let data = FileManager.default.contents(atPath: stateFile),
            let info = try? JSONDecoder().decode(Info.self, from: data)
        {
            return info
        }
        CLIOutput.info(Localized.text(\.cliDemoStarting))
        let output = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [
            "start", "--dir", stateDirectory, "--demo-user", demoUser, "--demo-password", demoPassword,
            "--access-token-seconds", "\(tokenSeconds)", "--id-token-seconds", "\(tokenSeconds)",
        ]
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let line = String(decoding: data, as: UTF8.self).split(separator: "\n").last,
            let info = try? JSONDecoder().decode(Info.self, from: Data(line.utf8))
        else {
            throw CLIFailure(
                code: 3, message: Localized.format(\.cliDemoDidNotStart, ["log": stateDirectory + "/backend.log"]))

        }
        return info
    }

    /// The demo's mailbox: the codes the backend "sends" (see `Assets/local-backend/patches/mailbox.py`).
    var mailboxPath: String { stateDirectory + "/mailbox.jsonl" }

    /// Stops the backend; the script's exit status (0 when it stopped or was not running).
    @discardableResult
    func stop() throws -> Int32 {
        try run(["stop", "--dir", stateDirectory], quiet: false)
    }

    private func run(_ arguments: [String], quiet: Bool) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = arguments
        if quiet {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
