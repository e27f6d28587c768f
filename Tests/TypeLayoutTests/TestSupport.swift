import Foundation
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
        // The test bundle lives in the build products folder, next to the executable.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 where !FileManager.default.fileExists(atPath: directory.appendingPathComponent("render-cli").path) {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("render-cli")
    }

    /// Runs render-cli with arguments; `stdin`, when given, is written to its standard input
    /// (which is then closed); otherwise the child inherits the test process's.
    static func run(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
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
