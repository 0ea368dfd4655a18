import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FaultProxy {
    // MARK: Threads

    /// Runs `body` on a new thread counted in `liveThreads`, so that ``stop()`` can wait for it to exit.
    func spawn(_ body: @escaping @Sendable () -> Void) {
        threadsDone.lock()
        liveThreads += 1
        threadsDone.unlock()
        let thread = Thread { [self] in
            body()
            threadsDone.lock()
            liveThreads -= 1
            threadsDone.broadcast()
            threadsDone.unlock()
        }
        thread.start()
    }

    /// Accepts connections on the current listener until the proxy stops, each handled on a thread of its own.
    func acceptLoop() {
        var owned: Int32 = -1  // the listener this loop polls; it alone closes it
        while true {
            let (current, isStopped) = lock.withLock { (listener, stopped) }
            if owned >= 0, owned != current {
                close(owned)
                owned = -1
            }
            if isStopped { break }
            if current < 0 {
                usleep(5_000)
                continue
            }
            owned = current
            var entry = pollfd(fd: owned, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let fd = accept(owned, nil, nil)
            guard fd >= 0 else { continue }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let connection: Connection? = lock.withLock {
                guard !stopped else { return nil }
                let connection = Connection(client: fd, mode: currentMode)
                connections[ObjectIdentifier(connection)] = connection
                counts[currentMode.name, default: 0] += 1
                return connection
            }
            guard let connection else {
                close(fd)
                continue
            }
            changes.notify()
            spawn { [self] in handle(connection) }
        }
        if owned >= 0 { close(owned) }
    }

    /// Shuts down a connection's sockets (waking its thread); its thread closes them. Hold `lock`.
    func kill(_ connection: Connection) {
        connection.killed = true
        _ = shutdown(connection.client, Int32(SHUT_RDWR))
        if connection.upstream >= 0 { _ = shutdown(connection.upstream, Int32(SHUT_RDWR)) }
    }

    /// Whether the connection was killed or the proxy stopped.
    private func isKilled(_ connection: Connection) -> Bool { lock.withLock { connection.killed || stopped } }

    /// Serves one accepted connection as its mode says, then closes it (with a reset for `.reset`).
    private func handle(_ connection: Connection) {
        var resetOnClose = false
        defer {
            let upstream = lock.withLock {
                connections.removeValue(forKey: ObjectIdentifier(connection))
                return connection.upstream
            }
            if resetOnClose {
                var option = linger(l_onoff: 1, l_linger: 0)
                _ = setsockopt(connection.client, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
            }
            close(connection.client)
            if upstream >= 0 { close(upstream) }
        }
        switch connection.mode {
        case .pass:
            forward(connection)
        case .delay(let milliseconds):
            guard sleep(milliseconds: milliseconds, unlessKilled: connection) else { return }
            forward(connection)
        case .refuse, .reset:
            _ = readRequest(connection.client, connection)
            resetOnClose = true
        case .blackHole:
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !isKilled(connection) {
                var entry = pollfd(fd: connection.client, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, 50) > 0 else { continue }
                if recv(connection.client, &buffer, buffer.count, 0) <= 0 { return }
            }
        case .http5xx:
            guard readRequest(connection.client, connection) else { return }
            let body =
                "<html><head><title>503 Service Unavailable</title></head><body><h1>503 Service Unavailable</h1></body></html>"
            respond(connection.client, status: "503 Service Unavailable", contentType: "text/html", body: body)
        case .throttle:
            guard readRequest(connection.client, connection) else { return }
            respond(
                connection.client, status: "400 Bad Request", contentType: "application/x-amz-json-1.1",
                body: #"{"__type":"TooManyRequestsException","message":"Rate exceeded"}"#,
                extraHeaders: "x-amzn-ErrorType: TooManyRequestsException\r\n")
        case .respond(let status, let contentType, let body):
            guard readRequest(connection.client, connection) else { return }
            respond(connection.client, status: "\(status) Canned", contentType: contentType, body: body)
        case .slowDrip(let interval):
            guard readRequest(connection.client, connection) else { return }
            drip(connection, intervalMilliseconds: interval)
        case .hugeBody(let bytes):
            guard readRequest(connection.client, connection) else { return }
            sendHugeBody(connection, bytes: bytes)
        }
    }

    /// Sleeps `milliseconds`, waking every 5 ms; false when the connection was killed meanwhile.
    private func sleep(milliseconds: Int, unlessKilled connection: Connection) -> Bool {
        let until = Date().addingTimeInterval(Double(milliseconds) / 1000)
        while Date() < until {
            if isKilled(connection) { return false }
            usleep(5_000)
        }
        return true
    }

    /// Answers 200 with a JSON content length, then sends the body one byte every `intervalMilliseconds`.
    private func drip(_ connection: Connection, intervalMilliseconds interval: Int) {
        let body = Array(#"{"Username":"drip","UserAttributes":[]}"#.utf8)
        let head =
            "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.1\r\nContent-Length: \(body.count)\r\n\r\n"
        guard sendAll(connection.client, Array(head.utf8), count: head.utf8.count) else { return }
        for byte in body {
            guard sleep(milliseconds: interval, unlessKilled: connection) else { return }
            guard sendAll(connection.client, [byte], count: 1) else { return }
        }
    }

    /// Answers 200 and streams a body of `bytes` spaces, until it is sent or the connection is killed.
    private func sendHugeBody(_ connection: Connection, bytes: Int) {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.1\r\nContent-Length: \(bytes)\r\n\r\n"
        guard sendAll(connection.client, Array(head.utf8), count: head.utf8.count) else { return }
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 65_536)
        var sent = 0
        while sent < bytes, !isKilled(connection) {
            let count = min(chunk.count, bytes - sent)
            guard sendAll(connection.client, chunk, count: count) else { return }
            sent += count
        }
    }

    /// Connects upstream and pumps bytes both ways until either side closes or the connection is killed.
    private func forward(_ connection: Connection) {
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard upstream >= 0 else { return }
        var address = upstreamAddress
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        let registered = lock.withLock {
            guard !connection.killed, !stopped else { return false }
            connection.upstream = upstream
            return true
        }
        guard registered else {
            close(upstream)
            return
        }
        guard connected == 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var entries = [
            pollfd(fd: connection.client, events: Int16(POLLIN), revents: 0),
            pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
        ]
        while !isKilled(connection) {
            entries[0].revents = 0
            entries[1].revents = 0
            guard poll(&entries, 2, 50) > 0 else { continue }
            for (index, entry) in entries.enumerated() where entry.revents != 0 {
                let from = index == 0 ? connection.client : upstream
                let to = index == 0 ? upstream : connection.client
                let count = recv(from, &buffer, buffer.count, 0)
                if count <= 0 || !sendAll(to, buffer, count: count) { return }
            }
        }
    }

    /// Reads one HTTP request (headers and a `Content-Length` body), so that closing afterwards sends
    /// a FIN rather than a reset. Returns false when the peer went away or the connection was killed.
    private func readRequest(_ fd: Int32, _ connection: Connection) -> Bool {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        let giveUp = Date().addingTimeInterval(5)
        var needed: Int?
        while Date() < giveUp, !isKilled(connection) {
            if let needed, data.count >= needed { return true }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 50) > 0 else { continue }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return false }
            data += buffer[0..<count]
            if needed == nil, let end = Self.find(separator, in: data) {
                let head = String(decoding: data[0..<end], as: UTF8.self).lowercased()
                var length = 0
                for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
                    length = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
                }
                needed = end + separator.count + length
            }
        }
        return false
    }

    private func respond(_ fd: Int32, status: String, contentType: String, body: String, extraHeaders: String = "") {
        let bytes = Array(body.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\n\(extraHeaders)Connection: close\r\n\r\n"
        let message = Array(head.utf8) + bytes
        _ = sendAll(fd, message, count: message.count)
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8], count: Int) -> Bool {
        var sent = 0
        while sent < count {
            let result = bytes.withUnsafeBytes { raw in
                send(fd, raw.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL))
            }
            if result <= 0 { return false }
            sent += result
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
