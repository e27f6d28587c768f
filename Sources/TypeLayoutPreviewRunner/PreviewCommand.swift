import Foundation
import TypeLayout
import TypeLayoutAudit
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// The preview command a team's package runs: one small executable target whose `main.swift`
/// is `PreviewCommand.main([Preview(SettingsView_Previews.self)])` (the `#Preview` blocks linked
/// into it are found without a list), run as
/// `swift run AppPreviews --catalogs Resources/ --report out/`. A provider is reported at its
/// own declaration, found in the package's sources (`Preview.locatingProviders(_:)`), not at
/// the line of `main.swift` that names it.
///
/// Each preview is first laid out in a child process of its own (this program, run again with
/// `--probe N`; as many children at once as there are processors), so that a preview that traps
/// or hangs is reported with its reason and the others still run; then the previews that passed
/// are rendered and audited (``PreviewRunner/run(_:options:failures:)``).
///
/// Options: `--report DIR` (default `typelayout-previews`), `--catalogs PATH` (repeatable: a
/// string file or a folder of them), `--languages en,ar`, `--device NAME` (a preset: `iphone-16`,
/// `iphone-se`, …), `--scale N`, `--timeout SECONDS` (per preview, default 120),
/// `--in-process` (no child processes), `--no-device-chrome` (no status bar or home indicator
/// on the pictures), `--list` (print the previews, the shard's with `--shard`, and stop),
/// `--shard I/N` (only the I-th of N stable slices of the previews, for N CI jobs;
/// `render-cli report merge` joins their report folders into the one a run without `--shard`
/// writes).
/// Exit status: 0 when every preview rendered and nothing fails the audit, 1 when a preview
/// failed or the audit found failures, 2 for bad options.
public enum PreviewCommand {
    /// Runs the command with the program's arguments and exits.
    @MainActor
    public static func main(_ providers: [Preview] = [], arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        var previews = Preview.registered + providers
        do {
            let parsed = try Arguments(arguments)
            // A child only lays out the preview of its index: it needs no file names.
            if parsed.probe == nil { previews = Preview.locatingProviders(previews) }
            if parsed.list {
                for preview in previews where parsed.options.shard?.contains(preview) ?? true { print("\(preview.displayName)\t\(preview.fileID):\(preview.line)") }
                exit(0)
            }
            if let probe = parsed.probe {
                guard previews.indices.contains(probe) else { throw PreviewRunError("no preview \(probe)") }
                let (strings, languages, _) = try PreviewRunner.strings(parsed.options)
                for language in languages {
                    _ = try PreviewRunner.layouts(of: previews[probe], language: language, strings: strings, options: parsed.options)
                }
                exit(0)
            }
            var failures: [Int: String] = [:]
            if !parsed.inProcess {
                _ = try PreviewRunner.strings(parsed.options)  // bad catalogs stop the run before any child
                let probed = previews.indices.filter { parsed.options.shard?.contains(previews[$0]) ?? true }
                failures = probe(probed, arguments: arguments, timeout: parsed.timeout)
            }
            let outcomes = try PreviewRunner.run(previews, options: parsed.options, failures: failures)
            for outcome in outcomes {
                let status = outcome.failure.map { "FAILED: \($0)" }
                    ?? (outcome.failingFindings == 0 ? "ok" : "\(outcome.failingFindings) audit failures")
                print("\(outcome.name) (\(outcome.file):\(outcome.line)): \(status)")
            }
            print("\(outcomes.count) previews, \(outcomes.filter { $0.failure != nil }.count) failed; report in \(parsed.options.report)")
            exit(outcomes.allSatisfy { $0.failure == nil && $0.failingFindings == 0 } ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("typelayout-previews: error: \(error)\n".utf8))
            exit(2)
        }
    }

    /// Lays each preview of `indices` out in a child process of its own, as many at once as
    /// there are processors (the parent only waits meanwhile); the reason each that failed did.
    private static func probe(_ indices: [Int], arguments: [String], timeout: Double) -> [Int: String] {
        let parallel = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var waiting = indices[...], running: [Probe] = [], failures: [Int: String] = [:]
        while !waiting.isEmpty || !running.isEmpty {
            while running.count < parallel, let index = waiting.popFirst() {
                switch Probe.start(index, arguments: arguments, timeout: timeout) {
                case let .success(probe): running.append(probe)
                case let .failure(problem): failures[index] = problem.description
                }
            }
            // The parent only polls, so that no thread is needed to drain a pipe or to watch the clock.
            usleep(5_000)
            running.removeAll { probe in
                guard let outcome = probe.outcome() else { return false }
                if let failure = outcome { failures[probe.index] = failure }
                return true
            }
        }
        return failures
    }

