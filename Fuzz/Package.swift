// swift-tools-version:6.0
// libFuzzer targets for Latchkey. Build and run them with Scripts/fuzz; see README.md.
//
// Each executable defines `LLVMFuzzerTestOneInput` (via `@_cdecl`) and no `main`; libFuzzer's runtime
// supplies `main`. Build with SwiftPM's `--sanitize fuzzer` (Scripts/fuzz does), which compiles the
// executables with `-parse-as-library` and links libFuzzer. (`-Xswiftc -sanitize=fuzzer` is not
// enough: SwiftPM then links executables with `--defsym main=<Target>_main`, which shadows
// libFuzzer's `main`, and the binaries exit without fuzzing.)
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
            name: "FuzzObjectLiteral",
            dependencies: ["FuzzSupport", .product(name: "CognitoAuth", package: "Latchkey")]
        ),
        .executableTarget(
            name: "FuzzKeyDecoder",
            dependencies: ["FuzzSupport", .product(name: "TerminalKeys", package: "Latchkey")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
