import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation

/// `latchkey devices`: the signed-in user's devices (Cognito device tracking).
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: Localized.text("cli.Devices.abstract"),
        discussion: Localized.text("cli.Devices.discussion"),
        subcommands: [List.self, Show.self, Remember.self, Forget.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: Localized.text("cli.DevicesList.abstract"))

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.DevicesList.json")))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let devices = try await client.listDevices()
            if json {
                try CLIOutput.emit(DevicesCommand.json(devices) + "\n")
                return
            }
            if devices.isEmpty {
                try CLIOutput.emit(Localized.text("cli.devices.none") + "\n")
                return
            }
            var text = ""
            for device in devices { text += DevicesCommand.line(device) + "\n" }
            try CLIOutput.emit(text)
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("cli.DevicesShow.abstract"))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text("cli.DevicesShow.deviceKey")))
        var deviceKey: String?

        @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.DevicesShow.json")))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let device = try await client.device(deviceKey)
            try CLIOutput.emit((json ? DevicesCommand.json([device]) : DevicesCommand.line(device)) + "\n")
        }
    }

    struct Remember: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remember", abstract: Localized.text("cli.DevicesRemember.abstract"))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text("cli.DevicesRemember.deviceKey")))
        var deviceKey: String?

        @Flag(name: .customLong("not"), help: ArgumentHelp(Localized.text("cli.DevicesRemember.notRemembered")))
        var notRemembered = false

        @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.DevicesRemember.json")))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            try await client.setDeviceRemembered(!notRemembered, deviceKey: deviceKey)
            let current = await client.currentDeviceKey
            let key = deviceKey ?? current ?? "?"
            let status = notRemembered ? "not_remembered" : "remembered"
            if json {
                try CLIOutput.emit(
                    String(
                        decoding: JSONValue.object(["deviceKey": .string(key), "rememberedStatus": .string(status)])
                            .encoded(), as: UTF8.self) + "\n")
            } else {
                try CLIOutput.emit(
                    Localized.format(
                        notRemembered ? "cli.devices.nowNotRemembered" : "cli.devices.nowRemembered",
                        ["key": TerminalText.sanitized(key)]) + "\n")
            }
        }
    }

    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: Localized.text("cli.DevicesForget.abstract")
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text("cli.DevicesForget.deviceKey")))
        var deviceKey: String?

        @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.DevicesForget.json")))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let current = await client.currentDeviceKey
            let key = deviceKey ?? current
            try await client.forgetDevice(deviceKey)
            if json {
                try CLIOutput.emit(
                    String(
                        decoding: JSONValue.object([
                            "deviceKey": key.map(JSONValue.string) ?? .null, "forgotten": .bool(true),
                        ])
                        .encoded(), as: UTF8.self) + "\n")
            } else {
                try CLIOutput.emit(
                    Localized.format("cli.devices.forgot", ["key": TerminalText.sanitized(key ?? "?")]) + "\n")
            }
        }
    }

    static func line(_ device: DeviceInfo) -> String {
        var parts = [TerminalText.sanitized(device.deviceKey)]
        parts.append(device.name.map { TerminalText.sanitized($0) } ?? Localized.text("cli.devices.noName"))
        parts.append(device.rememberedStatus.map { TerminalText.sanitized($0) } ?? "-")
        if let last = device.lastAuthenticated {
            parts.append(Localized.format("cli.devices.lastSignIn", ["time": CLIOutput.iso8601(last)]))
        }
        if device.isCurrent { parts.append(Localized.text("cli.devices.thisMachine")) }

        return parts.joined(separator: "  ")
    }

    static func json(_ devices: [DeviceInfo]) -> String {
        let array: [JSONValue] = devices.map { device in
            .object([
                "deviceKey": .string(device.deviceKey),
                "name": device.name.map(JSONValue.string) ?? .null,
                "rememberedStatus": device.rememberedStatus.map(JSONValue.string) ?? .null,
                "created": device.created.map { .string(CLIOutput.iso8601($0)) } ?? .null,
                "lastAuthenticated": device.lastAuthenticated.map { .string(CLIOutput.iso8601($0)) } ?? .null,
                "current": .bool(device.isCurrent),
            ])
        }
        return String(decoding: JSONValue.array(array).encoded(), as: UTF8.self)
    }
}
