import Foundation
import Testing
@testable import TypeLayout

/// Paths of the test fixtures and of the built render-cli.
enum TestPaths {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String {
        testsDirectory.appendingPathComponent("Fixtures").appendingPathComponent(name).path
    }

    static func font(_ name: String) -> String { BundledFonts.path(name) }

    /// A fresh, empty temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("typelayout-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Runs the render-cli built beside the test bundle.
enum CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static var executable: URL {
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
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
                    wrapper: [String] = []) throws -> Result {
        let process = Process()
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
    static func expectOneLineError(_ arguments: [String], status: Int32, message: String,
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
enum SFNT {
    struct Table {
        let tag: String
        let offset: Int
        let length: Int
    }

    struct Malformed: Error {}

    static func tables(in bytes: [UInt8]) throws -> [Table] {
        func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        guard bytes.count >= 12 else { throw Malformed() }
        let count = u16(4)
        guard bytes.count >= 12 + 16 * count else { throw Malformed() }
        return try (0..<count).map { index in
            let record = 12 + 16 * index
            let table = Table(tag: String(decoding: bytes[record..<record + 4], as: UTF8.self),
                              offset: u32(record + 8), length: u32(record + 12))
            guard table.offset + table.length <= bytes.count else { throw Malformed() }
            return table
        }
    }

    /// The font with every byte of one table's contents set to 0 (the directory is unchanged).
    static func zeroing(_ tag: String, in bytes: [UInt8]) throws -> [UInt8] {
        guard let table = try tables(in: bytes).first(where: { $0.tag == tag }) else { throw Malformed() }
        var copy = bytes
        copy.replaceSubrange(table.offset..<table.offset + table.length, with: repeatElement(0, count: table.length))
        return copy
    }

    /// A bundled font with one table zeroed, written to a new temporary file; returns its path.
    static func damaged(_ font: String, zeroing tag: String) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font(font))))
        let path = try TestPaths.temporaryDirectory().appendingPathComponent("\(tag)-zeroed-\(font)").path
        try Data(zeroing(tag, in: bytes)).write(to: URL(fileURLWithPath: path))
        return path
    }
}