    /// One preview being laid out in a child process (this program, run again with `--probe N`).
    private struct Probe {
        let index: Int
        let child: Process
        let errorPath: String
        let timeout: Double
        let deadline: Date

        static func start(_ index: Int, arguments: [String], timeout: Double) -> Result<Probe, PreviewRunError> {
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            child.arguments = arguments + ["--probe", String(index)]
            // Standard error goes to a file, read once the child is gone.
            let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent("typelayout-probe-\(UUID().uuidString)").path
            guard FileManager.default.createFile(atPath: errorPath, contents: nil), let errors = FileHandle(forWritingAtPath: errorPath)
            else { return .failure(PreviewRunError("couldn't make a file for a child process's errors")) }
            child.standardError = errors
            child.standardOutput = FileHandle.nullDevice
            // Swift's backtracer would take a second per trap and bury the runtime's message.
            var environment = ProcessInfo.processInfo.environment
            environment["SWIFT_BACKTRACE"] = "enable=no"
            child.environment = environment
            defer { try? errors.close() }
            do { try child.run() } catch {
                try? FileManager.default.removeItem(atPath: errorPath)
                return .failure(PreviewRunError("couldn't start a child process: \(error)"))
            }
            return .success(Probe(index: index, child: child, errorPath: errorPath, timeout: timeout,
                                  deadline: Date().addingTimeInterval(timeout)))
        }

        /// `nil` while the child runs; once it has ended (or been ended, past its deadline), the
        /// reason it failed, or `.some(nil)`.
        func outcome() -> String?? {
            var timedOut = false
            if child.isRunning {
                guard Date() > deadline else { return nil }
                timedOut = true
                // SIGKILL, not Process.terminate()'s SIGTERM: a child that inherited a blocked
                // SIGTERM (seen under the test runner) would never end.
                kill(child.processIdentifier, SIGKILL)
            }
            child.waitUntilExit()
            defer { try? FileManager.default.removeItem(atPath: errorPath) }
            if timedOut { return .some("took longer than \(Int(timeout)) s") }
            let output = FileManager.default.contents(atPath: errorPath) ?? Data()
            // The runtime's "…: Fatal error: Index out of range", else the last thing said.
            let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
            let lastLine = lines.first { $0.contains("Fatal error:") } ?? lines.last ?? ""
            switch (child.terminationReason, child.terminationStatus) {
            case (.exit, 0): return .some(nil)
            case (.exit, _):
                return lastLine.replacingOccurrences(of: "typelayout-previews: error: ", with: "threw ")
            case (.uncaughtSignal, let signal):
                return "trapped (signal \(signal))" + (lastLine.isEmpty ? "" : ": \(lastLine)")
            @unknown default:
                return "ended abnormally: \(lastLine)"
            }
        }
    }

    /// The command line, read.
    private struct Arguments {
        var options = PreviewRunOptions(report: "typelayout-previews")
        var probe: Int?
        var timeout = 120.0
        var inProcess = false
        var list = false

        init(_ arguments: [String]) throws {
            var rest = arguments[...]
            func value(_ option: String) throws -> String {
                guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw PreviewRunError("\(option) needs a value") }
                return next
            }
            while let argument = rest.popFirst() {
                switch argument {
                case "--report": options.report = try value(argument)
                case "--catalogs": options.catalogs.append(try value(argument))
                case "--languages": options.languages = try value(argument).split(separator: ",").map(String.init)
                case "--device":
                    let name = try value(argument)
                    do { options.device = try Device.named(name) } catch { throw PreviewRunError("\(error)") }
                case "--scale":
                    guard let scale = Int(try value(argument)), [1, 2, 3].contains(scale) else { throw PreviewRunError("--scale is 1, 2 or 3") }
                    options.scale = scale
                case "--timeout":
                    guard let seconds = Double(try value(argument)), seconds > 0 else { throw PreviewRunError("--timeout is a number of seconds") }
                    timeout = seconds
                case "--probe":
                    guard let index = Int(try value(argument)) else { throw PreviewRunError("--probe takes a preview's index") }
                    probe = index
                case "--shard":
                    do { options.shard = try AuditShard(parsing: try value(argument)) } catch let error as AuditError {
                        throw PreviewRunError("--shard: \(error)")
                    }
                case "--in-process": inProcess = true
                case "--no-device-chrome": options.showsDeviceChrome = false
                case "--list": list = true
                default: throw PreviewRunError("unknown option \(argument) (options: --report, --catalogs, --languages, --device, --scale, --timeout, --shard, --in-process, --no-device-chrome, --list)")
                }
            }
        }
    }
}
