import CHermeticFonts
import Foundation
import Testing
import TypeLayout
#if canImport(Glibc)
import Glibc
#endif

/// Paths of the test fixtures and of the built render-cli.
public enum TestPaths {
    /// The package's folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fixture `name` in the `Fixtures` folder of the calling test's own target (the folder
    /// of the file that calls, `filePath`).
    public static func fixture(_ name: String, filePath: StaticString = #filePath) -> String {
        URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    /// The fixture `name` that tests of several targets read, in `Tests/Fixtures`.
    public static func sharedFixture(_ name: String) -> String {
        packageRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(name).path
    }

    public static func font(_ name: String) -> String { BundledFonts.path(name) }

    /// A fresh, empty folder inside the running test's own temporary folder, which is removed
    /// when the test ends (see ``TemporaryFolders``).
    ///
    /// - Throws: ``TemporaryFolders/Unscoped`` outside a test with the `.temporaryFolders`
    ///   trait (or ``withTemporaryFolders(_:)``), as nothing would remove the folder.
    public static func temporaryDirectory() throws -> URL {
        guard let root = TemporaryFolders.root else { throw TemporaryFolders.Unscoped() }
        let url = root.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `body` with a temporary folder of its own for ``temporaryDirectory()`` to make
    /// folders in, and removes it afterwards, whether `body` returns or throws.
    public static func withTemporaryFolders<Result>(_ body: () async throws -> Result) async rethrows -> Result {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("typelayout-tests-\(UUID().uuidString)")
        defer { TemporaryFolders.remove(root) }
        return try await TemporaryFolders.$root.withValue(root) { try await body() }
    }
}

/// A Swift Testing trait that gives each test (each test of a suite) a temporary folder of its
/// own, removed when the test ends, whether it passes, fails or throws: a test run leaves the
/// machine's temporary folder as it found it. ``TestPaths/temporaryDirectory()`` makes its
/// folders inside it.
public struct TemporaryFolders: TestTrait, SuiteTrait, TestScoping {
    /// The running test's folder; task-local, so tests that run in parallel never share one.
    @TaskLocal public static var root: URL?

    /// ``TestPaths/temporaryDirectory()`` called outside a scope.
    public struct Unscoped: Error, CustomStringConvertible {
        public var description: String { "a temporary folder outside a test with the .temporaryFolders trait would never be removed" }
    }

    /// Applied to each test of a suite rather than once around the suite.
    public var isRecursive: Bool { true }

    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        try await TestPaths.withTemporaryFolders { try await function() }
    }

    /// Removes `folder` and everything in it, first giving back the permissions a test took
    /// away (`chmod 0`, a read-only folder), without which a user other than root can't.
    public static func remove(_ folder: URL) {
        func makeRemovable(_ path: String) {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
            chmod(path, 0o700)
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] { makeRemovable(path + "/" + name) }
        }
        makeRemovable(folder.path)
        try? FileManager.default.removeItem(at: folder)
    }
}

extension Trait where Self == TemporaryFolders {
    /// Each test's temporary folders removed when it ends (``TemporaryFolders``).
    public static var temporaryFolders: Self { TemporaryFolders() }
}

/// Runs the render-cli built beside the test bundle.
public enum CLI {
    /// What a run of render-cli gave.
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
    }

    /// The render-cli the tests run.
    public static var executable: URL {
        // Another build of the tool (a release one, to time it) when the environment names one.
        if let path = ProcessInfo.processInfo.environment["TYPELAYOUT_RENDER_CLI"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        // The test bundle lives in the build products folder, next to the executable.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("render-cli").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("render-cli")
    }

    /// Runs render-cli with arguments; `stdin`, when given, is written to its standard input
    /// (which is then closed); otherwise the child inherits the test process's. `wrapper` is a
    /// command that runs render-cli in turn, such as `setpriv` to run it as another user.
    /// `tool` runs another copy of render-cli (see ``AnotherUser``).
    public static func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
                    wrapper: [String] = [], tool: URL? = nil) throws -> Result {
        let process = Process()
        let executable = tool ?? executable
        if let command = wrapper.first {
            process.executableURL = URL(fileURLWithPath: command)
            process.arguments = Array(wrapper.dropFirst()) + [executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: EnvironmentVariableCategoryProvider.variableName)
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let stdin {
            // Filled and closed before launch: a small input fits the pipe's buffer, and a child
            // that exits without reading can't raise SIGPIPE in the test process.
            let input = Pipe()
            try input.fileHandleForWriting.write(contentsOf: stdin)
            try input.fileHandleForWriting.close()
            process.standardInput = input
        }
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }
}

