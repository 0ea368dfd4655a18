// Fuzzes the AWS JSON 1.1 response decoding: `AWSJSONClient.decode(_:operation:)`, `JSONValue.parse`
// and the lenient accessors the user-pool and identity-pool decoders read answers with.
//
// Input layout: byte 0 picks the status (low nibble) and whether an `x-amzn-ErrorType` header is
// sent (bit 4; its value is the bytes up to the first newline) and the header's spelling (bit 5).
// The remaining bytes are the body.
import CognitoAuth
import Foundation
import FuzzSupport

private let statuses = [200, 201, 204, 299, 400, 401, 403, 404, 413, 429, 500, 502, 503, 0, 302, 600]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    withFuzzInput(data, size) { bytes in
        var reader = FuzzReader(bytes)
        let selector = reader.byte()
        let status = statuses[Int(selector & 0x0F)]
        var headers: [(name: String, value: String)] = [("Content-Type", "application/x-amz-json-1.1")]
        if selector & 0x10 != 0 {
            let value = String(decoding: reader.until(0x0A), as: UTF8.self)
            headers.append((selector & 0x20 != 0 ? "X-Amzn-ErrorType" : "x-amzn-errortype", value))
        }
        let body = Array(reader.rest)
        checkDecode(HTTPResponseData(status: status, headers: headers, body: body))
        // The parser on its own, on the whole input too (so the first byte is fuzzed as JSON as well).
        if let value = JSONValue.parse(bytes) { checkValue(value) }
    }
}

private func checkDecode(_ response: HTTPResponseData) {
    let success = (200..<300).contains(response.status)
    do throws(AuthError) {
        let json = try AWSJSONClient.decode(response, operation: "InitiateAuth")
        fuzzExpect(success, "decode returned a value for HTTP \(response.status)")
        fuzzExpect(json.objectValue != nil, "decode returned a non-object: \(json)")
        if response.body.isEmpty { fuzzExpect(json == .object([:]), "an empty body did not decode to {}") }
        readLikeTheClient(json)
        checkValue(json)
    } catch {
        switch error {
        case .invalidResponse(let status, let detail):
            fuzzExpect(status == response.status, "invalidResponse carries status \(status), not \(response.status)")
            fuzzExpect(!detail.isEmpty, "invalidResponse without detail")
        case .internalError:
            fuzzExpect(!success, "a 2xx answer decoded as internalError")
        default:
            fuzzExpect(!success, "a 2xx answer decoded as \(error)")
        }
        if case .service(_, let message) = error { fuzzExpect(message.count <= 500, "service message not truncated") }
        // Every error renders a message and classifies without trapping.
        _ = error.description
        _ = error.isTransient
        _ = error.failureKind
    }
}

/// Reads the fields Latchkey's decoders read from Cognito and Cognito Identity answers.
private func readLikeTheClient(_ json: JSONValue) {
    _ = json["ChallengeName"]?.stringValue
    _ = json["ChallengeParameters"]?.stringMap
    _ = json["Session"]?.stringValue
    let result = json["AuthenticationResult"]
    _ = result?["IdToken"]?.stringValue
    _ = result?["AccessToken"]?.stringValue
    _ = result?["RefreshToken"]?.stringValue
    _ = result?["ExpiresIn"]?.intValue
    _ = json["UserConfirmed"] == .bool(true)
    _ = json["UserSub"]?.stringValue
    for item in json["UserAttributes"]?.arrayValue ?? [] {
        _ = item["Name"]?.stringValue
        _ = item["Value"]?.stringValue
    }
    for details in (json["CodeDeliveryDetailsList"]?.arrayValue ?? []) + [json["CodeDeliveryDetails"] ?? .null] {
        _ = details["Destination"]?.stringValue
        _ = details["DeliveryMedium"]?.stringValue?.uppercased()
    }
    let credentials = json["Credentials"]
    _ = credentials?["AccessKeyId"]?.stringValue
    _ = credentials?["Expiration"]?.doubleValue.map { Date(timeIntervalSince1970: $0) }
    _ = json["IdentityId"]?.stringValue
}

/// Walks a parsed value through every accessor and checks their contracts and the encode/parse round trip.
private func checkValue(_ value: JSONValue, depth: Int = 0) {
    _ = value.stringMap
    switch value {
    case .null:
        fuzzExpect(value.stringValue == nil && value.doubleValue == nil, "null reads as a scalar")
    case .bool(let flag):
        fuzzExpect(value.stringValue == (flag ? "true" : "false"), "bool renders wrongly")
    case .number(let number):
        fuzzExpect(number.isFinite, "the parser produced a non-finite number \(number)")
        fuzzExpect(value.doubleValue == number, "doubleValue differs from the number")
        let text = value.stringValue
        fuzzExpect(text != nil, "a number has no stringValue")
        if let int = value.intValue { fuzzExpect(Double(int) == number, "intValue \(int) differs from \(number)") }
        if let text, number.rounded() == number, abs(number) < 1e15 {
            fuzzExpect(Int64(text) == Int64(number), "whole number \(number) rendered as \(text)")
        }
    case .string(let text):
        fuzzExpect(value.stringValue == text, "stringValue differs from the string")
        _ = value.doubleValue
        _ = value.intValue
    case .array(let elements):
        fuzzExpect(value.stringValue == nil && value.objectValue == nil, "an array reads as another kind")
        if depth < 64 { for element in elements { checkValue(element, depth: depth + 1) } }
    case .object(let members):
        fuzzExpect(value.stringMap.count <= members.count, "stringMap has more members than the object")
        if depth < 64 { for (_, member) in members { checkValue(member, depth: depth + 1) } }
    }
    if depth == 0 {
        let encoded = value.encoded()
        fuzzExpect(JSONValue.parse(encoded) == value, "encoded() does not parse back to the same value")
    }
}
