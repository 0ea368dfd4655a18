import CNCurses
import Dispatch
import TerminalKeys

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Input: one poll(2) on the terminal and the wake-up pipe, the terminal's bytes passed to curses
/// through the feed pipe, and curses drained into a queue of decoded keys.
extension CursesTerminal {
    /// Reads keys for up to `timeout`, blocking the caller, and returns the first decoded key,
    /// or nil. ``Key/resize`` updates ``size`` first.
    public func readKey(timeout: Duration) -> Key? {
        guard isActive else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while isActive {
            if let key = dequeueKey() { return key }
            let events = cnc_wait_input(terminalDescriptorToPoll, wakeRead, waitMilliseconds(until: deadline))
            if let key = takeEvents(events, deadlinePassed: clock.now >= deadline) { return key }
            if clock.now >= deadline, decoder.pendingPaste == nil, heldBytes.isEmpty { return dequeueKey() }
        }
        return nil
    }

    /// Waits up to `timeout` for a key without blocking the main actor, and returns it; nil on
    /// timeout, cancellation or ``wake()``.
    ///
    /// The wait is one poll(2) on the terminal and the wake-up pipe, run off the main actor, so
    /// an idle UI makes no system calls between its own deadlines. Everything the terminal has
    /// ready is read in one go and decoded (a paste in one pass); the keys not returned stay
    /// queued for ``bufferedKey()``.
    public func nextKey(timeout: Duration) async -> Key? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while isActive, !Task.isCancelled {
            if let key = dequeueKey() { return key }
            let events = await Self.waitOffActor(
                input: terminalDescriptorToPoll, wake: wakeRead, wakeWrite: wakeWrite,
                milliseconds: waitMilliseconds(until: deadline))
            if let key = takeEvents(events, deadlinePassed: clock.now >= deadline) { return key }
            if events & 2 != 0 { return nil }
            if clock.now >= deadline, decoder.pendingPaste == nil, heldBytes.isEmpty { return dequeueKey() }
        }
        return nil
    }

    /// A key already read and decoded but not yet returned, without waiting.
    public func bufferedKey() -> Key? {
        dequeueKey()
    }

    /// Drops what was typed and not returned yet: the bytes the kernel holds for the terminal
    /// (`tcflush`), those held back or passed to curses, and the decoded keys, except resizes (curses'
    /// `flushinp()` for this reader, which feeds curses itself).
    public func discardTypeahead() {
        guard isActive else { return }
        _ = tcflush(options.inputDescriptor, TCIFLUSH)
        if cnc_wait_input(terminalDescriptorToPoll, -1, 0) & 1 != 0 { readTerminal() }
        forwardToCurses(escapeComplete: true)
        drainCurses()
        flushinp()
        // Of the keys not returned yet, only the resizes stay (the queue's head moves on from 0 again).
        queuedKeys = queuedKeys[queueHead...].filter { $0 == .resize }
        queueHead = 0
    }

    /// Ends a ``nextKey(timeout:)`` wait now, from any task on the main actor (for example when an
    /// application event changed what the screen shows).
    public func wake() {
        guard isActive else { return }
        cnc_wake(wakeWrite)
    }

    /// The terminal descriptor to poll, or -1 once it reached end of file.
    var terminalDescriptorToPoll: Int32 {
        terminalClosed ? -1 : options.inputDescriptor
    }

    /// How long the next poll may wait: up to `deadline`, but no longer than the Esc delay
    /// while an ESC waits for the rest of its sequence, and the poll interval while a paste is
    /// open (a paste whose end marker never comes is delivered after that).
    func waitMilliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let remaining = ContinuousClock().now.duration(to: deadline)
        var milliseconds = max(0, Self.ceilingMilliseconds(remaining))
        if !heldBytes.isEmpty { milliseconds = min(milliseconds, Int64(max(1, options.escapeDelayMilliseconds))) }
        if decoder.pendingPaste != nil { milliseconds = min(milliseconds, Int64(options.pollMilliseconds)) }
        return Int32(clamping: milliseconds)
    }

    static func ceilingMilliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let fraction = attoseconds > 0 ? (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000 : 0
        return seconds.multipliedReportingOverflow(by: 1000).partialValue + fraction
    }

    /// Runs one poll on a background thread; a cancelled task wakes it through the pipe.
    nonisolated static func waitOffActor(
        input: Int32, wake: Int32, wakeWrite: Int32, milliseconds: Int32
    ) async -> Int32 {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
                DispatchQueue.global(qos: .userInteractive).async {
                    continuation.resume(returning: cnc_wait_input(input, wake, milliseconds))
                }
            }
        } onCancel: {
            cnc_wake(wakeWrite)
        }
    }

    /// Acts on what a poll reported: reads the terminal, passes bytes to curses, drains curses
    /// into the key queue, and ends an ESC wait or an unfinished paste when their time is up.
    /// Returns the first queued key.
    func takeEvents(_ events: Int32, deadlinePassed: Bool) -> Key? {
        let inputReady = events & 1 != 0
        if inputReady {
            readTerminal()
        } else if !heldBytes.isEmpty, events & 2 == 0 {
            // The Esc delay passed with nothing after the ESC: it is a lone Escape.
            forwardToCurses(escapeComplete: true)
        }
        drainCurses()
        let quietFor = lastInputAt.duration(to: ContinuousClock().now)
        if !inputReady, events & 2 == 0, heldBytes.isEmpty, decoder.pendingPaste != nil,
            quietFor >= .milliseconds(Int64(options.pollMilliseconds)), let key = decoder.flush()
        {
            // The poll interval passed inside a paste whose end marker has not come.
            queuedKeys.append(key)
        }
        return dequeueKey()
    }

    /// Reads everything the terminal has ready and passes it on to curses, holding back a
    /// trailing ESC until the rest of its sequence comes or the Esc delay passes.
    func readTerminal() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            cnc_read_available(options.inputDescriptor, pointer.baseAddress, pointer.count)
        }
        if count <= 0 {
            // End of file or a hang-up: stop polling the terminal (SIGHUP ends the process).
            if count == 0 { terminalClosed = true }
            forwardToCurses(escapeComplete: true)
            return
        }
        lastInputAt = ContinuousClock().now
        heldBytes.append(contentsOf: buffer[0..<count])
        forwardToCurses(escapeComplete: false)
    }

    /// Writes the held bytes to the pipe curses reads, keeping a trailing ESC back unless
    /// `escapeComplete`; drains curses whenever the pipe is full.
    func forwardToCurses(escapeComplete: Bool) {
        var end = heldBytes.count
        if !escapeComplete, options.escapeDelayMilliseconds > 0 {
            end -= Self.unfinishedEscapeLength(heldBytes)
        }
        var start = 0
        while start < end {
            let written = heldBytes[start..<end].withUnsafeBufferPointer { pointer in
                cnc_write_some(feedWrite, pointer.baseAddress, pointer.count)
            }
            if written > 0 {
                start += written
            } else {
                drainCurses()
                guard isActive else { break }
            }
        }
        heldBytes.removeFirst(start)
    }

    /// How many bytes at the end of `bytes` are an escape sequence that has not ended: a lone
    /// ESC, or ESC `[` / ESC `O` followed only by parameter and intermediate bytes (0x20-0x3F).
    static func unfinishedEscapeLength(_ bytes: [UInt8]) -> Int {
        guard let escape = bytes.lastIndex(of: 0x1B), bytes.count - escape <= 16 else { return 0 }
        let tail = bytes[(escape + 1)...]
        guard let introducer = tail.first else { return 1 }
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else { return 0 }
        let unfinished = tail.dropFirst().allSatisfy { (0x20...0x3F).contains($0) }
        return unfinished ? bytes.count - escape : 0
    }

    /// Decodes everything curses can return without waiting into the key queue.
    func drainCurses() {
        guard let window else { return }
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            let value = UInt32(truncatingIfNeeded: character)
            let key: Key?
            if status == decoder.codes.ok {
                key = decoder.feed(.character(value))
            } else if status == decoder.codes.codeYes, Int32(truncatingIfNeeded: value) == cnc_key_mouse() {
                // A left-button press (the only mouse event asked for); anything else reads as nil.
                var row: Int32 = 0
                var column: Int32 = 0
                key = cnc_mouse_read(&row, &column) ? .mouse(row: Int(row), column: Int(column)) : nil
            } else if status == decoder.codes.codeYes {
                key = decoder.feed(.keyCode(Int32(truncatingIfNeeded: value)))
            } else {
                return
            }
            guard let key else { continue }
            if key == .resize { updateSize() }
            queuedKeys.append(key)
        }
    }

    func dequeueKey() -> Key? {
        guard queueHead < queuedKeys.count else { return nil }
        let key = queuedKeys[queueHead]
        queueHead += 1
        if queueHead == queuedKeys.count {
            queuedKeys.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return key
    }

    func updateSize() {
        guard let window else { return }
        var rows: Int32 = 0
        var columns: Int32 = 0
        cnc_getmaxyx(window, &rows, &columns)
        size = TerminalSize(columns: Int(columns), rows: Int(rows))
        invalidate()
    }

    /// The key codes the decoder needs from the running ncurses: the status codes, resize and
    /// the two bracketed-paste codes this terminal defines (the rest keep `<curses.h>`'s values).
    static func runtimeKeyCodes() -> KeyDecoder.KeyCodes {
        var keyCodes = KeyDecoder.KeyCodes()
        keyCodes.codeYes = cnc_key_code_yes()
        keyCodes.ok = cnc_ok()
        keyCodes.resize = cnc_key_resize()
        keyCodes.pasteBegin = cnc_key_paste_begin()
        keyCodes.pasteEnd = cnc_key_paste_end()
        return keyCodes
    }

    /// The key codes of the ncurses this was built against, to check ``KeyDecoder``'s table.
    nonisolated static func nativeKeyCodes() -> KeyDecoder.KeyCodes {
        var codes = KeyDecoder.KeyCodes()
        codes.ok = cnc_ok()
        codes.codeYes = cnc_key_code_yes()
        codes.down = cnc_key_down()
        codes.up = cnc_key_up()
        codes.left = cnc_key_left()
        codes.right = cnc_key_right()
        codes.home = cnc_key_home()
        codes.backspace = cnc_key_backspace()
        codes.function0 = cnc_key_f(0)
        codes.delete = cnc_key_dc()
        codes.pageDown = cnc_key_npage()
        codes.pageUp = cnc_key_ppage()
        codes.enter = cnc_key_enter()
        codes.backTab = cnc_key_btab()
        codes.end = cnc_key_end()
        codes.resize = cnc_key_resize()
        codes.pasteBegin = cnc_key_paste_begin()
        codes.pasteEnd = cnc_key_paste_end()
        return codes
    }
}
