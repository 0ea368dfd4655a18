import CFIDO2
import CognitoAuth
import Foundation

/// One opened security key: libfido2's `fido_dev_t`, driven from a thread of its own, cancellable from any thread.
///
/// libfido2 blocks while a key waits for a touch, so every call runs on a dedicated thread, never on Swift's
/// cooperative pool. `fido_dev_cancel` may be sent from another thread while a request waits (it writes one CTAPHID
/// CANCEL report); it is sent again every 200 ms until the request ends, so a cancel that arrives between two reports
/// of a request is not lost.
///
/// `@unchecked Sendable`: `handle` is used by one operation at a time (the ceremony runs them one after another) and
/// by `cancel`, which holds `lock` as `close` does, so the handle is never freed under a cancel; `operationRunning` and
/// `cancelRequested` are read and written only under `lock`.
final class OpenedSecurityKey: @unchecked Sendable {
    /// The key's name as the person knows it.
    let name: String
    /// Where it was found.
    let descriptor: SecurityKeyDescriptor
    private var handle: OpaquePointer?
    private let lock = NSLock()
    private var operationRunning = false
    private var cancelRequested = false

    private init(descriptor: SecurityKeyDescriptor, handle: OpaquePointer) {
        self.descriptor = descriptor
        self.name = descriptor.name
        self.handle = handle
    }

    /// Opens the key `descriptor` names (blocking: call it on a thread of its own); libfido2's error code on failure.
    static func open(_ descriptor: SecurityKeyDescriptor, timeout: Duration) -> Result<OpenedSecurityKey, Int32Error> {
        _ = LibFIDO2.initialised
        guard let device = fido_dev_new() else { return .failure(Int32Error(code: FIDO_ERR_INTERNAL)) }
        if var functions = descriptor.transport?.functions {
            let status = fido_dev_set_io_functions(device, &functions)
            guard status == FIDO_OK else {
                var freed: OpaquePointer? = device
                fido_dev_free(&freed)
                return .failure(Int32Error(code: status))
            }
        }
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000)
        var status = fido_dev_set_timeout(device, milliseconds)
        if status == FIDO_OK { status = fido_dev_open(device, descriptor.path) }
        guard status == FIDO_OK else {
            var freed: OpaquePointer? = device
            fido_dev_free(&freed)
            return .failure(Int32Error(code: status))
        }
        return .success(OpenedSecurityKey(descriptor: descriptor, handle: device))
    }

    /// Whether the key has a PIN set (its `clientPin` option is true).
    var hasPIN: Bool { lock.withLock { handle.map(fido_dev_has_pin) ?? false } }
    /// Whether the key verifies the person itself (fingerprint: its `uv` option is true).
    var hasBuiltInVerification: Bool { lock.withLock { handle.map(fido_dev_has_uv) ?? false } }

    /// Runs `body` with the device on a new thread and returns what it returns; cancelling the calling task cancels
    /// the request on the key (`fido_dev_cancel`), so `body` ends with FIDO_ERR_KEEPALIVE_CANCEL (or another error).
    /// Once the key is cancelled, `body` is not run and the answer is FIDO_ERR_KEEPALIVE_CANCEL.
    func run<T: Sendable>(_ body: @escaping @Sendable (OpaquePointer) -> Result<T, Int32Error>) async
        -> Result<T, Int32Error>
    {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<T, Int32Error>, Never>) in
                let device = lock.withLock { () -> OpaquePointer? in
                    guard !cancelRequested, let handle else { return nil }
                    operationRunning = true
                    return handle
                }
                guard let device else {
                    continuation.resume(returning: .failure(Int32Error(code: FIDO_ERR_KEEPALIVE_CANCEL)))
                    return
                }
                let box = DevicePointer(pointer: device)
                let thread = Thread { [self] in
                    let status = body(box.pointer)
                    lock.withLock { operationRunning = false }
                    continuation.resume(returning: status)
                }
                thread.name = "latchkey-security-key"
                thread.start()
            }
        } onCancel: {
            cancel()
        }
    }

    /// Cancels the running request, if any, and every request after it: sends `fido_dev_cancel` now and every 200 ms
    /// while a request runs (at most 50 times).
    func cancel() {
        lock.withLock { cancelRequested = true }
        let thread = Thread { [self] in
            for _ in 0..<50 {
                let sent = lock.withLock { () -> Bool in
                    guard operationRunning, let handle else { return false }
                    _ = fido_dev_cancel(handle)
                    return true
                }
                if !sent { return }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        thread.name = "latchkey-security-key-cancel"
        thread.start()
    }

    /// Sends one `fido_dev_cancel` now (the keys not chosen by touch), without marking the key cancelled.
    func cancelPendingTouch() {
        lock.withLock {
            if let handle { _ = fido_dev_cancel(handle) }
        }
    }

    /// Closes the key and frees libfido2's device (blocking for a moment: a closing report may be written).
    func close() {
        lock.withLock {
            guard let device = handle else { return }
            _ = fido_dev_close(device)
            var freed: OpaquePointer? = device
            fido_dev_free(&freed)
            handle = nil
        }
    }

    /// The device handle for a short blocking call on the calling thread (retries, touch polling); nil once closed.
    func withDevice<T>(_ body: (OpaquePointer) -> T) -> T? {
        lock.withLock { handle.map(body) }
    }

    deinit { close() }
}

/// A `fido_dev_t` handed to the operation's thread.
///
/// `@unchecked Sendable`: the pointer moves to one thread, which alone uses it for the operation (see
/// ``OpenedSecurityKey``).
struct DevicePointer: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A libfido2 status code carried as an error.
struct Int32Error: Error {
    /// The code (`FIDO_ERR_…`).
    var code: Int32
}
