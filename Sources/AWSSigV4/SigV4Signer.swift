import Foundation
import SystemCrypto

/// Signs HTTP requests with AWS Signature Version 4 (`AWS4-HMAC-SHA256`), using the `Authorization` header.
///
/// Use ``signed(_:date:)`` to sign a request. The lower-level ``canonicalRequest(for:)``,
/// ``stringToSign(for:date:)`` and ``signature(for:date:)`` work on a request exactly as given:
/// pass them the output of ``addingSigningHeaders(to:date:)`` to see what `signed(_:date:)` signs.
public struct SigV4Signer: Sendable {
    /// Choices that differ between services or that the AWS test suite varies.
    public struct Options: Sendable, Hashable {
        /// Whether to remove `.` and `..` segments and duplicate slashes from the path before signing.
        ///
        /// On for every service but S3.
        public var normalizesPath: Bool

        /// Whether to URI-encode the wire path once more, so that `%20` is signed as `%2520`.
        ///
        /// On for every service but S3. When off, existing `%XX` escapes are kept and only
        /// characters that are not yet encoded are encoded.
        public var doubleEncodesPath: Bool

        /// Whether ``SigV4Signer/signed(_:date:)`` adds (and signs) an `X-Amz-Content-Sha256` header
        /// holding the hex SHA-256 of the body. S3 requires it; it is off for other services.
        public var addsContentSHA256Header: Bool

        /// Whether `X-Amz-Security-Token` is added before signing (and so signed), rather than after.
        ///
        /// On by default. Off sends the token without signing it, as in the AWS test suite's
        /// `omit_session_token` cases.
        public var signsSessionToken: Bool

        /// Creates options; the defaults are those of every service but S3.
        public init(
            normalizesPath: Bool = true,
            doubleEncodesPath: Bool = true,
            addsContentSHA256Header: Bool = false,
            signsSessionToken: Bool = true
        ) {
            self.normalizesPath = normalizesPath
            self.doubleEncodesPath = doubleEncodesPath
            self.addsContentSHA256Header = addsContentSHA256Header
            self.signsSessionToken = signsSessionToken
        }

        /// The options AWS expects for `service`: S3 gets raw paths and a content hash header.
        public static func defaults(forService service: String) -> Options {
            if service == "s3" {
                return Options(
                    normalizesPath: false, doubleEncodesPath: false, addsContentSHA256Header: true)
            }
            return Options()
        }
    }

    /// The signing algorithm named in the string to sign and the `Authorization` header.
    public static let algorithm = "AWS4-HMAC-SHA256"

    /// The credentials whose secret key signs and whose access key ID and token are sent.
    public let credentials: AWSSigningCredentials

    /// The AWS region in the credential scope, for example `us-east-1`.
    public let region: String

    /// The signing name of the service in the credential scope, for example `sts` or `cognito-identity`.
    public let service: String

    /// The canonicalisation and header choices in force.
    public let options: Options

