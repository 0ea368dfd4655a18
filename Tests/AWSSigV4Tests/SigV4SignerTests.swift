import AWSSigV4
import Foundation
import Testing

@Suite("SigV4Signer")
struct SigV4SignerTests {
    /// 2015-08-30T12:36:00Z, the AWS test suite's time.
    let date = Date(timeIntervalSince1970: 1_440_938_160)
    let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    let token = "6e86291e8372ff2a2260956d9b8aae1d763fbf315fa00fa31553b73ebf194267"

    var vanilla: SigV4Request {
        SigV4Request(method: "GET", path: "/", headers: [.init("Host", "example.amazonaws.com")])
    }

    func signer(
        token: String? = nil, service: String = "service", options: SigV4Signer.Options? = nil
    ) -> SigV4Signer {
        SigV4Signer(
            credentials: AWSSigningCredentials(
                accessKeyId: "AKIDEXAMPLE", secretAccessKey: secret, sessionToken: token),
            region: "us-east-1",
            service: service,
            options: options
        )
    }

    @Test("A signed request keeps its headers and adds X-Amz-Date and Authorization")
    func signedHeadersWithoutToken() {
        let signed = signer().signed(vanilla, date: date)
        #expect(
            signed.headers == [
                .init("Host", "example.amazonaws.com"),
                .init("X-Amz-Date", "20150830T123600Z"),
                .init(
                    "Authorization",
                    "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                        + "SignedHeaders=host;x-amz-date, "
                        + "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"),
            ])
        #expect(signed.method == "GET")
        #expect(signed.path == "/")
        #expect(signed.query == "")
        #expect(signed.body.isEmpty)
    }

    @Test("With a session token, X-Amz-Security-Token is added and signed")
    func signedHeadersWithToken() {
        let signed = signer(token: token).signed(vanilla, date: date)
        #expect(signed.values(forHeader: "x-amz-security-token") == [token])
        #expect(signed.values(forHeader: "X-Amz-Date") == ["20150830T123600Z"])
        #expect(
            signed.values(forHeader: "Authorization") == [
                "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, "
                    + "SignedHeaders=host;x-amz-date;x-amz-security-token, "
                    + "Signature=07ec1639c89043aa0e3e2de82b96708f198cceab042d4a97044c66dd9f74e7f8"
            ])
        #expect(signed.value(forHeader: "X-Amz-Content-Sha256") == nil)
    }

    @Test("An empty session token is treated as none")
    func emptyToken() {
        let signed = signer(token: "").signed(vanilla, date: date)
        #expect(signed.value(forHeader: "X-Amz-Security-Token") == nil)
        #expect(signed.value(forHeader: "Authorization")?.contains("SignedHeaders=host;x-amz-date,") == true)
    }

    @Test("Re-signing replaces the signing headers instead of adding more")
    func resigning() {
        let s = signer(token: token, options: .init(addsContentSHA256Header: true))
        let once = s.signed(vanilla, date: date)
        let twice = s.signed(once, date: date)
        #expect(twice == once)
        let later = s.signed(once, date: date.addingTimeInterval(86_400))
        #expect(later.values(forHeader: "X-Amz-Date") == ["20150831T123600Z"])
        #expect(later.values(forHeader: "Authorization").count == 1)
        #expect(later.values(forHeader: "X-Amz-Security-Token").count == 1)
        #expect(later.values(forHeader: "X-Amz-Content-Sha256").count == 1)
    }

    @Test("X-Amz-Content-Sha256 holds the body hash and is signed when asked for")
    func contentSHA256Header() {
        var request = vanilla
        request.method = "PUT"
        request.body = Array("hello".utf8)
        let signed = signer(options: .init(addsContentSHA256Header: true)).signed(request, date: date)
        let hash = "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"  // SHA-256 of "hello"
        #expect(signed.values(forHeader: "X-Amz-Content-Sha256") == [hash])
        #expect(
            signed.value(forHeader: "Authorization")?.contains(
                "SignedHeaders=host;x-amz-content-sha256;x-amz-date,") == true)
    }

    @Test("A declared X-Amz-Content-Sha256 (UNSIGNED-PAYLOAD) is used as the payload hash")
    func declaredPayloadHash() {
        var request = vanilla
        request.body = Array("ignored".utf8)
        request.headers.append(.init("X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD"))
        let canonical = signer().canonicalRequest(for: request)
        #expect(canonical.hasSuffix("\nUNSIGNED-PAYLOAD"))
    }

    @Test("With signsSessionToken off the token is sent but left out of the signature")
    func tokenAfterSigning() {
        let s = signer(token: token, options: .init(signsSessionToken: false))
        let signed = s.signed(vanilla, date: date)
        #expect(signed.values(forHeader: "X-Amz-Security-Token") == [token])
        let authorization = signed.value(forHeader: "Authorization") ?? ""
        #expect(authorization.contains("SignedHeaders=host;x-amz-date,"))
        #expect(authorization.hasSuffix(s.signature(for: s.addingSigningHeaders(to: vanilla, date: date), date: date)))
    }

    @Test("Header names are lower-cased and sorted, values trimmed and collapsed, duplicates joined")
    func canonicalHeaders() {
        let request = SigV4Request(
            method: "POST",
            path: "/",
            headers: [
                .init("Host", "example.amazonaws.com"),
                .init(" ZZ-Last ", "x"),
                .init("My-Header", "  a \t b\n   c  "),
                .init("my-header", "second"),
                .init("User-Agent", "not signed"),
                .init("Authorization", "stale"),
                .init("Empty", ""),
            ]
        )
        let canonical = signer().canonicalRequest(for: request)
        let lines = canonical.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            Array(lines.prefix(10)) == [
                "POST", "/", "", "empty:", "host:example.amazonaws.com", "my-header:a b c,second", "zz-last:x", "",
                "empty;host;my-header;zz-last",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ])
    }

    @Test(
        "Query parameters are decoded, RFC 3986 encoded and sorted by key then value",
        arguments: [
            ("", ""),
            ("b=2&a=1&a=0", "a=0&a=1&b=2"),
            ("flag&empty=&x=1", "empty=&flag=&x=1"),
            ("e=x+y&f=%zz&g=%7e&h=%41&i=a%2Fb", "e=x%2By&f=%25zz&g=~&h=A&i=a%2Fb"),
            ("ሴ=bar&sp=a b", "%E1%88%B4=bar&sp=a%20b"),
            ("a=1&&b=2&", "a=1&b=2"),
            ("k=-._~AZaz09", "k=-._~AZaz09"),
            ("k=v=w", "k=v%3Dw"),
            ("a_b=1&aB=2&a-b=3", "a-b=3&aB=2&a_b=1"),
        ])
    func canonicalQuery(query: String, expected: String) {
        var request = vanilla
        request.query = query
        let lines = signer().canonicalRequest(for: request).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 2)
        #expect(lines.dropFirst(2).first.map(String.init) == expected)
    }

    @Test(
        "Paths are normalised and double-encoded for services other than S3",
        arguments: [
            ("", "/"),
            ("/", "/"),
            ("//example//", "/example/"),
            ("/a/./b/../c", "/a/c"),
            ("/..", "/"),
            ("/my%20key/a b", "/my%2520key/a%20b"),
            ("/ሴ", "/%E1%88%B4"),
        ])
    func nonS3Paths(path: String, expected: String) {
        var request = vanilla
        request.path = path
        #expect(
            signer().canonicalRequest(for: request).split(separator: "\n").dropFirst().first.map(String.init)
                == expected)
    }

    @Test(
        "S3 paths are neither normalised nor encoded twice",
        arguments: [
            ("//my%20key/./a b/../c", "//my%20key/./a%20b/../c"),
            ("/100%", "/100%25"),
            ("", "/"),
        ])
    func s3Paths(path: String, expected: String) {
        var request = vanilla
        request.path = path
        let s3 = signer(service: "s3")
        #expect(s3.options == .init(normalizesPath: false, doubleEncodesPath: false, addsContentSHA256Header: true))
        #expect(s3.canonicalRequest(for: request).split(separator: "\n").dropFirst().first.map(String.init) == expected)
    }

    @Test("Default options differ only for S3")
    func defaultOptions() {
        #expect(signer(service: "sts").options == SigV4Signer.Options())
        #expect(signer(service: "cognito-identity").options == SigV4Signer.Options())
        #expect(signer(service: "s3").options.addsContentSHA256Header)
    }

    @Test("The AWS JSON 1.1 convenience builds a POST with the target, content type and default host")
    func awsJSON() {
        let body = Array(#"{"IdentityPoolId":"us-east-1:pool"}"#.utf8)
        let s = signer(token: token, service: "cognito-identity")
        let signed = s.signedAWSJSON11(target: "AWSCognitoIdentityService.GetId", body: body, date: date)
        #expect(signed.method == "POST")
        #expect(signed.path == "/")
        #expect(signed.query == "")
        #expect(signed.body == body)
        #expect(signed.value(forHeader: "Host") == "cognito-identity.us-east-1.amazonaws.com")
        #expect(signed.value(forHeader: "Content-Type") == "application/x-amz-json-1.1")
        #expect(signed.value(forHeader: "X-Amz-Target") == "AWSCognitoIdentityService.GetId")
        #expect(signed.value(forHeader: "X-Amz-Security-Token") == token)
        #expect(
            signed.value(forHeader: "Authorization")?.contains(
                "SignedHeaders=content-type;host;x-amz-date;x-amz-security-token;x-amz-target,") == true)
        let unsigned = SigV4Request.awsJSON11(
            host: "cognito-identity.us-east-1.amazonaws.com", target: "AWSCognitoIdentityService.GetId", body: body)
        #expect(s.signed(unsigned, date: date) == signed)
    }

    @Test("String to sign and signature follow from the canonical request")
    func layers() {
        let s = signer()
        let prepared = s.addingSigningHeaders(to: vanilla, date: date)
        #expect(
            s.canonicalRequest(for: prepared)
                == "GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n"
                + "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            s.stringToSign(for: prepared, date: date)
                == "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\n"
                + "bb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63")
        #expect(
            s.signature(for: prepared, date: date) == "5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31"
        )
    }
}
