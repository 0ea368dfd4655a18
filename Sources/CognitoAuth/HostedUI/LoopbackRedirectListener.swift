import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A one-purpose HTTP listener on the loopback addresses of the redirect URI that receives the hosted UI's redirect.
///
/// A ``LoopbackHTTPServer`` (see DECISIONS.md) with this listener's handler. It listens on every loopback
/// address the redirect's host names: `localhost` means both `127.0.0.1` and `[::1]` on the same
/// port (browsers differ in which they try first, and a port left free on one would let another
/// local user take the redirect there); `127.0.0.1` and `[::1]` mean just that address.
///
/// Connections are served side by side, up to ``maxConnections`` at once: each has ``readDeadline``
/// to send its request line (8 KiB at most), is answered with a small HTML page and closed; when all
/// slots are taken and another connection waits, the oldest one is closed to make room, so idle
/// connections cannot keep the browser's redirect out. A redirect whose `state` is not the
/// sign-in's is answered with an explanation and ignored, and the listener keeps waiting; a
/// request to another path gets 404. The first redirect with the right `state` (a code or an
/// `error=`) is delivered, and the listener closes.
public final class LoopbackRedirectListener: Sendable {
    /// The port listened on.
    public let port: Int
    /// The addresses listened on, as they appear in a URL (`127.0.0.1`, `[::1]`).
    public let addresses: [String]
    private let server: LoopbackHTTPServer
    private let results: AsyncStream<HostedUICallback>
    private let continuation: AsyncStream<HostedUICallback>.Continuation

    /// How long one connection may take to send its request line.
    static let readDeadline: Duration = .seconds(2)
    /// How many connections are served at once; the oldest is closed when another one waits.
    static let maxConnections = 16

    /// The loopback addresses a redirect to `host` can reach: both for `localhost`, one for a literal.
    static func loopbackAddresses(forHost host: String) -> [LoopbackSocket.Family] {
        switch host.lowercased() {
        case "127.0.0.1": return [.ipv4]
        case "::1", "[::1]": return [.ipv6]
        default: return [.ipv4, .ipv6]
        }
    }

    /// Opens the sockets for `request`'s loopback redirect URI; throws
    /// ``HostedUIFailure/listenerUnavailable(port:address:reason:)`` when the port cannot be bound on
    /// one of its addresses.
    ///
    /// For `localhost`, an IPv6 loopback that does not exist on this machine (IPv6 disabled) is
    /// skipped: no program can listen there either. Any other failure, on either address, is an error.
    public init(request: HostedUISignInRequest) throws(AuthError) {
        guard let port = request.loopbackPort else {
            throw .invalidParameter("The redirect URI is not a loopback http URL; paste the redirect URL instead.")
        }
        self.port = port
        let redirectPath = request.redirectURI.path
        let wanted = Self.loopbackAddresses(forHost: request.redirectURI.host ?? "localhost")
        var opened: [Int32] = []
        var openedAddresses: [String] = []
        for family in wanted {
            do {
                opened.append(try LoopbackSocket.listen(family, port: port, backlog: 64).fd)
                openedAddresses.append(family.urlHost)
            } catch  where error.addressIsAbsent && family == .ipv6 && wanted.count > 1 {
                continue
            } catch {
                for fd in opened { close(fd) }
                throw .hostedUI(.listenerUnavailable(port: port, address: family.urlHost, reason: error.reason))
            }
        }
        addresses = openedAddresses
        (results, continuation) = AsyncStream.makeStream(
            of: HostedUICallback.self, bufferingPolicy: .bufferingNewest(1))
        server = LoopbackHTTPServer(
            sockets: opened,
            limits: .init(
                readDeadline: Self.readDeadline, maxConnections: Self.maxConnections, framing: .requestLine,
                whenFull: .closeOldest, answering: .onLoop),
            handler: Handler(
                path: redirectPath.isEmpty ? "/" : redirectPath, request: request, continuation: continuation),
            threadName: "latchkey-redirect-listener")
    }

    deinit { stop() }

    /// Waits for the redirect with the right `state`; nil when stopped first.
    public func callback() async -> HostedUICallback? {
        for await result in results { return result }
        return nil
    }

    /// Stops listening and closes the sockets; ``callback()`` then returns nil. Safe to call more than once.
    public func stop() {
        server.stop()
        continuation.finish()
    }

    /// What the listener answers: the sign-in's redirect is delivered (then the server stops); anything
    /// else gets a page saying why it was ignored.
    struct Handler: LoopbackHTTPHandler {
        let path: String
        let request: HostedUISignInRequest
        let continuation: AsyncStream<HostedUICallback>.Continuation

        func refusal(_ reason: LoopbackHTTPServer.Refusal) -> LoopbackHTTPResponse {
            LoopbackRedirectListener.page(
                status: 400, title: "Bad request", body: "This address only takes the sign-in redirect.")
        }

        /// Answers one request; the one carrying the right `state` also delivers its callback and stops the server.
        func response(to received: LoopbackHTTPRequest?) -> LoopbackHTTPResponse {
            guard let received, received.method == "GET" else {
                return LoopbackRedirectListener.page(
                    status: 400, title: "Bad request", body: "This address only takes the sign-in redirect.")
            }
            guard let components = URLComponents(string: "http://127.0.0.1" + received.target), components.path == path
            else {
                return LoopbackRedirectListener.page(
                    status: 404, title: "Not found", body: "This address only takes the sign-in redirect.")
            }
            guard let callback = HostedUICallback.fromQuery(components.queryItems ?? []) else {
                return LoopbackRedirectListener.page(
                    status: 400, title: "No code", body: "The redirect carries no code. Start the sign-in again.")
            }
            let hasState: Bool
            switch callback {
            case .code(_, let state), .error(_, _, let state): hasState = state != nil
            }
            guard hasState, request.accepts(callback) else {
                return LoopbackRedirectListener.page(
                    status: 400, title: "Not this sign-in",
                    body: "This redirect belongs to another sign-in (its state does not match), so it was ignored. "
                        + "Use the browser tab the terminal opened, or start again.")
            }
            var page: LoopbackHTTPResponse
            if case .error(let error, let description, _) = callback {
                let html = LoopbackRedirectListener.html
                page = LoopbackRedirectListener.page(
                    status: 200, title: "Sign-in failed",
                    body: "The sign-in did not complete (\(html(error))\(description.map { ": " + html($0) } ?? "")). "
                        + "You can close this tab; the terminal says what to do next.")
            } else {
                page = LoopbackRedirectListener.page(
                    status: 200, title: "Signed in",
                    body: "Latchkey received the sign-in. You can close this tab and return to the terminal.")
            }
            let continuation = continuation
            page.afterSending = {
                continuation.yield(callback)
                continuation.finish()
            }
            page.stopsServer = true
            return page
        }
    }

    /// A small HTML page: `title` as heading, `body` (already escaped) beneath.
    static func page(status: Int, title: String, body: String) -> LoopbackHTTPResponse {
        let page =
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head>"
            + "<body style=\"font-family:sans-serif;max-width:36em;margin:3em auto\"><h1>\(title)</h1><p>\(body)</p></body></html>"
        return LoopbackHTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
    }

    /// `text` with HTML's special characters escaped.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
