// swift-tools-version:6.0
// libFuzzer targets for Latchkey. Build and run them with Scripts/fuzz; see README.md.
//
// Each executable defines `LLVMFuzzerTestOneInput` and a `main.swift` that hands it to libFuzzer's
// `LLVMFuzzerRunDriver`. (libFuzzer's own `main` cannot be used: SwiftPM links every executable
// with `--defsym main=<Target>_main`, which would shadow it.) The targets only link when built
// with `-sanitize=fuzzer`, which brings in the libFuzzer runtime.
import PackageDescription

let package = Package(
    name: "LatchkeyFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Latchkey", path: "..")
    ],
    targets: [
        .target(name: "CFuzzDriver"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzDriver"]),
        .executableTarget(
            name: "FuzzResponseDecoder",
            dependencies: ["FuzzSupport", .product(name: "CognitoAuth", package: "Latchkey")]
        ),
        .executableTarget(
            name: "FuzzJWT",
            dependencies: ["FuzzSupport", .product(name: "CognitoAuth", package: "Latchkey")]
        ),
        .executableTarget(
            name: "FuzzConfig",
            dependencies: ["FuzzSupport", .product(name: "CognitoAuth", package: "Latchkey")]
        ),
        .executableTarget(
            name: "FuzzKeyDecoder",
            dependencies: ["FuzzSupport", .product(name: "TerminalUI", package: "Latchkey")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
