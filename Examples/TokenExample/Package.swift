// swift-tools-version:6.0
// A small command-line program that uses only the CognitoAuth library: sign in, print the claims,
// sign an STS request with the user's AWS credentials. Build it from this folder: `swift build`.
import PackageDescription

let package = Package(
    name: "TokenExample",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Latchkey", path: "../..")],
    targets: [
        .executableTarget(
            name: "TokenExample",
            dependencies: [
                .product(name: "CognitoAuth", package: "Latchkey"),
                .product(name: "AWSSigV4", package: "Latchkey"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
