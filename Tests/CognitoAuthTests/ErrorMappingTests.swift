import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

@Suite("Wire error mapping")
struct ErrorMappingTests {
    /// Every exception name `AuthError.fromService` knows, with the case it must become for message "m".
    static let mappings: [(String, AuthError)] = [
        ("NotAuthorizedException", .notAuthorized("m")),
        ("UserNotFoundException", .userNotFound("m")),
        ("UserNotConfirmedException", .userNotConfirmed("m")),
        ("UsernameExistsException", .usernameExists("m")),
        ("AliasExistsException", .aliasExists("m")),
        ("CodeMismatchException", .codeMismatch("m")),
        ("ExpiredCodeException", .expiredCode("m")),
        ("InvalidPasswordException", .invalidPassword("m")),
        ("PasswordHistoryPolicyViolationException", .passwordHistoryPolicyViolation("m")),
        ("InvalidParameterException", .invalidParameter("m")),
        ("InvalidParameterCombinationException", .invalidParameter("m")),
        ("ValidationException", .invalidParameter("m")),
        ("PasswordResetRequiredException", .passwordResetRequired("m")),
        ("TooManyRequestsException", .tooManyRequests("m")),
        ("ThrottlingException", .tooManyRequests("m")),
        ("Throttling", .tooManyRequests("m")),
        ("LimitExceededException", .limitExceeded("m")),
        ("TooManyFailedAttemptsException", .tooManyFailedAttempts("m")),
        ("ResourceNotFoundException", .resourceNotFound("m")),
        ("CodeDeliveryFailureException", .codeDeliveryFailure("m")),
        ("MFAMethodNotFoundException", .mfaMethodNotFound("m")),
        ("SoftwareTokenMFANotFoundException", .softwareTokenMFANotFound("m")),
        ("EnableSoftwareTokenMFAException", .enableSoftwareTokenMFA("m")),
        ("InvalidUserPoolConfigurationException", .invalidUserPoolConfiguration("m")),
        ("InvalidSmsRoleAccessPolicyException", .invalidUserPoolConfiguration("m")),
        ("InvalidSmsRoleTrustRelationshipException", .invalidUserPoolConfiguration("m")),
        ("InvalidEmailRoleAccessPolicyException", .invalidUserPoolConfiguration("m")),
        ("InvalidOAuthFlowException", .invalidUserPoolConfiguration("m")),
        ("UserPoolAddOnNotEnabledException", .invalidUserPoolConfiguration("m")),
        ("InvalidLambdaResponseException", .lambdaFailure(type: "InvalidLambdaResponseException", message: "m")),
        ("UnexpectedLambdaException", .lambdaFailure(type: "UnexpectedLambdaException", message: "m")),
        ("UserLambdaValidationException", .lambdaFailure(type: "UserLambdaValidationException", message: "m")),
        ("UnsupportedOperationException", .unsupported(type: "UnsupportedOperationException", message: "m")),
        ("UnsupportedTokenTypeException", .unsupported(type: "UnsupportedTokenTypeException", message: "m")),
        (
            "UnsupportedIdentityProviderException",
            .unsupported(type: "UnsupportedIdentityProviderException", message: "m")
        ),
        ("UnsupportedUserStateException", .unsupported(type: "UnsupportedUserStateException", message: "m")),
        ("ForbiddenException", .forbidden("m")),
        ("UnauthorizedException", .forbidden("m")),
        ("AccessDeniedException", .forbidden("m")),
        ("ConcurrentModificationException", .concurrentModification("m")),
        ("ResourceConflictException", .resourceConflict("m")),
        ("ExternalServiceException", .externalService("m")),
        ("InvalidIdentityPoolConfigurationException", .invalidIdentityPoolConfiguration("m")),
        ("DeveloperUserAlreadyRegisteredException", .developerUserAlreadyRegistered("m")),
        ("InternalErrorException", .internalError("m")),
        ("InternalFailure", .internalError("m")),
        ("InternalServerError", .internalError("m")),
        ("ServiceUnavailable", .internalError("m")),
    ]

    static var exceptionNames: [String] { mappings.map(\.0) }

