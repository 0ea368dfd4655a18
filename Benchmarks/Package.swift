// swift-tools-version:6.0
// Latchkey's in-process benchmarks, a package of their own (as Fuzz/ is) so the root package builds
// no benchmark: it depends on the root package by path.
//
//   swift run -c release --package-path Benchmarks latchkey-bench    # every benchmark
//   Benchmarks/run-head-to-head                                       # against pycognito and boto3
import PackageDescription

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
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
