// swift-tools-version:6.0
// Latchkey's in-process benchmarks, a package of their own (as Fuzz/ is) so the root package builds
// no benchmark: it depends on the root package by path.
//
//   swift run -c release --package-path Benchmarks latchkey-bench    # every benchmark
//   Benchmarks/run-head-to-head                                       # against pycognito and boto3
import Foundation
import PackageDescription

/// The root package's `-package-name`, which SwiftPM derives from its directory's name (`latchkey` for a
/// clone named so, `wt_docs` for a worktree at `wt-docs`): the benchmarks measure the core's package-level
/// API (`SRPClient`, `InMemorySessionStore`, `CellGrid.diff`), which only modules of that Swift package may
/// use. Passing the same name puts `latchkey-bench` in it, as it was inside the root package (DECISIONS.md,
/// "latchkey-bench is a package of its own").
let rootPackageName: String = {
    let directory = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent
    let name = String(
        directory.lowercased().map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") ? $0 : "_" })
    return name.first?.isNumber == true ? "_" + name : name
}()

let package = Package(
    name: "LatchkeyBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "Latchkey", path: "..")
    ],
    targets: [
        // The bare libcrypto exponentiation the SRP benchmark takes as its floor.
        .target(
            name: "BenchLibCrypto",
            path: "BenchLibCrypto",
            linkerSettings: [.linkedLibrary("crypto")]
        ),
        .executableTarget(
            name: "latchkey-bench",
            dependencies: [
                "BenchLibCrypto",
                .product(name: "CognitoAuth", package: "Latchkey"),
                .product(name: "CognitoAuthTesting", package: "Latchkey"),
                .product(name: "AuthScreens", package: "Latchkey"),
                .product(name: "TerminalUI", package: "Latchkey"),
                .product(name: "TerminalKit", package: "Latchkey"),
                .product(name: "TerminalKeys", package: "Latchkey"),
            ],
            path: "latchkey-bench",
            // SwiftPM's own `-package-name` (this package's) is left out, so the one below is the only one.
            packageAccess: false,
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .unsafeFlags(["-package-name", rootPackageName]),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
