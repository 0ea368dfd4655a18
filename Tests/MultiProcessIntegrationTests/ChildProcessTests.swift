import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The test support's child-process runner: the waits that once hung the suite are each bounded here.
@Suite("ChildProcess: children that cannot hang a test", .timeLimit(.minutes(2)))
struct ChildProcessTests {
    static let shell = "/bin/sh"

    @Test("A child that fills the stderr pipe before writing stdout does not deadlock the reader")
    func stderrFlood() async throws {
        let outcome = try await ChildProcess.run(
            Self.shell, ["-c", "head -c 1000000 /dev/zero | tr '\\0' x >&2; echo done"], timeout: .seconds(30))
        #expect(outcome.exitCode == 0)
        #expect(outcome.stdout == "done\n")
        #expect(outcome.stderr.utf8.count == 1_000_000)
    }

    @Test("Input larger than a pipe's buffer reaches the child whole")
    func largeInput() async throws {
        let input = [UInt8]((0..<300_000).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        let outcome = try await ChildProcess.run("/bin/cat", [], input: .bytes(input), timeout: .seconds(30))
        #expect(outcome.exitCode == 0)
        #expect(Array(outcome.stdout.utf8) == input)
    }

    @Test("A grandchild that keeps the output pipe open neither delays the result past a second nor outlives it")
    func lingeringGrandchild() async throws {
        let started = ContinuousClock.now
        let outcome = try await ChildProcess.run(
            Self.shell, ["-c", "sleep 60 & echo $!"], timeout: .seconds(30))
        #expect(outcome.exitCode == 0)
        #expect(ContinuousClock.now - started < .seconds(10))
        let grandchild = try #require(pid_t(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed with the child's process group; gone once init reaps it.
        // The polling fallback: init reaping an orphan announces nothing to this process.
        let alive = try? await Waiter.value(
            of: "the background sleep \(grandchild) gone", timeout: .seconds(2),
            on: [.polling(every: .milliseconds(10))], { kill(grandchild, 0) == 0 && !Self.isZombie(grandchild) },
            until: { !$0 })
        #expect(alive == false, "the background sleep \(grandchild) outlived its parent's run")
    }

    @Test("A child past its deadline is killed with its group, and the error names the command and its output")
    func deadline() async throws {
        let started = ContinuousClock.now
        await #expect {
            _ = try await ChildProcess.run(Self.shell, ["-c", "echo before; sleep 60"], timeout: .milliseconds(500))
        } throws: { error in
            guard let failure = error as? ChildProcess.Failure else { return false }
            return failure.description.contains("sleep 60") && failure.description.contains("before")
                && failure.outcome?.killed == true && failure.outcome?.timedOut == true
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("Cancelling the waiting task kills the child at once")
    func cancellation() async throws {
        let child = try ChildProcess.spawn("/bin/sleep", ["60"], timeout: .seconds(120))
        let waiter = Task { try await child.wait() }
        try await Task.sleep(for: .milliseconds(100))
        let started = ContinuousClock.now
        waiter.cancel()
        let outcome = try await waiter.value
        #expect(outcome.killed)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test("The child inherits no descriptor above 2, so no other child can hold a test's pipes open")
    func noInheritedDescriptors() async throws {
        // Open a descriptor without close-on-exec, as Foundation's Process does for its own socket.
        let leaky = open("/dev/null", O_RDONLY)
        defer { close(leaky) }
        #expect(leaky > 2)
        let outcome = try await ChildProcess.run(
            Self.shell, ["-c", "ls /proc/$$/fd"], timeout: .seconds(30))
        let descriptors = Set(outcome.stdout.split(whereSeparator: \.isNewline).compactMap { Int32($0) })
        // The shell itself may hold one of its own (its script source); nothing of ours reaches it.
        #expect(!descriptors.contains(leaky), "descriptor \(leaky) leaked into the child: \(descriptors.sorted())")
        #expect(descriptors.isSuperset(of: [0, 1, 2]))
    }

    @Test("kill after the child was reaped signals nobody (no recycled pid)")
    func killAfterReap() async throws {
        let child = try ChildProcess.spawn("/bin/true", [], timeout: .seconds(30))
        let outcome = try await child.wait()
        #expect(outcome.exitCode == 0)
        #expect(child.hasExited)
        child.kill(SIGKILL)  // must be a no-op: the pid is no longer ours
    }

    static func isZombie(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[close...].dropFirst(2).first == "Z"
    }
}
