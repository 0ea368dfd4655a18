import CFIDO2
import Foundation
import SecurityKeys

/// One open connection to a ``SoftCTAPDevice``: CTAPHID over 64-byte reports (INIT, CBOR, CANCEL, KEEPALIVE,
/// ERROR), as libfido2's I/O functions see it.
///
/// `write` takes libfido2's reports (a report id byte, then 64 bytes), assembles messages and answers INIT at once;
/// a CBOR message runs on a thread of its own (it may wait for a touch), whose answer and keepalives are queued
/// for `read`, which waits up to libfido2's timeout for the next report.
///
/// `@unchecked Sendable`: every mutable property is read and written only under `condition`'s lock.
final class SoftCTAPConnection: @unchecked Sendable {
    let device: SoftCTAPDevice
    private let condition = NSCondition()
    private var outgoing: [[UInt8]] = []
    private var nextChannel: UInt32 = 0x0100_0000
    private var assembling: (channel: UInt32, command: UInt8, expected: Int, data: [UInt8], sequence: UInt8)?
    private var running: SoftCTAPRequest?

    init(device: SoftCTAPDevice) { self.device = device }

    /// Takes one report from libfido2; returns the bytes written, or -1.
    func write(_ report: [UInt8]) -> Int32 {
        guard report.count == 65 else { return -1 }
        let frame = Array(report.dropFirst())
        let channel = frame[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        if frame[4] & 0x80 != 0 {
            let command = frame[4] & 0x7f
            let length = Int(frame[5]) << 8 | Int(frame[6])
            let data = Array(frame[7..<min(64, 7 + length)])
            switch command {
            case 0x11:  // CANCEL
                device.lock.withLock { device.cancelCount += 1 }
                condition.withLock { running?.cancel() }
            case 0x06 where length == 8:  // INIT
                let assigned = condition.withLock { () -> UInt32 in
                    nextChannel += 1
                    return nextChannel
                }
                let payload = data + bytes(of: assigned) + [2, 1, 0, 0, 0x0d]
                send(channel: channel, command: 0x06, payload: payload)
            default:
                condition.withLock { assembling = (channel, command, length, data, 0) }
                finishIfComplete()
            }
        } else {
            let accepted = condition.withLock { () -> Bool in
                guard var message = assembling, message.channel == channel, frame[4] == message.sequence else {
                    return false
                }
                message.data += frame[5..<64]
                message.sequence += 1
                assembling = message
                return true
            }
            if accepted { finishIfComplete() }
        }
        return 65
    }

    /// Runs the assembled message once all its bytes arrived.
    private func finishIfComplete() {
        let message = condition.withLock { () -> (UInt32, UInt8, [UInt8])? in
            guard let message = assembling, message.data.count >= message.expected else { return nil }
            assembling = nil
            return (message.channel, message.command, Array(message.data.prefix(message.expected)))
        }
        guard let (channel, command, payload) = message else { return }
        guard command == 0x10 else {
            // Only CBOR is spoken: anything else gets ERROR (invalid command).
            send(channel: channel, command: 0x3f, payload: [0x01])
            return
        }
        let request = SoftCTAPRequest { [weak self] status in
            self?.send(channel: channel, command: 0x3b, payload: [status])
        }
        condition.withLock { running = request }
        let thread = Thread { [self] in
            let answer = device.respond(to: payload, request: request)
            condition.withLock { if running === request { running = nil } }
            send(channel: channel, command: 0x10, payload: answer)
        }
        thread.name = "soft-ctap"
        thread.start()
    }

    /// The connection is closed (libfido2 closed the key): a request still waiting for a touch ends now.
    func shutDown() { condition.withLock { running?.cancel() } }

    /// Frames `payload` into reports and queues them for `read`.
    func send(channel: UInt32, command: UInt8, payload: [UInt8]) {
        var reports: [[UInt8]] = []
        let head = bytes(of: channel) + [0x80 | command, UInt8(payload.count >> 8 & 0xff), UInt8(payload.count & 0xff)]
        var first = head + payload.prefix(57)
        first += [UInt8](repeating: 0, count: 64 - first.count)
        reports.append(first)
        var offset = 57
        var sequence: UInt8 = 0
        while offset < payload.count {
            var next = bytes(of: channel) + [sequence] + payload[offset..<min(payload.count, offset + 59)]
            next += [UInt8](repeating: 0, count: 64 - next.count)
            reports.append(next)
            offset += 59
            sequence += 1
        }
        condition.withLock {
            outgoing += reports
            condition.broadcast()
        }
    }

    /// The next report (64 bytes) into `buffer`, waiting up to `milliseconds` (-1: a minute); -1 when none came.
    func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int, milliseconds: Int32) -> Int32 {
        let wait = milliseconds < 0 ? 60.0 : Double(milliseconds) / 1000
        let deadline = Date(timeIntervalSinceNow: wait)
        condition.lock()
        defer { condition.unlock() }
        while outgoing.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        guard !outgoing.isEmpty, capacity >= 64 else { return -1 }
        let report = outgoing.removeFirst()
        for (index, byte) in report.enumerated() { buffer[index] = byte }
        return 64
    }

