// swift-tools-version:6.0
// libFuzzer targets for Latchkey. Build and run them with Scripts/fuzz; see README.md.
//
// Each executable defines `LLVMFuzzerTestOneInput` and no `main`: libFuzzer supplies `main` when
// the targets are linked with `-sanitize=fuzzer`, so they only link in a fuzzer build.
import PackageDescription

let package = Package(
    name: "LatchkeyFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Latchkey", path: "..")
    ],
    targets: [
        .target(name: "FuzzSupport"),
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
