// Fuzzes the configuration parser: `AuthConfiguration.parse(_:path:)` on `awsconfiguration.json`
// and Amplify `amplifyconfiguration.json` documents, and the values derived from a parsed configuration.
//
// Input: the file's bytes, with repeat instructions expanded (`expandingRepeats`: `0x01 <high> <low>
// <length> <bytes>`), so that short inputs reach deep nesting and large files.
import CognitoAuth
import Foundation
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withFuzzInput(data, size) { input in
        let bytes = expandingRepeats(input)
        let configuration: AuthConfiguration
        do throws(ConfigurationError) {
            configuration = try AuthConfiguration.parse(Data(bytes), path: "fuzz/awsconfiguration.json")
        } catch {
            fuzzExpect(error.file == "fuzz/awsconfiguration.json", "the error does not name the file")
            fuzzExpect(!error.problem.isEmpty && !error.fix.isEmpty, "an error without problem or fix")
            let description = error.description
            fuzzExpect(
                description.hasPrefix("fuzz/awsconfiguration.json:"), "the description does not start with the file")
            _ = AuthError.configuration(error).description
            return
        }
        check(configuration)
    }
}

private func check(_ configuration: AuthConfiguration) {
    fuzzExpect(configuration.sourcePath == "fuzz/awsconfiguration.json", "sourcePath not kept")
    fuzzExpect(
        configuration.userPool != nil || configuration.identityPool != nil, "accepted a configuration with no pool")
    if let pool = configuration.userPool {
        fuzzExpect(AuthConfiguration.isValidUserPoolId(pool.poolId), "accepted user pool id \(pool.poolId)")
        fuzzExpect(!pool.appClientId.isEmpty, "accepted an empty app client id")
        fuzzExpect(pool.appClientSecret.map { !$0.isEmpty } ?? true, "kept an empty client secret")
        fuzzExpect(!pool.poolName.isEmpty && !pool.poolName.contains("_"), "poolName \(pool.poolName)")
        checkEndpoint(pool.endpoint)
        _ = pool.resolvedEndpoint
        _ = pool.providerKey
        _ = pool.issuer
    }
    if let pool = configuration.identityPool {
        fuzzExpect(AuthConfiguration.isValidIdentityPoolId(pool.poolId), "accepted identity pool id \(pool.poolId)")
        checkEndpoint(pool.endpoint)
        _ = pool.resolvedEndpoint
    }
    let manager = configuration.identityManager
    fuzzExpect(
        !manager.allowSimultaneousActiveAccounts || manager.allowIdentityMerging,
        "accepted simultaneous accounts without merging")
    checkEndpoint(configuration.latchkey.stsEndpoint)
    checkEndpoint(configuration.latchkey.jwksURL)
    checkEndpoint(configuration.latchkey.testAidURL)
    _ = configuration.latchkey.ui?.stringMap
    // Parsing is a function of the bytes: hashing and equality hold up.
    _ = configuration.hashValue
    fuzzExpect(configuration == configuration, "a configuration is not equal to itself")
}

private func checkEndpoint(_ url: URL?) {
    guard let url else { return }
    let scheme = url.scheme?.lowercased()
    fuzzExpect(scheme == "http" || scheme == "https", "accepted endpoint scheme \(scheme ?? "nil")")
    fuzzExpect(url.host != nil, "accepted an endpoint without a host: \(url)")
}