    func decodeError(_ response: HTTPResponseData, sourceLocation: SourceLocation = #_sourceLocation) -> AuthError? {
        do {
            let value = try AWSJSONClient.decode(response, operation: "InitiateAuth")
            Issue.record("decoded \(value) instead of throwing", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    @Test("Each Cognito exception maps to its case with the server's message", arguments: exceptionNames)
    func exceptionMapping(_ name: String) throws {
        let expected = try #require(Self.mappings.first { $0.0 == name }?.1)
        // Through fromService directly.
        #expect(AuthError.fromService(type: name, message: "m") == expected)
        // And through a 400 answer on the wire, with the message kept.
        let message = "Server says: \(name) happened."
        let error = decodeError(ScriptedTransport.error(name, message))
        let viaWire = AuthError.fromService(type: name, message: message)
        #expect(error == viaWire)
        // A wrong code is our sentence alone (ux-3 item 25): every other exception keeps the server's message.
        if case .codeMismatch? = error {
            #expect(error?.description.contains(message) == false)
        } else {
            #expect(error?.description.contains(message) == true)
        }
    }

    @Test("The mapping table covers a distinct case for every known exception name")
    func noNameFallsThrough() {
        for (name, _) in Self.mappings {
            if case .service = AuthError.fromService(type: name, message: "") {
                Issue.record("\(name) fell through to .service")
            }
        }
    }

    @Test("namespace#Type is stripped")
    func namespacePrefix() {
        let error = decodeError(
            ScriptedTransport.error(
                "com.amazonaws.cognito.identity.idp.model#UserNotFoundException", "User does not exist."))
        #expect(error == .userNotFound("User does not exist."))
        #expect(AWSJSONClient.normalise(type: "a.b#c.d#NotAuthorizedException") == "NotAuthorizedException")
    }

    @Test("Type:http://… is stripped")
    func urlSuffix() {
        let error = decodeError(
            ScriptedTransport.error(
                "NotAuthorizedException:http://internal.amazon.com/coral/com.amazon.coral.service/",
                "Incorrect username or password."))
        #expect(error == .notAuthorized("Incorrect username or password."))
        #expect(AWSJSONClient.normalise(type: "ns#CodeMismatchException:http://x/y") == "CodeMismatchException")
    }

    @Test("The x-amzn-ErrorType header alone is enough")
    func headerOnly() {
        let empty = HTTPResponseData(
            status: 400, headers: [("x-amzn-ErrorType", "NotAuthorizedException:http://internal.amazon.com/coral/")],
            body: [])
        #expect(decodeError(empty) == .notAuthorized(""))
        // Case-insensitive header name, with a non-JSON body.
        let text = HTTPResponseData(
            status: 400, headers: [("X-Amzn-ErrorType", "TooManyRequestsException")], body: Array("Rate exceeded".utf8))
        #expect(decodeError(text) == .tooManyRequests(""))
        // `Message` (capitalised) is accepted as the message.
        let capital = ScriptedTransport.json(
            ["__type": "ExpiredCodeException", "Message": "Code expired"], status: 400)
        #expect(decodeError(capital) == .expiredCode("Code expired"))
    }

    @Test("An HTML 502 page is invalidResponse, transient, exit code 3")
    func htmlBadGateway() {
        let page = "<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>"
        let error = decodeError(
            HTTPResponseData(status: 502, headers: [("Content-Type", "text/html")], body: Array(page.utf8)))
        guard case .invalidResponse(let status, let detail)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(status == 502)
        #expect(detail.contains("HTML"))
        #expect(error?.isTransient == true)
        #expect(error?.failureKind == .network)
        #expect(error?.isNetworkFailure == false)
    }

    @Test("A truncated JSON 200 is invalidResponse")
    func truncatedSuccess() {
        let error = decodeError(
            HTTPResponseData(status: 200, body: Array(#"{"AuthenticationResult": {"IdToken": "ey"#.utf8)))
        guard case .invalidResponse(200, _)? = error else {
            Issue.record("expected invalidResponse(200), got \(String(describing: error))")
            return
        }
        #expect(error?.isTransient == false)
        #expect(error?.failureKind == .authentication)
    }

    @Test(
        "A 200 with a JSON array (or scalar) is invalidResponse", arguments: ["[]", "[1,2]", "\"text\"", "42", "null"])
    func nonObjectSuccess(_ body: String) {
        let error = decodeError(HTTPResponseData(status: 200, body: Array(body.utf8)))
        guard case .invalidResponse(200, _)? = error else {
            Issue.record("expected invalidResponse(200), got \(String(describing: error))")
            return
        }
    }

    @Test("An empty 200 body is an empty object")
    func emptySuccess() throws {
        #expect(try AWSJSONClient.decode(HTTPResponseData(status: 200), operation: "GlobalSignOut") == .object([:]))
        #expect(try AWSJSONClient.decode(ScriptedTransport.json(["a": 1]), operation: "X") == ["a": 1])
    }

    @Test("An unknown type is .service, kept verbatim")
    func unknownType() {
        #expect(
            decodeError(ScriptedTransport.error("BrandNewException", "new"))
                == .service(type: "BrandNewException", message: "new"))
        #expect(AuthError.service(type: "BrandNewException", message: "new").isTransient == false)
    }

    @Test("A 5xx with an unknown type is internalError; a known type keeps its case")
    func serverErrorUnknownType() {
        let error = decodeError(ScriptedTransport.error("SomethingBrokeException", "oops", status: 503))
        guard case .internalError(let message)? = error else {
            Issue.record("expected internalError, got \(String(describing: error))")
            return
        }
        #expect(message.contains("SomethingBrokeException"))
        #expect(message.contains("oops"))
        #expect(error?.isTransient == true)
        #expect(
            decodeError(ScriptedTransport.error("TooManyRequestsException", "slow", status: 500))
                == .tooManyRequests("slow"))
    }

    @Test("A 4xx without a JSON error is invalidResponse naming the size")
    func plainTextClientError() {
        let error = decodeError(HTTPResponseData(status: 403, body: Array("Forbidden".utf8)))
        guard case .invalidResponse(403, let detail)? = error else {
            Issue.record("expected invalidResponse(403), got \(String(describing: error))")
            return
        }
        #expect(detail.contains("9 bytes"))
        #expect(error?.isTransient == false)
    }

    @Test("isTransient: network, throttling, limits, server errors, 5xx/0/429 answers")
    func transience() {
        #expect(AuthError.network(kind: .connectionRefused, message: "x").isTransient)
        #expect(AuthError.network(kind: .timedOut, message: "x").isNetworkFailure)
        #expect(AuthError.tooManyRequests("x").isTransient)
        #expect(!AuthError.tooManyRequests("x").isNetworkFailure)
        #expect(AuthError.limitExceeded("x").isTransient)
        #expect(AuthError.internalError("x").isTransient)
        #expect(AuthError.invalidResponse(status: 500, detail: "x").isTransient)
        #expect(AuthError.invalidResponse(status: 0, detail: "x").isTransient)
        #expect(AuthError.invalidResponse(status: 429, detail: "x").isTransient)
        #expect(!AuthError.invalidResponse(status: 200, detail: "x").isTransient)
        #expect(!AuthError.invalidResponse(status: 404, detail: "x").isTransient)
        #expect(!AuthError.notAuthorized("x").isTransient)
        #expect(!AuthError.invalidParameter("x").isTransient)
        #expect(!AuthError.userNotFound("x").isTransient)
        #expect(!AuthError.signedOut.isTransient)
    }

    @Test("failureKind: authentication, configuration, network, re-login, storage")
    func failureKinds() {
        #expect(AuthError.notAuthorized("x").failureKind == .authentication)
        #expect(AuthError.userNotFound("x").failureKind == .authentication)
        #expect(AuthError.configuration(ConfigurationError(problem: "p", fix: "f")).failureKind == .configuration)
        #expect(AuthError.network(kind: .dnsFailure, message: "x").failureKind == .network)
        #expect(AuthError.invalidResponse(status: 502, detail: "x").failureKind == .network)
        #expect(AuthError.invalidResponse(status: 0, detail: "x").failureKind == .network)
        #expect(AuthError.invalidResponse(status: 200, detail: "x").failureKind == .authentication)
        #expect(AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid).failureKind == .reloginRequired)
        #expect(AuthError.signInWaitCancelled.failureKind == .reloginRequired)
        #expect(AuthError.deadlineExceeded.failureKind == .authentication)
        #expect(AuthError.storage("disk full").failureKind == .storage)
        #expect(AuthError.unsafeStore("world-readable").failureKind == .configuration)
    }

    @Test("Requests are POSTed with the JSON 1.1 headers and target")
    func requestShape() async throws {
        let transport = ScriptedTransport { _ in ScriptedTransport.json(["ok": true]) }
        let client = AWSJSONClient(
            targetPrefix: AWSJSONClient.userPoolsTarget, endpoint: try #require(URL(string: "http://127.0.0.1:9/")),
            transport: transport)
        let answer = try await client.call("GetUser", ["AccessToken": "abc"])
        #expect(answer == ["ok": true])
        let request = try #require(transport.sent.first)
        #expect(request.method == "POST")
        #expect(request.header("content-type") == "application/x-amz-json-1.1")
        #expect(request.header("X-Amz-Target") == "AWSCognitoIdentityProviderService.GetUser")
        #expect(request.json == ["AccessToken": "abc"])
    }

    static let secret = "hunter2-SUPER-SECRET-password-0123"
    static let token = "eyJraWQiOiJTRUNSRVQtVE9LRU4tdmFsdWUifQ.secret-token-payload.sig"

    @Test(
        "Error descriptions never contain a password or token from the request",
        arguments: ["network", "html", "json-error", "garbage-200", "5xx-unknown"])
    func descriptionsDoNotLeakSecrets(_ failure: String) async throws {
        let transport = ScriptedTransport { request in
            let body = String(decoding: request.body, as: UTF8.self)
            switch failure {
            case "network":
                throw AuthError.network(kind: .connectionRefused, message: "connect to 127.0.0.1:9 refused")
            case "html":
                return HTTPResponseData(status: 502, body: Array("<html>bad gateway</html>".utf8))
            case "json-error":
                return ScriptedTransport.error("NotAuthorizedException", "Incorrect username or password.")
            case "garbage-200":
                // A broken proxy that echoes the request in a non-JSON body.
                return HTTPResponseData(status: 200, body: Array(("echo: " + body).utf8))
            default:
                return HTTPResponseData(status: 500, body: Array(("<pre>" + body + "</pre>").utf8))
            }
        }
        let client = AWSJSONClient(
            targetPrefix: AWSJSONClient.userPoolsTarget, endpoint: try #require(URL(string: "http://127.0.0.1:9/")),
            transport: transport)
        do {
            _ = try await client.call(
                "RespondToAuthChallenge",
                [
                    "ChallengeName": "NEW_PASSWORD_REQUIRED",
                    "ChallengeResponses": ["NEW_PASSWORD": .string(Self.secret), "USERNAME": "alice"],
                    "Session": .string(Self.token),
                ])
            Issue.record("the call succeeded")
        } catch {
            // The request really carried the secrets.
            let sent = String(decoding: try #require(transport.sent.first).body, as: UTF8.self)
            #expect(sent.contains(Self.secret))
            for text in ["\(error)", String(describing: error), String(reflecting: error), error.localizedDescription] {
                #expect(!text.contains(Self.secret), "password leaked: \(text)")
                #expect(!text.contains(Self.token), "token leaked: \(text)")
                #expect(!text.contains("hunter2"), "password fragment leaked: \(text)")
            }
        }
    }
}

@Suite("JSON nesting limit")
struct JSONNestingTests {
    @Test("Absurdly nested JSON is refused quickly; realistic nesting and brackets inside strings are fine")
    func nesting() {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(JSONValue.parse(Array(deep.utf8)) == nil)
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(JSONValue.parse(Array(fine.utf8)) != nil)
        let quoted = #"{"a":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\"{{{"}"#
        #expect(JSONValue.parse(Array(quoted.utf8))?["a"]?.stringValue?.hasPrefix("[[[") == true)
    }
}
