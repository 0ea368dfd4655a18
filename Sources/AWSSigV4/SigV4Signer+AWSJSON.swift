import Foundation

extension SigV4Request {
    /// The content type of the AWS JSON 1.1 protocol.
    public static let awsJSON11ContentType = "application/x-amz-json-1.1"

    /// An unsigned AWS JSON 1.1 call: `POST /` to `host` with `X-Amz-Target: target` and a JSON body.
    ///
    /// - Parameters:
    ///   - host: the endpoint host, for example `cognito-identity.us-east-1.amazonaws.com`.
    ///   - target: the operation, for example `AWSCognitoIdentityService.GetId`.
    ///   - body: the JSON document, UTF-8 encoded.
    public static func awsJSON11(host: String, target: String, body: [UInt8]) -> SigV4Request {
        SigV4Request(
            method: "POST",
            path: "/",
            headers: [
                Header(name: "Host", value: host),
                Header(name: "Content-Type", value: awsJSON11ContentType),
                Header(name: "X-Amz-Target", value: target),
            ],
            body: body
        )
    }
}

extension SigV4Signer {
    /// Builds and signs an AWS JSON 1.1 call (`POST /`, `X-Amz-Target`, JSON body) to this service.
    ///
    /// - Parameters:
    ///   - target: the operation, for example `AWSCognitoIdentityService.GetCredentialsForIdentity`.
    ///   - body: the JSON document, UTF-8 encoded.
    ///   - host: the endpoint host; `nil` means `<service>.<region>.amazonaws.com`.
    ///   - date: the signing time.
    public func signedAWSJSON11(
        target: String, body: [UInt8], host: String? = nil, date: Date
    ) -> SigV4Request {
        let request = SigV4Request.awsJSON11(
            host: host ?? "\(service).\(region).amazonaws.com", target: target, body: body)
        return signed(request, date: date)
    }
}