extension CLI {
    /// Runs render-cli expecting it to fail the way every subcommand promises: exit `status`,
    /// one stderr line that starts "render-cli: error: " and contains `message`, no stdout.
    public static func expectOneLineError(_ arguments: [String], status: Int32, message: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("render-cli: error: "), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(message), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    }
}

/// The sfnt table directory, parsed just far enough to damage one table of a real font.
public enum SFNT {
    /// One table record of the directory.
    public struct Table: Sendable {
        public let tag: String
        public let offset: Int
        public let length: Int
    }

    /// A file too short or inconsistent for the directory it claims.
    public struct Malformed: Error {}

    /// The table records; `allowingPastTheEnd` keeps records of tables the file cuts off.
    public static func tables(in bytes: [UInt8], allowingPastTheEnd: Bool = false) throws -> [Table] {
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        guard bytes.count >= 12 else { throw Malformed() }
        let count = u16(4)
        guard bytes.count >= 12 + 16 * count else { throw Malformed() }
        return try (0..<count).map { index in
            let record = 12 + 16 * index
            let table = Table(tag: String(decoding: bytes[record..<record + 4], as: UTF8.self),
                              offset: u32(record + 8), length: u32(record + 12))
            guard allowingPastTheEnd || table.offset + table.length <= bytes.count else { throw Malformed() }
            return table
        }
    }

    /// The font with every byte of one table's contents set to 0 (the directory is unchanged).
    public static func zeroing(_ tag: String, in bytes: [UInt8]) throws -> [UInt8] {
        guard let table = try tables(in: bytes).first(where: { $0.tag == tag }) else { throw Malformed() }
        var copy = bytes
        copy.replaceSubrange(table.offset..<table.offset + table.length, with: repeatElement(0, count: table.length))
        return copy
    }

    /// Where glyph `glyph`'s data starts in the file, from `head`'s loca format and `loca`.
    public static func glyphOffset(_ glyph: Int, in bytes: [UInt8]) throws -> Int {
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        let tables = try tables(in: bytes)
        guard let head = tables.first(where: { $0.tag == "head" }), let loca = tables.first(where: { $0.tag == "loca" }),
              let glyf = tables.first(where: { $0.tag == "glyf" }) else { throw Malformed() }
        let isLong = u16(head.offset + 50) == 1
        let offset = isLong ? u16(loca.offset + 4 * glyph) << 16 | u16(loca.offset + 4 * glyph + 2) : 2 * u16(loca.offset + 2 * glyph)
        return glyf.offset + offset
    }

    /// Moves every `loca` entry that starts past `glyf`'s end to that end (an empty glyph);
    /// returns how many it moved.
    public static func clampingGlyphLocations(in bytes: inout [UInt8]) throws -> Int {
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        let tables = try tables(in: bytes)
        guard let head = tables.first(where: { $0.tag == "head" }), let maxp = tables.first(where: { $0.tag == "maxp" }),
              let loca = tables.first(where: { $0.tag == "loca" }), let glyf = tables.first(where: { $0.tag == "glyf" })
        else { throw Malformed() }
        let isLong = u16(head.offset + 50) == 1
        var moved = 0
        for glyph in 0..<min(u16(maxp.offset + 4), loca.length / (isLong ? 4 : 2)) {
            let entry = loca.offset + glyph * (isLong ? 4 : 2)
            let start = isLong ? u16(entry) << 16 | u16(entry + 2) : 2 * u16(entry)
            guard start > glyf.length else { continue }
            let value = isLong ? glyf.length : glyf.length / 2
            let encoded: [UInt8] = isLong
                ? [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
                : [UInt8(value >> 8), UInt8(value & 0xFF)]
            bytes.replaceSubrange(entry..<entry + encoded.count, with: encoded)
            moved += 1
        }
        return moved
    }

    /// Liberation Sans with glyph `glyph`'s contour count set to 32,767, far more than its data
    /// holds: FreeType refuses to load that glyph (every other still loads, HarfBuzz still
    /// shapes it from hmtx). Written to a new temporary file; returns its path.
    public static func damagingGlyph(_ glyph: Int, os2Version: Int? = nil) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font("LiberationSans-Regular.ttf"))))
        let offset = try glyphOffset(glyph, in: bytes)
        bytes[offset] = 0x7F
        bytes[offset + 1] = 0xFF
        if let os2Version, let os2 = try tables(in: bytes).first(where: { $0.tag == "OS/2" }) {
            bytes[os2.offset] = 0
            bytes[os2.offset + 1] = UInt8(os2Version)
        }
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("glyph-\(glyph)-damaged.ttf").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A bundled font with one table zeroed, written to a new temporary file; returns its path.
    public static func damaged(_ font: String, zeroing tag: String) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font(font))))
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("\(tag)-zeroed-\(font)").path
        try Data(zeroing(tag, in: bytes)).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// Runs render-cli as `nobody` (through setpriv), for what root's permissions hide.
