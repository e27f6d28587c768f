import ArgumentParser
import TypeLayout
import TypeLayoutScreens
#if canImport(Glibc)
import Glibc
#endif

@main
struct RenderCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-cli",
        abstract: "Dynamic Type text layout and rendering on Linux.",
        version: "render-cli 0.1.0 (\(LibraryVersions.summary))",
        subcommands: [RenderCommand.self, LayoutCommand.self, MetricsCommand.self, AuditCommand.self, ScreenCommand.self,
                      ReportGoldensCommand.self, ReportCommand.self],
        defaultSubcommand: RenderCommand.self)

    /// Runs a command with the exit codes the tool promises: 0 on success, 2 for usage errors,
    /// 1 for everything else, each failure as one line on stderr.
    static func main() {
        let code: Int32
        do {
            let arguments = CommandLine.arguments.dropFirst()
            if let render = RenderFastPath.render(from: arguments) {
                try render.render()
            } else if let screen = ScreenFastPath.screen(from: arguments) {
                try screen.renderScreen()
            } else {
                var command = try parseAsRoot()
                try command.run()
            }
            code = 0
        } catch {
            code = report(error)
        }
        Glibc.exit(code)
    }

    private static func report(_ error: Error) -> Int32 {
        if let exit = error as? ExitCode { return exit.rawValue }
        let exitCode = exitCode(for: error)
        if exitCode == .success {
            // --help and --version arrive as "errors" that print to stdout.
            print(fullMessage(for: error))
            return 0
        }
        let message: String
        let status: Int32
        if let error = error as? TypeLayoutError {
            message = error.description
            status = 1
        } else if let error = error as? ImageError {
            message = error.description
            status = 1
        } else if let error = error as? ScreenFileError {
            // The CLI's own "error:" prefix stands in for the one the description carries.
            message = "\(error.location?.description ?? error.file): \(error.message)"
            status = 1
        } else if let error = error as? CLIError {
            message = error.description
            status = 1
        } else if exitCode == .validationFailure {
            message = Self.message(for: error)
            status = 2
        } else {
            message = Self.message(for: error)
            status = 1
        }
        let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "unknown error"
        FileHandleStderr.write("render-cli: error: \(line)\n")
        return status
    }
}

enum FileHandleStderr {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

enum Warnings {
    /// One stderr line when a variable font's `wght` axis clamped the weight asked for: the
    /// output is still made, but not at that weight, and the user should know.
    static func weightClamped(_ face: FontFace, requested: FontWeight?) {
        guard face.weightWasClamped, let axis = face.weightAxis else { return }
        let asked = requested.map { "weight \($0.rawValue.formattedPoints)" } ?? "the default weight 400"
        FileHandleStderr.write(
            "render-cli: warning: \(asked) is outside the wght axis of \(face.familyName) "
                + "(\(axis.lowerBound.formattedPoints)…\(axis.upperBound.formattedPoints)); clamped to \(face.weight.rawValue.formattedPoints)\n")
    }
}
