import CFIDO2
import Foundation

/// Chooses among several keys the one touched first, as OpenSSH's `sk_select_by_touch` does: every key gets
/// `fido_dev_get_touch_begin`, then each is polled in turn (`fido_dev_get_touch_status`, 50 ms) until one is
/// touched; the others are cancelled.
///
/// `@unchecked Sendable`: `stopped` is read and written only under `lock`; the keys are used by `run` alone, on its
/// thread (`stop` only sets the flag).
final class TouchSelection: @unchecked Sendable {
    private let keys: [OpenedSecurityKey]
    private let deadline: ContinuousClock.Instant
    private let lock = NSLock()
    private var stopped = false

    /// A selection among `keys` that gives up after `timeout`.
    init(keys: [OpenedSecurityKey], timeout: Duration) {
        self.keys = keys
        self.deadline = .now + timeout
    }

    /// Stops the selection (the ceremony was cancelled): `run` cancels every key and returns.
    func stop() { lock.withLock { stopped = true } }

    /// The index of the key touched first; FIDO_ERR_KEEPALIVE_CANCEL when stopped, FIDO_ERR_USER_ACTION_TIMEOUT when
    /// nobody touched a key in time, the last key's error when every key failed. Blocking.
    func run() -> Result<Int, Int32Error> {
        var waiting = Set<Int>()
        var lastError = FIDO_ERR_INTERNAL
        for (index, key) in keys.enumerated() {
            let status = key.withDevice { fido_dev_get_touch_begin($0) } ?? FIDO_ERR_INVALID_ARGUMENT
            if status == FIDO_OK { waiting.insert(index) } else { lastError = status }
        }
        while !waiting.isEmpty {
            if lock.withLock({ stopped }) { return finish(chosen: nil, code: FIDO_ERR_KEEPALIVE_CANCEL) }
            if ContinuousClock.now >= deadline { return finish(chosen: nil, code: FIDO_ERR_USER_ACTION_TIMEOUT) }
            for index in waiting.sorted() {
                var touched: Int32 = 0
                let status =
                    keys[index].withDevice { fido_dev_get_touch_status($0, &touched, 50) } ?? FIDO_ERR_INVALID_ARGUMENT
                if status != FIDO_OK {
                    waiting.remove(index)
                    lastError = status
                } else if touched != 0 {
                    return finish(chosen: index, code: FIDO_OK)
                }
            }
        }
        return .failure(Int32Error(code: lastError))
    }

    /// Cancels the touch request on every key but `chosen`.
    private func finish(chosen: Int?, code: Int32) -> Result<Int, Int32Error> {
        for (index, key) in keys.enumerated() where index != chosen { key.cancelPendingTouch() }
        if let chosen { return .success(chosen) }
        return .failure(Int32Error(code: code))
    }
}
