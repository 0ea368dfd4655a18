import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// N11 and N18: plain http leaves this machine only when the user says so, and no URL error shows a password.
@Suite("Endpoints: plain http only to this machine; no user name or password in any URL message")
struct EndpointSafetyTests {
    static let remote = [
        "http://192.0.2.2:5000", "http://cognito.example.com/", "http://10.0.0.1", "http://[fd00::2]:80",
    ]

    @Test(
        "Plain http to another host is refused at every URL key, naming the key and the way out",
        arguments: InputValidationTests.urlKeys)
    func remotePlainHTTPIsRefused(key: String) {
        for url in Self.remote {
            do {
                _ = try AuthConfiguration.parse(
                    Data(InputValidationTests.configuration(key: key, url: url).utf8), path: "/c.json")
                Issue.record("\(key) = \(url) was accepted")
            } catch {
                #expect(error.key == key, "\(url): \(error.description)")
                #expect(error.problem.contains("plain http"), "\(error.problem)")
                #expect(error.fix.contains("https") && error.fix.contains("LATCHKEY_ALLOW_INSECURE_HTTP=1"))
                #expect(AuthError.configuration(error).failureKind == .configuration)
            }
        }
    }

    @Test(
        "LATCHKEY_ALLOW_INSECURE_HTTP=1 allows it; loopback http and https need nothing",
        arguments: InputValidationTests.urlKeys)
    func allowedEndpointsLoad(key: String) throws {
        for url in Self.remote {
            _ = try AuthConfiguration.parse(
                Data(InputValidationTests.configuration(key: key, url: url).utf8),
                environment: ["LATCHKEY_ALLOW_INSECURE_HTTP": "1"])
        }
        for url in [
            "http://127.0.0.1:5000", "http://127.9.8.7:1", "http://localhost:5000", "http://LOCALHOST.:5000",
            "http://[::1]:5000", "https://cognito.example.com", "https://192.0.2.2:443",
        ] {
            _ = try AuthConfiguration.parse(Data(InputValidationTests.configuration(key: key, url: url).utf8))
        }
        for notLoopback in ["http://127.0.0.1.example.com", "http://localhost.example.com", "http://1270.0.0.1"] {
            #expect(throws: ConfigurationError.self, "\(notLoopback)") {
                _ = try AuthConfiguration.parse(
                    Data(InputValidationTests.configuration(key: key, url: notLoopback).utf8))
            }
        }
    }

    @Test("AWS_ENDPOINT_URL and the per-service variables follow the same rule")
    func environmentEndpointsFollowTheRule() throws {
        let json = InputValidationTests.configuration(key: "Latchkey.JWKSURL", url: "http://127.0.0.1:1")
        for name in ["AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER", "AWS_ENDPOINT_URL_STS"] {
            do {
                _ = try AuthConfiguration.parse(Data(json.utf8), environment: [name: "http://192.0.2.2:5000"])
                Issue.record("\(name) = http://192.0.2.2:5000 was accepted")
            } catch {
                #expect(error.key == name, "\(error.description)")
                #expect(error.problem.contains("plain http"))
            }
            _ = try AuthConfiguration.parse(
                Data(json.utf8), environment: [name: "http://192.0.2.2:5000", "LATCHKEY_ALLOW_INSECURE_HTTP": "1"])
        }
    }

    @Test("A URL's password is never echoed, whatever the scheme and wherever the URL came from")
    func passwordsAreNeverEchoed() {
        let urls = [
            "ftp://admin:S3CRETPW@127.0.0.1", "gopher://admin:S3CRETPW@127.0.0.1:70/x", "admin:S3CRETPW@127.0.0.1",
            "file://admin:S3CRETPW@/etc/passwd", "http://admin:S3CRETPW@127.0.0.1:99999",
            "https://admin:S3CRETPW@[::1", "http://admin:S3CRETPW@192.0.2.2:5000",
        ]
        for url in urls {
            for key in InputValidationTests.urlKeys {
                do {
                    _ = try AuthConfiguration.parse(
                        Data(InputValidationTests.configuration(key: key, url: url).utf8), path: "/c.json")
                    Issue.record("\(key) = \(url) was accepted")
                } catch {
                    #expect(!error.description.contains("S3CRETPW"), "\(error.description)")
                    #expect(!error.description.contains("admin"), "\(error.description)")
                }
            }
            let json = InputValidationTests.configuration(key: "Latchkey.JWKSURL", url: "http://127.0.0.1:1")
            do {
                _ = try AuthConfiguration.parse(Data(json.utf8), environment: ["AWS_ENDPOINT_URL": url])
                Issue.record("AWS_ENDPOINT_URL = \(url) was accepted")
            } catch {
                #expect(!error.description.contains("S3CRETPW"), "\(error.description)")
            }
        }
        #expect(AuthConfiguration.displayedURL("ftp://u:p@h/x@y") == "ftp://…@h/x@y")
        #expect(AuthConfiguration.displayedURL("http://h/path?q=a@b") == "http://h/path?q=a@b")
    }
}
