import AWSSigV4
import Testing

@Suite("AWSSigningCredentials")
struct AWSSigningCredentialsTests {
    let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY"
    let token = "FwoGZXIvYXdzEXAMPLESESSIONTOKEN"

    @Test("description, debugDescription and dump mask the secret and the session token")
    func masksSecrets() {
        let credentials = AWSSigningCredentials(
            accessKeyId: "AKIDEXAMPLE", secretAccessKey: secret, sessionToken: token)
        var dumped = ""
        dump(credentials, to: &dumped)
        let renderings = [
            credentials.description, credentials.debugDescription, String(describing: credentials),
            String(reflecting: credentials), "\(credentials)", dumped,
        ]
        for text in renderings {
            #expect(text.contains("AKIDEXAMPLE"))
            #expect(!text.contains(secret))
            #expect(!text.contains(token))
            #expect(!text.contains("wJalr"))
            #expect(text.contains("<redacted>"))
        }
    }

    @Test("description says when there is no session token")
    func noToken() {
        let credentials = AWSSigningCredentials(accessKeyId: "AKIDEXAMPLE", secretAccessKey: secret)
        #expect(credentials.sessionToken == nil)
        #expect(
            credentials.description
                == "AWSSigningCredentials(accessKeyId: AKIDEXAMPLE, secretAccessKey: <redacted>, sessionToken: nil)")
        #expect(!credentials.debugDescription.contains(secret))
    }
}