    private func bytes(of value: UInt32) -> [UInt8] {
        [UInt8(value >> 24 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }
}

/// One CBOR request in progress: its cancel flag and a way to send keepalives.
///
/// `@unchecked Sendable`: `cancelled` is read and written only under `lock`; `keepaliveSender` is immutable.
final class SoftCTAPRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private let keepaliveSender: @Sendable (UInt8) -> Void

    init(keepalive: @escaping @Sendable (UInt8) -> Void) { self.keepaliveSender = keepalive }

    /// Whether a CTAPHID_CANCEL arrived for it.
    var isCancelled: Bool { lock.withLock { cancelled } }
    /// Marks it cancelled.
    func cancel() { lock.withLock { cancelled = true } }
    /// Sends a CTAPHID_KEEPALIVE (1 processing, 2 waiting for a touch).
    func keepalive(status: UInt8) { keepaliveSender(status) }
}

/// The plugged-in software keys, by path, and the C I/O functions libfido2 calls.
///
/// `@unchecked Sendable`: `devices` is read and written only under `lock`.
final class SoftCTAPRegistry: @unchecked Sendable {
    static let shared = SoftCTAPRegistry()
    private let lock = NSLock()
    private var devices: [String: SoftCTAPDevice] = [:]

    func plug(_ device: SoftCTAPDevice) { lock.withLock { devices[device.path] = device } }
    func unplug(_ path: String) { _ = lock.withLock { devices.removeValue(forKey: path) } }
    func device(at path: String) -> SoftCTAPDevice? { lock.withLock { devices[path] } }

    /// The I/O functions for `fido_dev_set_io_functions`: the handle is a retained ``SoftCTAPConnection``.
    static let transport = SecurityKeyTransport(
        functions: fido_dev_io_t(
            open: { path in
                guard let path, let device = SoftCTAPRegistry.shared.device(at: String(cString: path)) else {
                    return nil
                }
                return Unmanaged.passRetained(SoftCTAPConnection(device: device)).toOpaque()
            },
            close: { handle in
                guard let handle else { return }
                let connection = Unmanaged<SoftCTAPConnection>.fromOpaque(handle)
                connection.takeUnretainedValue().shutDown()
                connection.release()
            },
            read: { handle, buffer, length, milliseconds in
                guard let handle, let buffer else { return -1 }
                let connection = Unmanaged<SoftCTAPConnection>.fromOpaque(handle).takeUnretainedValue()
                return connection.read(into: buffer, capacity: length, milliseconds: milliseconds)
            },
            write: { handle, buffer, length in
                guard let handle, let buffer else { return -1 }
                let connection = Unmanaged<SoftCTAPConnection>.fromOpaque(handle).takeUnretainedValue()
                return connection.write(Array(UnsafeBufferPointer(start: buffer, count: length)))
            }))
}
