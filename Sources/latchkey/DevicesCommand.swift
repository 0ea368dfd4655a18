import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `latchkey devices`: the signed-in user's devices (Cognito device tracking).
struct DevicesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: Localized.text(\.cliDevicesAbstract),
        discussion: Localized.text(\.cliDevicesDiscussion),
        subcommands: [List.self, Show.self, Remember.self, Forget.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: Localized.text(\.cliDevicesListAbstract))

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliDevicesListJson)))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let devices = try await client.listDevices()
            if json {
                try CLIOutput.emit(DevicesCommand.json(devices) + "\n")
                return
            }
            if devices.isEmpty {
                try CLIOutput.emit(Localized.text(\.cliDevicesNone) + "\n")
                return
            }
            var text = ""
            for device in devices { text += DevicesCommand.line(device) + "\n" }
            try CLIOutput.emit(text)
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text(\.cliDevicesShowAbstract))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text(\.cliDevicesShowDeviceKey)))
        var deviceKey: String?

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliDevicesShowJson)))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let device = try await client.device(deviceKey)
            try CLIOutput.emit((json ? DevicesCommand.json([device]) : DevicesCommand.line(device)) + "\n")
        }
    }

    struct Remember: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remember", abstract: Localized.text(\.cliDevicesRememberAbstract))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text(\.cliDevicesRememberDeviceKey)))
        var deviceKey: String?

        @Flag(name: .customLong("not"), help: ArgumentHelp(Localized.text(\.cliDevicesRememberNotRemembered)))
        var notRemembered = false

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliDevicesRememberJson)))
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
                        notRemembered ? \.cliDevicesNowNotRemembered : \.cliDevicesNowRemembered,
                        ["key": TerminalText.sanitized(key)]) + "\n")
            }
        }
    }

    struct Forget: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: Localized.text(\.cliDevicesForgetAbstract)
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text(\.cliDevicesForgetDeviceKey)))
        var deviceKey: String?

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliDevicesForgetJson)))
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
                    Localized.format(\.cliDevicesForgot, ["key": TerminalText.sanitized(key ?? "?")]) + "\n")
            }
        }
    }

    static func line(_ device: DeviceInfo) -> String {
        var parts = [TerminalText.sanitized(device.deviceKey)]
        parts.append(device.name.map { TerminalText.sanitized($0) } ?? Localized.text(\.cliDevicesNoName))
        parts.append(device.rememberedStatus.map { TerminalText.sanitized($0) } ?? "-")
        if let last = device.lastAuthenticated {
            parts.append(Localized.format(\.cliDevicesLastSignIn, ["time": CLIOutput.iso8601(last)]))
        }
        if device.isCurrent { parts.append(Localized.text(\.cliDevicesThisMachine)) }

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
