/// Our sentences for libfido2's error codes (`fido/err.h`): what went wrong and the next step, for
/// ``PasskeyFailure/securityKey(authenticator:code:name:)``.
///
/// Codes 0x01–0xdf are the authenticator's CTAP2 status codes, passed on by libfido2; the negative ones are
/// libfido2's own. The core knows them as numbers only, so it links no libfido2.
public enum SecurityKeyError {
    /// What went wrong, as a clause ("the PIN is blocked").
    public static func sentence(_ code: Int32) -> String {
        if let known = entries[code] { return known.sentence }
        return code < 0 ? "libfido2 failed" : "the key refused the request"
    }

    /// The next step, one sentence.
    public static func nextStep(_ code: Int32) -> String {
        entries[code]?.next ?? "Try again; if it fails again, unplug the key, plug it back in, or sign in another way."
    }

    /// The codes the English table words (for the test that compares it with the other languages').
    package static var englishCodes: Set<Int32> { Set(entries.keys) }

    private static let retry = "Try again; if it fails again, unplug the key, plug it back in, or sign in another way."
    private static let reset =
        "Reset the key's FIDO application with its maker's tool (this deletes its passkeys), or use another key."

    /// Code → (sentence, next step).
    private static let entries: [Int32: (sentence: String, next: String)] = [
        0x01: ("it does not know the command", "Update the key's firmware, or use another key."),
        0x02: ("it rejected a parameter", retry),
        0x03: ("it rejected the message's length", retry),
        0x04: ("the message arrived out of order", retry),
        0x05: ("it timed out while receiving the message", retry),
        0x06: ("it is busy with another program", "Close the other program that uses the key, then try again."),
        0x0a: ("it needs a lock it does not have", retry),
        0x0b: ("the channel is not valid", retry),
        0x11: ("the request's CBOR had an unexpected type", retry),
        0x12: ("the request's CBOR is not valid", retry),
        0x14: ("a parameter is missing", retry),
        0x15: ("a limit was exceeded", retry),
        0x16: ("it does not support an extension", "Use another key."),
        0x17: ("its fingerprint store is full", "Remove a fingerprint with the maker's tool."),
        0x18: ("its large-blob store is full", "Free space on the key with the maker's tool."),
        0x19: (
            "it already holds a passkey for this account",
            "Use the passkey it has (`latchkey sign-in --method passkey`), or add one on another key."
        ),
        0x21: ("it is still processing", retry),
        0x22: ("the credential is not valid", retry),
        0x23: ("it is waiting for you", "Touch the key when it blinks, then try again."),
        0x24: ("another operation is pending", retry),
        0x25: ("there is no operation to continue", retry),
        0x26: ("it does not support ES256 (P-256)", "Use a key that makes ES256 passkeys."),
        0x27: ("the operation was denied", retry),
        0x28: ("its passkey store is full", "Remove a passkey from the key with the maker's tool, or use another key."),
        0x29: ("it is not busy", retry),
        0x2a: ("no operation is pending", retry),
        0x2b: (
            "it does not support an option asked for (user verification)",
            "Set a PIN on the key with the maker's tool, or use a key that verifies you."
        ),
        0x2c: ("an option is not valid", retry),
        0x2d: ("the request was cancelled", retry),
        0x2e: (
            "it holds no passkey for this account and site",
            "Use the key the passkey was made on, or add a passkey with `latchkey passkey add`."
        ),
        0x2f: ("nobody touched it in time", "Try again, and touch the key when it blinks."),
        0x30: ("the operation is not allowed", retry),
        0x31: ("the PIN is wrong", "Try again with the right PIN."),
        0x32: ("its PIN is blocked after too many wrong PINs", reset),
        0x33: ("the PIN check failed", retry),
        0x34: (
            "it blocks PINs until it is plugged in again, after three wrong ones",
            "Unplug the key, plug it back in, and try again with the right PIN."
        ),
        0x35: ("it has no PIN set", "Set a PIN on the key with the maker's tool (e.g. `fido2-token -S`)."),
        0x36: ("it needs its PIN", "Run the command on a terminal so the PIN can be asked."),
        0x37: ("the PIN breaks its PIN rules (4 to 63 characters)", "Enter a PIN of 4 to 63 characters."),
        0x38: ("the PIN session expired", retry),
        0x39: ("the request is too large for it", "Use another key."),
        0x3a: ("it timed out", "Try again, and touch the key when it blinks."),
        0x3b: ("it needs a touch", "Touch the key when it blinks."),
        0x3c: ("its built-in user verification is blocked", "Use its PIN, or reset it with the maker's tool."),
        0x3f: ("it could not verify you", "Try again."),
        0x40: ("the PIN session lacks the permission", retry),
        0x7f: ("it failed", retry),
        -1: ("it could not be written to (unplugged?)", "Check the key is plugged in, and try again."),
        -2: ("it did not answer in time, or could not be read", "Check the key is plugged in, and try again."),
        -3: ("its answer is not CBOR", retry),
        -4: ("its answer is not valid CBOR", retry),
        -5: ("libfido2 rejected a parameter", retry),
        -6: ("its signature does not verify", "Use another key."),
        -7: ("libfido2 rejected an argument", retry),
        -8: ("it needs a touch", "Touch the key when it blinks."),
        -9: ("libfido2 failed internally", retry),
        -10: ("it was not found", "Check the key is plugged in, and try again."),
        -11: ("libfido2 could not decompress its answer", retry),
    ]
}
