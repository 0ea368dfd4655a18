// swift-tools-version:6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The version `Scripts/release` stamps into the binary (from `git describe`); unset in plain builds.
let buildVersion = Context.environment["LATCHKEY_BUILD_VERSION"].flatMap { version in
    // Only characters that need no quoting inside a C string literal.
    version.allSatisfy { $0.isLetter || $0.isNumber || "+-._~".contains($0) } ? version : nil
}

/// An integration test target: its support, the core and the core's test support, and `also`.
func integrationTestTarget(_ name: String, also dependencies: [Target.Dependency] = []) -> Target {
    .testTarget(
        name: name,
        dependencies: ["IntegrationTestSupport", "CognitoAuth", "CognitoAuthTesting"] + dependencies,
        swiftSettings: strictSettings
    )
}

let package = Package(
    name: "Latchkey",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "LatchkeyText", targets: ["LatchkeyText"]),
        .library(name: "CognitoAuth", targets: ["CognitoAuth"]),
        .library(name: "AWSSigV4", targets: ["AWSSigV4"]),
        .library(name: "AWSMobileClientCompat", targets: ["AWSMobileClientCompat"]),
        .library(name: "AWSMobileClientTerminalUI", targets: ["AWSMobileClientTerminalUI"]),
        .library(name: "CognitoAuthTesting", targets: ["CognitoAuthTesting"]),
        .library(name: "SecurityKeys", targets: ["SecurityKeys"]),
        .library(name: "SecurityKeysTesting", targets: ["SecurityKeysTesting"]),
        .library(name: "AuthScreensTesting", targets: ["AuthScreensTesting"]),
        .library(name: "AuthScreens", targets: ["AuthScreens"]),
        .library(name: "TerminalKeys", targets: ["TerminalKeys"]),
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .executable(name: "latchkey", targets: ["latchkey"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.6.0"),
        // `swift package generate-documentation` for the DocC catalogs; a plugin, nothing is linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // The system's libcrypto, through pkg-config: not part of a stock macOS (Homebrew's openssl@3).
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .target(
            name: "CBigNum",
            dependencies: ["COpenSSL"],
            linkerSettings: [.linkedLibrary("crypto")]
        ),
        // Digests, HMAC and RS256 verification on the same libcrypto (DECISIONS.md: no vendored BoringSSL).
        .target(
            name: "CLibCrypto",
            dependencies: ["COpenSSL"],
            linkerSettings: [.linkedLibrary("crypto")]
        ),
        // SHA-256, HMAC, HKDF and RSA signature checks in Swift, over CLibCrypto.
        .target(
            name: "SystemCrypto",
            dependencies: ["CLibCrypto"],
            swiftSettings: strictSettings
        ),
        // libfido2 (FIDO2 security keys over USB HID and NFC), through pkg-config. Debian: libfido2-dev (1.12 in
        // bookworm); macOS: Homebrew's libfido2. Only SecurityKeys and its test support link it: the core stays free of it.
        .systemLibrary(
            name: "CFIDO2",
            pkgConfig: "libfido2",
            providers: [.apt(["libfido2-dev"]), .brew(["libfido2"])]
        ),
        // P-256 (keys, ECDSA, ECDH) and AES-256-CBC on libcrypto, for the software CTAP2 authenticator of the tests.
        .target(
            name: "CSoftKeyCrypto",
            dependencies: ["COpenSSL"],
            linkerSettings: [.linkedLibrary("crypto")]
        ),
        .target(
            name: "CNCurses",
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                // macOS ships the wide-character library under the plain name.
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        .target(
            name: "CBuildInfo",
            cSettings: buildVersion.map { [.define("LK_BUILD_VERSION", to: "\"\($0)\"")] } ?? []
        ),
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "CKeyring",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // The languages and every text of the core, the view models and the command line, typed: a key is a
        // property of TextCatalog (English its default), so the compiler checks every lookup.
        .target(
            name: "LatchkeyText",
            swiftSettings: strictSettings
        ),
        // Calendar fields in UTC by integer arithmetic: the one civil-date algorithm, for SigV4, SRP, the
        // dashboard's clock and the command line's times.
        .target(
            name: "CivilTime",
            swiftSettings: strictSettings
        ),
        .target(
            name: "AWSSigV4",
            dependencies: ["CivilTime", "SystemCrypto"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "CognitoAuth",
            dependencies: [
                "CBigNum",
                "CBuildInfo",
                "CCurl",
                "CKeyring",
                "AWSSigV4",
                "CivilTime",
                "LatchkeyText",
                "SystemCrypto",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The built-in passkey authenticator: FIDO2 security keys through libfido2 (a PasskeyAuthenticator).
        .target(
            name: "SecurityKeys",
            dependencies: ["CFIDO2", "CognitoAuth"],
            swiftSettings: strictSettings
        ),
        // Test support for SecurityKeys: a software CTAP2 authenticator behind libfido2's fido_dev_set_io_functions.
        .target(
            name: "SecurityKeysTesting",
            dependencies: ["CFIDO2", "CSoftKeyCrypto", "CognitoAuth", "SecurityKeys", "SystemCrypto"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "AWSMobileClientCompat",
            dependencies: ["AWSSigV4", "CognitoAuth"],
            swiftSettings: strictSettings
        ),
        // showSignIn's drop-in terminal UI for the compat layer: a leaf, so the compat layer itself depends
        // on the core alone.
        .target(
            name: "AWSMobileClientTerminalUI",
            dependencies: ["AWSMobileClientCompat", "AuthScreens", "CognitoAuth", "TerminalUI"],
            swiftSettings: strictSettings
        ),
        // Real AWSMobileClient code, unchanged but for the import, in both language modes, over the compat
        // layer (Tests/CompatPorting/SOURCES.md); the Swift 5 target's files are links to the Swift 6 one's
        // (and to Swift5Only/LoginViewModel.swift, whose own DispatchQueue captures Swift 6 refuses).
        .target(
            name: "CompatPortingSwift6",
            dependencies: ["AWSMobileClientCompat"],
            path: "Tests/CompatPorting/Swift6"
        ),
        .target(
            name: "CompatPortingSwift5",
            dependencies: ["AWSMobileClientCompat"],
            path: "Tests/CompatPorting/Swift5",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // A Swift 5 `main.swift` in the SDK samples' style: each call blocks the main thread on a
        // semaphore until its handler ran (run against the local backend by PortedBlockingMainTests).
        .executableTarget(
            name: "CompatPortingBlockingMain",
            dependencies: ["AWSMobileClientCompat"],
            path: "Tests/CompatPorting/Swift5Script",
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // The same in Swift 6 mode (main-actor top-level code): must end, loudly, never hang.
        .executableTarget(
            name: "CompatPortingBlockingMainSwift6",
            dependencies: ["AWSMobileClientCompat"],
            path: "Tests/CompatPorting/Swift6Script"
        ),
        .target(
            name: "CognitoAuthTesting",
            dependencies: ["CognitoAuth", "SystemCrypto"],
            swiftSettings: strictSettings
        ),
        // The key vocabulary and the byte decoder: plain Swift, no curses, shared by the view models and
        // the toolkit so both speak one key type.
        .target(
            name: "TerminalKeys",
            swiftSettings: strictSettings
        ),
        .target(
            name: "AuthScreens",
            dependencies: ["CivilTime", "CognitoAuth", "LatchkeyText", "TerminalKeys"],
            swiftSettings: strictSettings
        ),
        // Test support for the view models: the fake AuthService and the TCA-style TestStore.
        .target(
            name: "AuthScreensTesting",
            dependencies: ["AuthScreens", "CognitoAuth", "CognitoAuthTesting", "TerminalKeys"],
            swiftSettings: strictSettings
        ),
        // The terminal toolkit: cell grid, widgets, renderer, keys, QR codes. It knows nothing of auth.
        .target(
            name: "TerminalKit",
            dependencies: ["CNCurses", "TerminalKeys"],
            swiftSettings: strictSettings
        ),
        // The application: the auth screens drawn with the toolkit, and the runtime that drives them.
        .target(
            name: "TerminalUI",
            dependencies: ["AuthScreens", "CognitoAuth", "LatchkeyText", "TerminalKit", "TerminalKeys"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "latchkey",
            dependencies: [
                "CivilTime",
                "CognitoAuth",
                "AuthScreens",
                "LatchkeyText",
                "SecurityKeys",
                "TerminalUI",
                "TerminalKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CognitoAuthTests",
            dependencies: ["CognitoAuth", "CognitoAuthTesting", "CBigNum"],
            // Real configuration files, read from the source tree by ConfigurationFormatTests.
            exclude: ["Fixtures"],
            swiftSettings: strictSettings
        ),
        // The libfido2 authenticator through the real libfido2 and the software CTAP2 device (and, nested in the
        // serialized backend suite, passkey sign-in with it against the local backend).
        .testTarget(
            name: "SecurityKeysTests",
            dependencies: [
                "CFIDO2", "CognitoAuth", "CognitoAuthTesting", "IntegrationTestSupport", "SecurityKeys",
                "SecurityKeysTesting",
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CivilTimeTests",
            dependencies: ["CivilTime"],
            swiftSettings: strictSettings
        ),
        // The toolkit alone: cell grid, widgets, text width, QR codes, themes, frames (no auth).
        .testTarget(
            name: "TerminalKitTests",
            dependencies: ["TerminalKit", "TerminalKeys"],
            swiftSettings: strictSettings
        ),
        // The text catalogs alone: every text translated, placeholders, the language from the locale.
        .testTarget(
            name: "LatchkeyTextTests",
            dependencies: ["LatchkeyText"],
            swiftSettings: strictSettings
        ),
        // The repository's layering, read from the sources: the drawn import list and the "never" rules.
        .testTarget(
            name: "LayeringTests",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SystemCryptoTests",
            dependencies: ["SystemCrypto"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "AWSSigV4Tests",
            dependencies: ["AWSSigV4"],
            resources: [.copy("Vectors")],
            swiftSettings: strictSettings
        ),
        // What the integration targets share: the serialized "Local backend" suite they all nest in (one
        // test at a time across the four, since they share one local backend), the built binary's runner,
        // tmux sessions, store helpers. A plain target, as test targets cannot depend on test targets.
        .target(
            name: "IntegrationTestSupport",
            dependencies: ["CognitoAuth", "CognitoAuthTesting"],
            path: "Tests/IntegrationTestSupport",
            swiftSettings: strictSettings
        ),
        // The library against the local backend, in process: flows, tokens, identity pools, the compat layer.
        integrationTestTarget(
            "BackendIntegrationTests",
            also: [
                "AWSMobileClientCompat", "AWSMobileClientTerminalUI", "AWSSigV4", "CompatPortingSwift6",
                "CompatPortingSwift5", "CompatPortingBlockingMain", "CompatPortingBlockingMainSwift6",
            ]),
        // The built `latchkey` binary, one command at a time: words, exit codes, credentials, the hosted UI.
        integrationTestTarget("CLIIntegrationTests", also: ["AWSSigV4", "AuthScreens", "SecurityKeysTesting"]),
        // The full-screen UI of the built binary, driven in tmux.
        integrationTestTarget("TUIIntegrationTests", also: ["SecurityKeysTesting"]),
        // Several processes on one store: races, kill -9, crashes, the keyring, the process runner itself.
        integrationTestTarget("MultiProcessIntegrationTests"),
        .testTarget(
            name: "AuthScreensTests",
            dependencies: ["AuthScreens", "AuthScreensTesting", "LatchkeyText", "TerminalKeys", "CognitoAuthTesting"],
            swiftSettings: strictSettings
        ),
        // Unit tests of the executable's own code (what `latchkey config` prints).
        .testTarget(
            name: "latchkeyTests",
            dependencies: ["latchkey", "LatchkeyText", "CognitoAuth"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "TerminalKit", "TerminalKeys", "AuthScreensTesting", "CognitoAuthTesting", "LatchkeyText",
            ],
            // The frozen screens, read from (and recorded into) the source tree by the snapshot tests.
            exclude: ["Snapshots"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
