import Foundation
import Testing

@testable import CognitoAuth

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `aws-profile` reading the file as botocore does (rel-3 R6), refusing line breaks in values (R7), and
/// editing the file with care (R11).
@Suite("aws-profile: the AWS config file read as botocore reads it, and edited with care")
struct AWSConfigProfileFileTests {
    static func profile(_ name: String = "work", region: String? = "us-east-1") throws -> AWSConfigProfile {
        try AWSConfigProfile(name: name, command: ["/opt/latchkey", "credentials", "--store", "/s"], region: region)
    }

    /// A new temporary directory, removed by `body`'s end.
    static func withDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("awsprofile-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    @Test(
        "R6: a foreign profile in a CRLF or CR file, behind a comment, quoted, spaced, or as [profile default] is refused",
        arguments: [
            ("work", "[default]\r\nregion = eu-west-1\r\n[profile work]\r\nregion = us-west-2\r\n"),
            ("work", "[default]\rregion = eu-west-1\r[profile work]\rregion = us-west-2\r"),
            ("work", "[default]\nregion = eu-west-1\n[profile work] ; team profile\nregion = us-west-2\n"),
            ("work", "[profile \"work\"]\nregion = us-west-2\n"),
            ("work", "  [profile   work]\t# x\nregion = us-west-2\n"),
            ("work", "[profilex work]\nregion = us-west-2\n"),
            ("default", "[profile default]\nregion = us-west-2\n"),
            ("default", "[default] ; comment\nregion = us-west-2\n"),
        ])
    func foreignShapes(name: String, text: String) throws {
        #expect(throws: AWSConfigProfile.Failure.foreignProfile(name: name, path: "config")) {
            try Self.profile(name).installing(into: text, path: "config")
        }
    }

    @Test("R6: what botocore does not read as the profile is not refused (an indented continuation, [ profile work ])")
    func notForeign() throws {
        for text in ["[x]\nregion = a\n  [profile work]\n", "[ profile work ]\nregion = a\n", "[profile work extra]\n"]
        {
            #expect(try Self.profile().installing(into: text, path: "c").contains("\n[profile work]\n"), "\(text)")
        }
    }

    @Test("R6: a CRLF file stays CRLF when a profile is appended; uninstall gives the file back byte for byte")
    func lineEndingsKept() throws {
        let original = "[default]\r\nregion = eu-west-1\r\n"
        let installed = try Self.profile().installing(into: original, path: "c")
        #expect(installed.hasPrefix(original))
        #expect(installed.contains("\r\n[profile work]\r\n"))
        let bare = installed.unicodeScalars.enumerated().filter { index, scalar in
            scalar == "\n" && (index == 0 || Array(installed.unicodeScalars)[index - 1] != "\r")
        }
        #expect(bare.isEmpty, "\(installed.debugDescription)")
        #expect(try Self.profile().uninstalling(from: installed) == original)
        // A CR-only file, and a last line without a line break.
        let classic = try Self.profile().installing(into: "[default]\rregion = a", path: "c")
        #expect(classic == "[default]\rregion = a\r\r" + (try Self.profile().block).joined(separator: "\r") + "\r")
    }

    @Test("R7: a line break or control character in --region or a path is refused before anything is built")
    func controlCharacters() throws {
        #expect(throws: AWSConfigProfile.Failure.badRegion("us-east-1\r[profile dev2]")) {
            try Self.profile(region: "us-east-1\r[profile dev2]")
        }
        #expect(throws: AWSConfigProfile.Failure.badRegion("not a region")) { try Self.profile(region: "not a region") }
        for bad in ["/a/x\r[profile evil]\r#/c.json", "/s\n[default]", "/s\u{2028}x", "/s\u{85}", "/s\u{7F}", "/s\0"] {
            #expect(
                throws: AWSConfigProfile.Failure.badValue(what: "credential_process command"), "\(bad.debugDescription)"
            ) {
                try AWSConfigProfile(name: "nl", command: ["/opt/latchkey", "--config", bad], region: nil)
            }
        }
        #expect(try Self.profile(region: "us-gov-west-1").region == "us-gov-west-1")
    }

    @Test("The reader splits lines as universal newlines and sections as configparser")
    func reader() {
        let file = AWSConfigINI("a\r\nb\rc\nd")
        #expect(file.lines.map(\.text) == ["a", "b", "c", "d"])
        #expect(file.lines.map(\.terminator) == ["\r\n", "\r", "\n", ""])
        #expect(file.text == "a\r\nb\rc\nd")
        let sections = AWSConfigINI("[a] ; x]\n# [b]\n[c]\nk = v\n  [d]\n[e]\n").sections
        #expect(sections.map(\.name) == ["a] ; x", "c", "e"])
        #expect(AWSConfigINI.shellWords("profile 'a b' \"c\\\"d\\x\"") == ["profile", "a b", "c\"d\\x"])
        #expect(AWSConfigINI.shellWords("profile 'open") == nil)
        #expect(AWSConfigINI("[x]\n[x]\n").duplicateSections == ["x"])
    }

    @Test("R11: the file's mode is kept, and a symlinked config is written through to its target")
    func modeAndSymlink() throws {
        try Self.withDirectory { directory in
            let target = directory + "/dotfiles-config"
            try "[default]\nregion = eu-west-1\n".write(toFile: target, atomically: false, encoding: .utf8)
            chmod(target, 0o644)
            let link = directory + "/config"
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "dotfiles-config")
            #expect(try Self.profile().install(at: link) == .written)
            let destination = try FileManager.default.destinationOfSymbolicLink(atPath: link)
            #expect(destination == "dotfiles-config")
            #expect(try String(contentsOfFile: target, encoding: .utf8).contains("[profile work]"))
            var info = stat()
            #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o644)
            #expect(stat(target + ".latchkey-backup", &info) == 0 && info.st_mode & 0o7777 == 0o644)
            // A link to nothing is refused, and nothing is created.
            let dangling = directory + "/dangling"
            try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "missing")
            #expect(throws: AWSConfigProfile.Failure.self) { try Self.profile().install(at: dangling) }
            #expect(!FileManager.default.fileExists(atPath: directory + "/missing"))
        }
    }

    @Test("R11: as root, another user's file keeps its owner and group; a file over 4 MiB is refused")
    func ownerAndSize() throws {
        try Self.withDirectory { directory in
            let path = directory + "/config"
            try "[default]\n".write(toFile: path, atomically: false, encoding: .utf8)
            if geteuid() == 0 {
                chown(path, 1000, 1000)
                #expect(try Self.profile().install(at: path) == .written)
                var info = stat()
                #expect(stat(path, &info) == 0 && info.st_uid == 1000 && info.st_gid == 1000)
                #expect(stat(path + ".latchkey-backup", &info) == 0 && info.st_uid == 1000)
            } else {
                print("not root: the owner-keeping case needs root; checked that another user's file is refused")
            }
            let large = directory + "/large"
            _ = FileManager.default.createFile(
                atPath: large, contents: Data(count: AWSConfigProfile.maximumFileBytes + 1))
            #expect(throws: AWSConfigProfile.Failure.refused(path: large, reason: "it is larger than 4 MiB")) {
                try Self.profile().install(at: large)
            }
        }
    }

    @Test("Uninstall where there is no file creates nothing (no directory, no lock file)")
    func uninstallNothing() throws {
        try Self.withDirectory { directory in
            let outcome = try Self.profile().uninstall(at: directory + "/aws/config")
            #expect(outcome == .absent)
            #expect(!FileManager.default.fileExists(atPath: directory + "/aws"))
        }
    }

    @Test("R11: 12 installs at once on separate threads all land (the file lock); the file reads back whole")
    func concurrentInstalls() async throws {
        try Self.withDirectory { directory in
            let path = directory + "/config"
            try "[default]\nregion = eu-west-1\n".write(toFile: path, atomically: false, encoding: .utf8)
            DispatchQueue.concurrentPerform(iterations: 12) { index in
                _ = try? Self.profile("p\(index)").install(at: path)
            }
            let file = AWSConfigINI(try String(contentsOfFile: path, encoding: .utf8))
            for index in 0..<12 { #expect(file.sectionLines(forProfile: "p\(index)").count == 1, "p\(index)") }
            #expect(file.duplicateSections.isEmpty)
        }
    }
}
