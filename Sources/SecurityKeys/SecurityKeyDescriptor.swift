import CFIDO2
import CognitoAuth
import Foundation

/// One security key libfido2 can open: its path, the name the person knows it by, and, in tests, the I/O functions
/// that stand in for the USB HID device.
public struct SecurityKeyDescriptor: Sendable {
    /// libfido2's path for the key (`/dev/hidraw3`, `nfc:…`, or any string the custom I/O functions accept).
    public var path: String
    /// The key's name as the person knows it: its manufacturer and product strings (`Yubico YubiKey OTP+FIDO+CCID`).
    public var name: String
    /// I/O functions installed with `fido_dev_set_io_functions` before the key is opened; nil for a real key.
    public var transport: SecurityKeyTransport?

    /// Creates a descriptor for the key at `path` named `name`, opened through `transport` when one is given.
    public init(path: String, name: String, transport: SecurityKeyTransport? = nil) {
        self.path = path
        self.name = name
        self.transport = transport
    }

    /// The WebAuthn transport to report for the key: `nfc` for libfido2's NFC and PC/SC paths, else `usb`.
    var webAuthnTransport: String {
        path.hasPrefix("nfc:") || path.hasPrefix("pcsc:") ? "nfc" : "usb"
    }
}

/// libfido2 I/O functions (`open`, `close`, `read`, `write` over single HID reports) for a key that is not a local
/// USB device: the tests' software CTAP2 authenticator.
///
/// `@unchecked Sendable`: it holds four C function pointers, which are immutable and callable from any thread; the
/// functions themselves must be thread-safe (libfido2 writes a cancel from another thread while a request waits).
public struct SecurityKeyTransport: @unchecked Sendable {
    /// The functions, as `fido_dev_set_io_functions` takes them.
    public var functions: fido_dev_io_t

    /// Wraps `functions`.
    public init(functions: fido_dev_io_t) { self.functions = functions }
}

/// Where the authenticator finds security keys: libfido2's device manifest, or a fixed list in tests.
public struct SecurityKeyDiscovery: Sendable {
    /// Lists the keys present now.
    public var list: @Sendable () -> [SecurityKeyDescriptor]

    /// A discovery that calls `list`.
    public init(list: @escaping @Sendable () -> [SecurityKeyDescriptor]) { self.list = list }

    /// The keys libfido2 finds (`fido_dev_info_manifest`: USB HID, and NFC where libfido2 was built with it), and the
    /// key at `LATCHKEY_SECURITY_KEY_SOCKET` in the process's environment when it is set and usable.
    public static let system = system(environment: ProcessInfo.processInfo.environment)

    /// The keys libfido2 finds, and the key at `LATCHKEY_SECURITY_KEY_SOCKET` in `environment` when it is set and
    /// usable (``SocketSecurityKey``; a refused socket is left out).
    public static func system(environment: [String: String]) -> SecurityKeyDiscovery {
        SecurityKeyDiscovery {
            let socket = try? SocketSecurityKey.configured(environment: environment)?.get()
            return LibFIDO2.manifest() + (socket.map { [$0] } ?? [])
        }
    }
}

/// The process-wide libfido2 set-up and its device manifest.
enum LibFIDO2 {
    /// `fido_init` runs once, before the first call (FIDO_DEBUG in the environment turns libfido2's log on).
    static let initialised: Bool = {
        fido_init(0)
        return true
    }()

    /// The most keys listed at once.
    static let manifestLimit = 64

    /// The keys libfido2 finds now.
    static func manifest() -> [SecurityKeyDescriptor] {
        _ = initialised
        guard let list = fido_dev_info_new(manifestLimit) else { return [] }
        var infos: OpaquePointer? = list
        defer { fido_dev_info_free(&infos, manifestLimit) }
        var found = 0
        guard fido_dev_info_manifest(list, manifestLimit, &found) == FIDO_OK else { return [] }
        return (0..<min(found, manifestLimit)).compactMap { index -> SecurityKeyDescriptor? in
            guard let info = fido_dev_info_ptr(list, index), let path = fido_dev_info_path(info) else { return nil }
            let words = [fido_dev_info_manufacturer_string(info), fido_dev_info_product_string(info)]
                .compactMap { $0.map { String(cString: $0) } }.filter { !$0.isEmpty }
            let name = TerminalText.sanitized(words.isEmpty ? "security key" : words.joined(separator: " "))
            return SecurityKeyDescriptor(path: String(cString: path), name: name)
        }
    }

    /// libfido2's name for `code` (`FIDO_ERR_PIN_INVALID`), sanitised.
    static func name(of code: Int32) -> String {
        guard let text = fido_strerr(code) else { return "libfido2 error \(code)" }
        return TerminalText.sanitized(String(cString: text))
    }
}
