import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts `body` on a new detached thread, throwing when the system refuses one (unlike
/// Foundation's `Thread.start()`, which cannot report the failure, leaving its caller waiting).
public func startThread(stackSize: Int = 1 << 20, _ body: @escaping @Sendable () -> Void) throws {
    final class Box: @unchecked Sendable {
        // @unchecked Sendable: written once before the thread starts, read once by that thread.
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    // Allocated and initialised by pthread_attr_init (its Swift zero-initialiser needs CDispatch).
    let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
    pthread_attr_init(attributes)
    defer {
        pthread_attr_destroy(attributes)
        attributes.deallocate()
    }
    pthread_attr_setstacksize(attributes, stackSize)
    pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    #if canImport(Glibc)
        var thread: pthread_t = 0
    #else
        var thread: pthread_t?
    #endif
    let result = pthread_create(
        &thread, attributes,
        { raw in
            guard let raw else { return nil }
            let box = Unmanaged<Box>.fromOpaque(raw).takeRetainedValue()
            box.body()
            return nil
        }, box)
    if result != 0 {
        Unmanaged<Box>.fromOpaque(box).release()
        throw ChildProcess.Failure(description: "pthread_create failed: \(String(cString: strerror(result)))")
    }
}
