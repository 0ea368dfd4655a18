import Foundation

/// Where the binary finds the files that ship beside it (the logo, the local backend's scripts),
/// resolved at run time, so a release binary carries no path of the machine it was built on.
enum InstallLayout {
    /// The directories searched, in order: `$LATCHKEY_HOME`; then, from the executable's directory
    /// up, each directory and its `share/latchkey` (`<prefix>/bin/latchkey` finds
    /// `<prefix>/share/latchkey`; `.build/<triple>/debug/latchkey` finds its checkout); then the
    /// current directory and its parents.
    static func roots(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> [URL] {
        var roots: [URL] = []
        if let home = environment["LATCHKEY_HOME"], !home.isEmpty { roots.append(URL(fileURLWithPath: home)) }
        if var directory = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            for _ in 0..<6 {
                roots.append(directory.appendingPathComponent("share/latchkey"))
                roots.append(directory)
                directory.deleteLastPathComponent()
            }
        }
        var directory = URL(fileURLWithPath: currentDirectory)
        for _ in 0..<6 {
            roots.append(directory)
            directory.deleteLastPathComponent()
        }
        return roots
    }

    /// The first `relativePath` under one of ``roots(environment:executable:currentDirectory:)`` that
    /// `isUsable` accepts, or nil.
    static func find(_ relativePath: String, isUsable: (String) -> Bool) -> String? {
        roots().lazy.map { $0.appendingPathComponent(relativePath).path }.first(where: isUsable)
    }
}
