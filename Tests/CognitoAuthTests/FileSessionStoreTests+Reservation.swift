import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

#if canImport(Glibc)
    import CDispatch
    import CoreFoundation
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The space a refresh sets aside before it is sent (issue 25, N4).
extension FileSessionStoreTests {
    /// The inode of `path`, or nil.
    func inode(_ path: String) -> UInt64? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }

    @Test("A reservation is an allocated 0600 file; the next write fills it in place and renames it over the session")
    func reservedWriteUsesTheReservedFile() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store
        try store.save(try session(1))
        let reserved = try #require(try store.reserveWrite() as? FileWriteReservation)
        #expect(mode(reserved.path) == 0o600)
        #expect(reserved.capacity >= 16 * 1024)
        var info = stat()
        #expect(stat(reserved.path, &info) == 0 && Int(info.st_size) == reserved.capacity)
        let reservedInode = try #require(inode(reserved.path))
        try store.save(try session(2))
        #expect(inode(store.path) == reservedInode)
        #expect(!FileManager.default.fileExists(atPath: reserved.path))
        #expect(try store.load() == (try session(2)))
        #expect(mode(store.path) == 0o600)
        // Used once: the next write is an ordinary one, and releasing the used reservation is harmless.
        reserved.release()
        try store.save(try session(3))
        #expect(try store.load() == (try session(3)))
        #expect(sandbox.files().filter { $0.contains(".reserved-") }.isEmpty)
    }

    @Test("An unused reservation is removed on release; one left by a killed process is removed by the next writer")
    func abandonedReservationsAreRemoved() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store
        try store.save(try session(1))
        let unused = try #require(try store.reserveWrite())
        unused.release()
        #expect(sandbox.files().filter { $0.contains(".reserved-") }.isEmpty)
        // A killed process's reservation: the file is there, nobody holds its lock.
        let left = sandbox.directory + "/.session.json.reserved-99999-1"
        #expect(FileManager.default.createFile(atPath: left, contents: Data("tokens".utf8)))
        // A live one (this process holds it) is kept.
        let live = try #require(try store.reserveWrite() as? FileWriteReservation)
        try store.save(try session(2))
        #expect(!FileManager.default.fileExists(atPath: left))
        #expect(!FileManager.default.fileExists(atPath: live.path))  // used by that write
        #expect(try store.load() == (try session(2)))
    }

    @Test("A store directory that cannot take a new file refuses the reservation, naming session.json")
    func reservationRefusedWhenTheDirectoryCannotTakeIt() throws {
        let sandbox = try Sandbox()
        let store = sandbox.store
        try store.save(try session(1))
        // Root writes through mode bits: a plain file in the directory's place stands for "cannot create".
        let blocked = FileSessionStore(directory: sandbox.directory + "/session.json")
        #expect(throws: SessionStoreError.self) { _ = try blocked.reserveWrite() }
        if geteuid() != 0 {
            #expect(chmod(sandbox.directory, 0o500) == 0)
            defer { _ = chmod(sandbox.directory, 0o700) }
            #expect {
                _ = try store.reserveWrite()
            } throws: { error in
                guard case SessionStoreError.io(let path, _) = error else { return false }
                return path == store.path
            }
        }
    }
}
