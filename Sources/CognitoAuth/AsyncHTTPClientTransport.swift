import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The production transport, on one process-wide async-http-client.
///
/// Connection failures fail the request at once (no silent reconnect loop until the deadline), so
/// that "the backend is down" is seen as soon as it is true; the auth core decides about retries.
public struct AsyncHTTPClientTransport: HTTPTransport {
    /// Creates a transport on the process-wide HTTP client.
    public init() {}

    /// The process-wide client; created on first use, never shut down (it lives as long as the process).
    static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(connect: .seconds(5))
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// Sends the request with a total deadline and a body-size cap.
    public func send(_ request: HTTPRequestData, timeout: Duration) async throws -> HTTPResponseData {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        for header in request.headers { outgoing.headers.add(name: header.name, value: header.value) }
        outgoing.body = .bytes(ByteBuffer(bytes: request.body))
        let amount = TimeAmount.nanoseconds(
            Int64(timeout.components.seconds) * 1_000_000_000 + Int64(timeout.components.attoseconds / 1_000_000_000))
        let deadline = NIODeadline.now() + amount
        do {
            // async-http-client's deadline covers the response head only; race the whole exchange,
            // body included, against the timeout so that a slow-drip answer cannot hang a call.
            let prepared = outgoing
            return try await withThrowingTaskGroup(of: HTTPResponseData.self) { group in
                group.addTask {
                    let response = try await Self.client.execute(prepared, deadline: deadline)
                    let body = try await response.body.collect(upTo: HTTPLimits.maxResponseBytes)
                    return HTTPResponseData(
                        status: Int(response.status.code),
                        headers: response.headers.map { (name: $0.name, value: $0.value) },
                        body: Array(buffer: body))
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw AuthError.network(kind: .timedOut, message: "no answer before the deadline")
                }
                defer { group.cancelAll() }
                guard let first = try await group.next() else {
                    throw AuthError.network(kind: .other, message: "the request ended without an answer")
                }
                return first
            }
        } catch let error as AuthError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw Self.classify(error)
        }
    }

    /// Maps an async-http-client or NIO error to a typed network failure.
    static func classify(_ error: any Error) -> AuthError {
        if let client = error as? HTTPClientError {
            switch client {
            case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .getConnectionFromPoolTimeout,
                .tlsHandshakeTimeout:
                return .network(kind: .timedOut, message: "no answer before the deadline")
            case .remoteConnectionClosed:
                return .network(kind: .connectionReset, message: "the server closed the connection")
            default:
                break
            }
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return .network(kind: .connectionRefused, message: "connection refused")
            case ECONNRESET, EPIPE: return .network(kind: .connectionReset, message: "connection reset by peer")
            case ETIMEDOUT: return .network(kind: .timedOut, message: "connection timed out")
            default: return .network(kind: .other, message: "I/O error \(io.errnoCode)")
            }
        }
        if let channel = error as? ChannelError {
            switch channel {
            case .connectTimeout: return .network(kind: .timedOut, message: "connect timed out")
            case .eof, .ioOnClosedChannel, .outputClosed, .alreadyClosed:
                return .network(kind: .connectionReset, message: "the connection closed early")
            default: return .network(kind: .other, message: "\(channel)")
            }
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil || connection.dnsAAAAError != nil, connection.connectionErrors.isEmpty {
                return .network(kind: .dnsFailure, message: "cannot resolve \(connection.host)")
            }
            for attempt in connection.connectionErrors {
                if let io = attempt.error as? IOError, io.errnoCode == ECONNREFUSED {
                    return .network(
                        kind: .connectionRefused, message: "connection refused by \(connection.host):\(connection.port)"
                    )
                }
            }
            return .network(kind: .other, message: "cannot connect to \(connection.host):\(connection.port)")
        }
        if error is NIOTooManyBytesError {
            return .invalidResponse(
                status: 0, detail: "the response body is larger than \(HTTPLimits.maxResponseBytes) bytes")
        }
        let text = String(describing: error)
        let lowered = text.lowercased()
        if lowered.contains("refused") { return .network(kind: .connectionRefused, message: "connection refused") }
        if lowered.contains("reset") || lowered.contains("closed") {
            return .network(kind: .connectionReset, message: "connection reset")
        }
        if lowered.contains("timeout") || lowered.contains("timed out") {
            return .network(kind: .timedOut, message: "timed out")
        }
        if lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("certificate") {
            return .network(kind: .tlsFailure, message: "TLS failure")
        }
        if lowered.contains("dns") || lowered.contains("resolve") {
            return .network(kind: .dnsFailure, message: "name resolution failed")
        }
        return .network(kind: .other, message: String(text.prefix(200)))
    }
}
