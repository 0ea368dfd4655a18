import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-purpose HTTP listener on `127.0.0.1:PORT` that receives the hosted UI's redirect.
///
/// Plain POSIX sockets on a thread of its own (see DECISIONS.md): each connection is read up to
/// 8 KiB or 5 seconds, answered with a small HTML page and closed. A redirect whose `state` is not
/// the sign-in's is answered with an explanation and ignored, and the listener keeps waiting; a
/// request to another path gets 404. The first redirect with the right `state` (a code or an
/// `error=`) is delivered, and the listener closes.
public final class LoopbackRedirectListener: Sendable {
    /// The port listened on.
    public let port: Int
    private let path: String
    private let request: HostedUISignInRequest
    private let socket: Int32
    private let stopped = Atomic<Bool>(false)
    private let results: AsyncStream<HostedUICallback>
    private let continuation: AsyncStream<HostedUICallback>.Continuation

    /// The longest request accepted.
    static let maxRequestBytes = 8192

    /// Opens the socket for `request`'s loopback redirect URI; throws ``HostedUIFailure/listenerUnavailable(port:reason:)``
    /// when the port cannot be bound.
    public init(request: HostedUISignInRequest) throws(AuthError) {
        guard let port = request.loopbackPort else {
            throw .invalidParameter("The redirect URI is not a loopback http URL; paste the redirect URL instead.")
        }
        self.port = port
        self.request = request
        let redirectPath = request.redirectURI.path
        self.path = redirectPath.isEmpty ? "/" : redirectPath
        (results, continuation) = AsyncStream.makeStream(
            of: HostedUICallback.self, bufferingPolicy: .bufferingNewest(1))
        socket = try Self.bind(port: port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "latchkey-redirect-listener"
        thread.start()
    }

    deinit { stop() }

    /// Waits for the redirect with the right `state`; nil when stopped first.
    public func callback() async -> HostedUICallback? {
        for await result in results { return result }
        return nil
    }

    /// Stops listening and closes the socket; ``callback()`` then returns nil. Safe to call more than once.
    public func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        continuation.finish()
    }

    private static func bind(port: Int) throws(AuthError) -> Int32 {
        do {
            return try LoopbackSocket.listen(port: port, backlog: 8).fd
        } catch {
            throw .hostedUI(.listenerUnavailable(port: port, reason: error.reason))
        }
    }

    private func acceptLoop() {
        defer { close(socket) }
        while !stopped.load(ordering: .acquiring) {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 200)
            guard ready > 0 else { continue }
            let client = accept(socket, nil, nil)
            guard client >= 0 else { continue }
            if let callback = serve(client) {
                continuation.yield(callback)
                stop()
            }
        }
    }

    /// Reads one request, answers it, and returns the callback when it carries the right `state`.
    private func serve(_ client: Int32) -> HostedUICallback? {
        defer { close(client) }
        guard let target = Self.readRequestTarget(client) else {
            respond(
                client, status: "400 Bad Request", title: "Bad request",
                body: "This address only takes the sign-in redirect.")
            return nil
        }
        guard let components = URLComponents(string: "http://127.0.0.1" + target), components.path == path else {
            respond(
                client, status: "404 Not Found", title: "Not found",
                body: "This address only takes the sign-in redirect.")
            return nil
        }
        guard let callback = HostedUICallback.fromQuery(components.queryItems ?? []) else {
            respond(
                client, status: "400 Bad Request", title: "No code",
                body: "The redirect carries no code. Start the sign-in again.")
            return nil
        }
        let hasState: Bool
        switch callback {
        case .code(_, let state), .error(_, _, let state): hasState = state != nil
        }
        guard hasState, request.accepts(callback) else {
            respond(
                client, status: "400 Bad Request", title: "Not this sign-in",
                body: "This redirect belongs to another sign-in (its state does not match), so it was ignored. "
                    + "Use the browser tab the terminal opened, or start again.")
            return nil
        }
        if case .error(let error, let description, _) = callback {
            respond(
                client, status: "200 OK", title: "Sign-in failed",
                body:
                    "The sign-in did not complete (\(Self.html(error))\(description.map { ": " + Self.html($0) } ?? "")). "
                    + "You can close this tab; the terminal says what to do next.")
        } else {
            respond(
                client, status: "200 OK", title: "Signed in",
                body: "Latchkey received the sign-in. You can close this tab and return to the terminal.")
        }
        return callback
    }

    /// The request target of `GET <target> HTTP/1.x`, reading at most 8 KiB for at most 5 seconds.
    static func readRequestTarget(_ client: Int32) -> String? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        let deadline = Date().addingTimeInterval(5)
        while data.count < maxRequestBytes, Date() < deadline {
            var poller = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 250) >= 0 else { return nil }
            if poller.revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
            if data.count >= 4, data.firstRange(of: [13, 10]) != nil { break }
        }
        guard let lineEnd = data.firstIndex(of: 13) ?? data.firstIndex(of: 10) else { return nil }
        let line = String(decoding: data[..<lineEnd], as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/"), parts[2].hasPrefix("HTTP/1.") else {
            return nil
        }
        return String(parts[1])
    }

    private func respond(_ client: Int32, status: String, title: String, body: String) {
        let page =
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body style=\"font-family:sans-serif;max-width:36em;margin:3em auto\"><h1>\(title)</h1><p>\(body)</p></body></html>"
        let bytes = Array(page.utf8)
        let head =
            "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(bytes.count)\r\n"
            + "Cache-Control: no-store\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n"
        LoopbackSocket.sendAll(client, Array(head.utf8) + bytes)
    }

    /// `text` with HTML's special characters escaped.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
