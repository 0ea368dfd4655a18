import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import AuthScreens

/// The Devices view's keys are one list of bindings: dispatch, hints and help are made from it.
@Suite("Devices: key bindings are values")
struct DevicesKeyBindingTests {
    let bindings = DevicesState.keyBindings

    func loaded() -> DevicesState {
        var state = DevicesState()
        // Three rows, the middle one selected: ↑ and ↓ both move.
        state.devices =
            twoDevices + [
                DeviceInfo(deviceKey: "us-east-1_3", name: "phone", rememberedStatus: "remembered", isCurrent: false)
            ]
        state.hasLoaded = true
        state.selection = 1
        return state
    }

    @Test("each command has exactly one binding, each key one command; v is the dashboard's key")
    func oneBindingPerCommand() {
        for command in DevicesCommand.allCases {
            #expect(bindings.filter { $0.command == command }.count == 1, "\(command)")
        }
        let keys = bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count, "a key is bound twice: \(keys)")
        #expect(bindings.allSatisfy { !$0.label.isEmpty && !$0.keys.isEmpty })
        #expect(bindings.binding(.backByOpeningKey)?.keys == DashboardState.keyBindings.binding(.devices)?.keys)
        #expect(Set(DevicesState.hintOrder) == Set(bindings.entries(\.hint).compactMap { $0.bindings.first?.command }))
    }

    @Test("a key without a binding does nothing; a bound key does what its command does")
    func dispatchIsTheList() {
        let base = loaded()
        for key in DashboardKeyBindingTests.everyKey {
            var pressed = base
            let effects = pressed.reduce(.keyPressed(key))
            if let binding = bindings.first(where: { $0.matches(key) }) {
                var performed = base
                #expect(effects == performed.perform(binding.command), "\(key)")
                #expect(pressed == performed, "\(key)")
                if binding.command != .help && binding.command != .quit {
                    #expect(!effects.isEmpty || pressed != base, "\(binding.command) has no dispatch")
                }
            } else {
                #expect(effects.isEmpty && pressed == base, "\(key) is handled but has no binding")
            }
        }
    }

    @Test("the hints and the help read as before, in English and Japanese")
    func textsUnchanged() {
        Language.$override.withValue(.english) {
            #expect(
                ScreenText.devicesHints == [
                    "↑/↓ select", "f forget", "r remember on/off", "Esc back", "q quit", "l reload",
                ])
            #expect(
                ScreenText.devicesHelp == [
                    "↑ ↓   select a device", "f   forget the device (asks first for this machine)",
                    "r   remember the device, or stop remembering it", "l   reload the list",
                    "Esc or v   back to the dashboard", "?   this help", "q   quit",
                ])
        }
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.devicesHints == ["↑/↓ 選択", "f 削除", "r 記憶オン/オフ", "Esc 戻る", "q 終了", "l 再読み込み"])
            #expect(
                ScreenText.devicesHelp == [
                    "↑ ↓   デバイスを選択", "f   デバイスを削除 (このマシンは確認あり)", "r   デバイスを記憶、または記憶を解除",
                    "l   一覧を再読み込み", "Esc / v   ダッシュボードに戻る", "?   このヘルプ", "q   終了",
                ])
        }
    }

    @Test("the ↑/↓ hint names two keys, so a click on it presses neither; the others press their key")
    func hintClickKeys() {
        let entries = DevicesState.bindingHints
        #expect(entries.first?.label == "↑/↓" && entries.first?.clickKey == nil)
        for entry in entries.dropFirst() {
            #expect(entry.clickKey == bindings.first { $0.label == entry.label }?.keys.first, "\(entry)")
            #expect(entry.clickKey != nil)
        }
    }
}