///
/// `nobody` can't be given the checkout's files: a clone may sit in a folder only its owner can
/// enter (`mktemp -d` makes them 0700), so render-cli and the bundled fonts it loads are
/// hard-linked (copied across file systems) into a fresh folder anyone can read, removed again
/// with the test's temporary folders.
public struct AnotherUser {
    public static let setpriv = "/usr/bin/setpriv"
    public static let isAvailable = geteuid() == 0 && FileManager.default.isExecutableFile(atPath: setpriv)
    public static let wrapper = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]

    public let directory: URL

    /// Stages render-cli and the bundled fonts in a folder `nobody` can read.
    public init() throws {
        directory = try TestPaths.temporaryDirectory()
        let fonts = directory.appendingPathComponent("Fonts")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: false)
        try Self.link(CLI.executable.path, to: directory.appendingPathComponent("render-cli").path)
        for name in try FileManager.default.contentsOfDirectory(atPath: BundledFonts.directory) {
            try Self.link(BundledFonts.path(name), to: fonts.appendingPathComponent(name).path)
        }
        for path in [directory.path, fonts.path] { chmod(path, 0o755) }
    }

    private static func link(_ source: String, to destination: String) throws {
        if Glibc.link(source, destination) == 0 { return }
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }

    /// render-cli run as `nobody`, with the staged fonts as its bundled fonts.
    public func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, environment: ["TYPELAYOUT_FONTS_DIR": directory.appendingPathComponent("Fonts").path],
                    wrapper: Self.wrapper, tool: directory.appendingPathComponent("render-cli"))
    }
}

/// The fontconfig configuration every test process uses: `Tests/fonts.conf`, named by
/// `FONTCONFIG_FILE` as the process loads (`Tests/CHermeticFonts`), so that fallback to system
/// fonts sees the same few Debian fonts on any machine, and the render-cli processes the tests
/// start inherit it.
public enum HermeticFonts {
    /// The configuration file fontconfig reads in this process, if the variable is set.
    public static var configurationFile: String? {
        typelayout_test_fontconfig_file().map { String(cString: $0) }
    }
}

/// Report folders compared file by file, as a merge of shards is compared with the unsharded run.
public enum ReportFiles {
    /// Every file under `folder`, by its path inside it, with the wall-clock fields blanked (the
    /// JUnit `time`, run.json's `duration`): a merge adds the shards' durations up.
    public static func under(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            var data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + path))
            if path == "audit.junit.xml" || path == "run.json" {
                let text = String(decoding: data, as: UTF8.self)
                    .replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="""#, options: .regularExpression)
                    .replacingOccurrences(of: #""duration" : [0-9.e+-]+"#, with: #""duration" : 0"#, options: .regularExpression)
                data = Data(text.utf8)
            }
            files[path] = data
        }
        return files
    }

    /// Expects `folder` to hold the files `expected` holds, byte for byte (see ``under(_:)``).
    ///
    /// - Returns: `expected`'s files.
    @discardableResult
    public static func expectSame(_ folder: String, as expected: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Data] {
        let wanted = try under(expected), found = try under(folder)
        #expect(Set(found.keys) == Set(wanted.keys), sourceLocation: sourceLocation)
        for (path, data) in wanted {
            #expect(found[path] == data, "\(path) differs", sourceLocation: sourceLocation)
        }
        return wanted
    }
}

/// The first line where two texts (frames dumps, say) differ, for a failure message.
public func firstDifference(_ kept: String, _ fresh: String) -> String {
    let keptLines = kept.split(separator: "\n"), freshLines = fresh.split(separator: "\n")
    for (index, (a, b)) in zip(keptLines, freshLines).enumerated() where a != b {
        return "line \(index + 1): kept \(a) / afresh \(b)"
    }
    return keptLines.count == freshLines.count ? "none" : "\(keptLines.count) lines kept, \(freshLines.count) afresh"
}
