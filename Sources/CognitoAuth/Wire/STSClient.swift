import AWSSigV4
import Foundation

/// The caller's identity as STS reports it.
public struct CallerIdentity: Sendable, Hashable {
    /// The 12-digit AWS account id the credentials belong to.
    public var account: String
    /// The ARN of the assumed role or user.
    public var arn: String
    /// The unique id of the calling entity (for an assumed role, `ROLEID:session-name`).
    public var userId: String
}

/// STS `GetCallerIdentity`, signed with SigV4: the sample service call that uses AWS credentials.
package struct STSClient: Sendable {
    /// The endpoint, such as `https://sts.us-east-1.amazonaws.com/`.
    package var endpoint: URL
    /// The region the request is signed for (SigV4 credential scope).
    package var region: String
    /// The transport the signed request is sent through.
    package var transport: any HTTPTransport
    /// The total deadline of one request.
    package var timeout: Duration

    /// Creates a client for `endpoint`, signing for `region`; requests time out after `timeout`.
    package init(endpoint: URL, region: String, transport: any HTTPTransport, timeout: Duration = .seconds(15)) {
        self.endpoint = endpoint
        self.region = region
        self.transport = transport
        self.timeout = timeout
    }

    /// Calls GetCallerIdentity with credentials from `provider`, signed at `date`.
    package func getCallerIdentity(using provider: some AWSCredentialsProvider, date: Date = Date()) async throws
        -> CallerIdentity
    {
        let signing = try await provider.signingCredentials()
        return try await getCallerIdentity(
            credentials: AWSCredentials(
                accessKeyId: signing.accessKeyId, secretAccessKey: signing.secretAccessKey,
                sessionToken: signing.sessionToken ?? "", expiration: .distantFuture),
            date: date)
    }

    /// Calls GetCallerIdentity with `credentials` at time `date`.
    package func getCallerIdentity(credentials: AWSCredentials, date: Date = Date()) async throws -> CallerIdentity {
        let body = Array("Action=GetCallerIdentity&Version=2011-06-15".utf8)
        let host = endpoint.host.map { host in endpoint.port.map { "\(host):\($0)" } ?? host } ?? "sts.amazonaws.com"
        let unsigned = SigV4Request(
            method: "POST", path: endpoint.path.isEmpty ? "/" : endpoint.path,
            headers: [
                .init("Host", host), .init("Content-Type", "application/x-www-form-urlencoded; charset=utf-8"),
            ],
            body: body)
        let signer = SigV4Signer(
            credentials: AWSSigningCredentials(
                accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey,
                sessionToken: credentials.sessionToken),
            region: region, service: "sts")
        let signed = signer.signed(unsigned, date: date)
        let request = HTTPRequestData(
            url: endpoint, method: "POST",
            headers: signed.headers.filter { $0.name.lowercased() != "host" }.map { (name: $0.name, value: $0.value) },
            body: body)
        let response = try await transport.send(request, timeout: timeout)
        let text = String(decoding: response.body, as: UTF8.self)
        guard response.status == 200 else {
            let code = Self.element("Code", in: text) ?? "HTTP \(response.status)"
            let message = Self.element("Message", in: text) ?? "GetCallerIdentity failed"
            if response.status >= 500 || code == "Throttling" { throw AuthError.internalError("\(code): \(message)") }
            throw AuthError.fromService(
                type: code == "InvalidClientTokenId" || code == "ExpiredToken" ? "NotAuthorizedException" : code,
                message: message)
        }
        guard let account = Self.element("Account", in: text), let arn = Self.element("Arn", in: text) else {
            throw AuthError.invalidResponse(
                status: response.status, detail: "GetCallerIdentity answered without Account and Arn")
        }
        return CallerIdentity(account: account, arn: arn, userId: Self.element("UserId", in: text) ?? "")
    }

    /// The text of the first `<name>…</name>` element.
    static func element(_ name: String, in xml: String) -> String? {
        guard let open = xml.range(of: "<\(name)>"),
            let close = xml.range(of: "</\(name)>", range: open.upperBound..<xml.endIndex)
        else { return nil }
        return String(xml[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension AuthClient {
    /// STS GetCallerIdentity with the current AWS credentials, through the wait / resume path.
    public func getCallerIdentity(_ options: TokenRequestOptions = TokenRequestOptions(label: "GetCallerIdentity"))
        async throws -> CallerIdentity
    {
        let region = configuration.identityPool?.region ?? configuration.userPool?.region ?? "us-east-1"
        let endpoint = configuration.latchkey.stsEndpoint ?? URL(string: "https://sts.\(region).amazonaws.com/")
        guard let endpoint else { throw AuthError.invalidParameter("no STS endpoint for region \(region)") }
        let sts = STSClient(
            endpoint: endpoint, region: region, transport: transport, timeout: self.options.requestTimeout)
        // The path any signing client takes: credentials from this client's provider (fetched, or
        // waited for, before the STS request is counted as reaching the backend).
        let signing = try await credentialsProvider(options).signingCredentials()
        let now = clock.now()
        return try await reachingBackend {
            try await sts.getCallerIdentity(using: StaticCredentialsProvider(signing), date: now)
        }
    }
}