    /// Creates a signer for one region and service; `options` defaults to ``Options/defaults(forService:)``.
    public init(
        credentials: AWSSigningCredentials, region: String, service: String, options: Options? = nil
    ) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.options = options ?? .defaults(forService: service)
    }

    /// Returns `request` signed at `date`: with `X-Amz-Date`, `X-Amz-Security-Token` when the
    /// credentials have a session token, `X-Amz-Content-Sha256` when the options ask for it, and
    /// `Authorization`.
    ///
    /// Any of these headers already present is replaced, so re-signing a request (a retry) works.
    public func signed(_ request: SigV4Request, date: Date) -> SigV4Request {
        let toSign = addingSigningHeaders(to: request, date: date)
        let signedHeaders = canonicalHeaders(of: toSign).signedHeaders
        let authorization =
            "\(Self.algorithm) Credential=\(credentials.accessKeyId)/\(credentialScope(date: date)), "
            + "SignedHeaders=\(signedHeaders), Signature=\(signature(for: toSign, date: date))"
        var result = strippingSigningHeaders(from: request)
        result.headers += signingHeaders(for: request, date: date, includingToken: true)
        result.headers.append(.init(name: "Authorization", value: authorization))
        return result
    }

    /// Returns `request` with the headers that are signed along with it: `X-Amz-Date`, the
    /// session token (unless ``Options/signsSessionToken`` is off) and `X-Amz-Content-Sha256`
    /// (when ``Options/addsContentSHA256Header`` is on); any `Authorization` header is removed.
    public func addingSigningHeaders(to request: SigV4Request, date: Date) -> SigV4Request {
        var result = strippingSigningHeaders(from: request)
        result.headers += signingHeaders(
            for: request, date: date, includingToken: options.signsSessionToken)
        return result
    }

    /// The canonical request (task 1 of SigV4) for `request` exactly as given.
    ///
    /// It is method, canonical URI, canonical query string, canonical headers, signed header
    /// names and payload hash, one per line. The payload hash is the value of an
    /// `X-Amz-Content-Sha256` header when the request has one (for example `UNSIGNED-PAYLOAD`),
    /// or else the hex SHA-256 of the body.
    public func canonicalRequest(for request: SigV4Request) -> String {
        let headers = canonicalHeaders(of: request)
        return [
            request.method,
            canonicalURI(for: request.path),
            Self.canonicalQueryString(for: request.query),
            headers.canonical,
            headers.signedHeaders,
            Self.payloadHash(of: request),
        ].joined(separator: "\n")
    }

    /// The string to sign (task 2 of SigV4) for `request` exactly as given, at `date`.
    ///
    /// `date` must be the time in the request's `X-Amz-Date` header.
    public func stringToSign(for request: SigV4Request, date: Date) -> String {
        let hash = SHA256.hash(data: Array(canonicalRequest(for: request).utf8))
        return [
            Self.algorithm,
            SigV4DateFormatter.timestamp(from: date),
            credentialScope(date: date),
            URIEncoding.hex(hash),
        ].joined(separator: "\n")
    }

    /// The hex signature (task 3 of SigV4) of `request` exactly as given, at `date`.
    public func signature(for request: SigV4Request, date: Date) -> String {
        let key = signingKey(date: date)
        let mac = HMAC.sha256(key: key, message: Array(stringToSign(for: request, date: date).utf8))
        return URIEncoding.hex(mac)
    }

    /// The credential scope `yyyyMMdd/region/service/aws4_request` for `date`.
    func credentialScope(date: Date) -> String {
        "\(SigV4DateFormatter.dateStamp(from: date))/\(region)/\(service)/aws4_request"
    }

    /// The signing key derived from the secret key, date, region and service.
    func signingKey(date: Date) -> [UInt8] {
        var key = Array("AWS4\(credentials.secretAccessKey)".utf8)
        for part in [SigV4DateFormatter.dateStamp(from: date), region, service, "aws4_request"] {
            key = HMAC.sha256(key: key, message: Array(part.utf8))
        }
        return key
    }

    /// `request` without the headers that signing sets.
    private func strippingSigningHeaders(from request: SigV4Request) -> SigV4Request {
        var result = request
        result.removeHeaders(named: "Authorization")
        result.removeHeaders(named: "X-Amz-Date")
        if credentials.effectiveSessionToken != nil {
            result.removeHeaders(named: "X-Amz-Security-Token")
        }
        if options.addsContentSHA256Header {
            result.removeHeaders(named: "X-Amz-Content-Sha256")
        }
        return result
    }

    /// The headers signing adds to `request`, in the order the AWS test suite shows them.
    private func signingHeaders(
        for request: SigV4Request, date: Date, includingToken: Bool
    ) -> [SigV4Request.Header] {
        var headers: [SigV4Request.Header] = []
        if includingToken, let token = credentials.effectiveSessionToken {
            headers.append(.init(name: "X-Amz-Security-Token", value: token))
        }
        headers.append(.init(name: "X-Amz-Date", value: SigV4DateFormatter.timestamp(from: date)))
        if options.addsContentSHA256Header {
            let hash = URIEncoding.hex(SHA256.hash(data: request.body))
            headers.append(.init(name: "X-Amz-Content-Sha256", value: hash))
        }
        return headers
    }
}
