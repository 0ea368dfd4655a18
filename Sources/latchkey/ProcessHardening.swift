#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process-wide protections applied once, first thing in `main()`.
enum ProcessHardening {
    /// Puts `/dev/null`, opened read-only, on any of descriptors 0, 1 and 2 that was closed (`>&-`).
    ///
    /// Otherwise the next file opened (the configuration, a lock, a session's temporary file) would
    /// get that number, and output meant for stdout would be written into it. Read-only, so a write
    /// to a closed stdout still fails, and the command exits 5 "could not write the output".
    static func reserveStandardDescriptors() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let opened = open("/dev/null", O_RDONLY)
            if opened >= 0, opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
    }

    /// Turns core dumps off: passwords and tokens live in this process's memory, and a core file
    /// (after a crash, or taken with `gcore`) would write them to disk.
    ///
    /// Sets the core-file size limit to zero (soft and hard, so nothing later can raise it) and, on
    /// Linux, marks the process non-dumpable, which also keeps other processes of the same user from
    /// attaching to it or reading its memory through `/proc`. Failures are ignored: the command still
    /// works, only without the protection.
    static func disableCoreDumps() {
        var limit = rlimit(rlim_cur: 0, rlim_max: 0)
        #if os(Linux)
            _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
            setNotDumpable()
        #else
            _ = setrlimit(RLIMIT_CORE, &limit)
        #endif
    }

    #if os(Linux)
        /// `prctl(PR_SET_DUMPABLE, 0)`.
        private static func setNotDumpable() {
            _ = prctl(4, 0)  // PR_SET_DUMPABLE in <linux/prctl.h>
        }

        /// `prctl(option, value, 0, 0, 0)`; -1 when it failed or cannot be found. The C function is variadic,
        /// which Swift cannot call, so it is looked up and called through a fixed five-argument signature (how
        /// glibc's own syscall wrapper reads its arguments).
        static func prctl(_ option: Int32, _ value: UInt) -> Int32 {
            typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "prctl") else { return -1 }
            let function = unsafeBitCast(symbol, to: Prctl.self)
            return function(option, value, 0, 0, 0)
        }
    #endif
}
