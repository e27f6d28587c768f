import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayoutAudit

/// `render-cli report merge`: the report folders of a sharded run joined into one.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with report folders.",
        subcommands: [ReportMergeCommand.self])
}

struct ReportMergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the report folders of a preview run's shards (--shard I/N) into one.",
        discussion: """
            Reads each shard's report folder (the preview command's --report: run.json, the audit in text, \
            JSON and JUnit, previews.json, the sheets and frames dumps under previews/ and the review gallery) \
            and writes one folder with the same files as a run without --shard would have written, byte for \
            byte, in the same order with the same totals; only the JUnit time differs: the shards' times \
            added up. Every shard I/N of one run must be given once. The folder is written beside --report \
            and renamed into place, so a failed merge leaves nothing half-written.

              render-cli report merge shard-1 shard-2 shard-3 --report previews-report
            """)

    @Argument(help: "The shards' report folders.")
    var shards: [String]

    @Option(help: "The merged report's folder (replaced if it is a report already).")
    var report: String

    func validate() throws {
        guard !shards.isEmpty else { throw ValidationError("give the report folders of the shards to merge") }
    }

    func run() throws {
        // `render-cli audit --report` folders have the audit's files but no run record yet: said
        // plainly rather than "not a preview report".
        for shard in shards where !exists(shard + "/run.json") && exists(shard + "/audit.json") && exists(shard + "/index.html") {
            throw CLIError.runtime("\(shard) is a render-cli audit report; report merge joins only the preview command's shards so far")
        }
        let merged: PreviewReport
        do {
            merged = try PreviewReport.merge(shards, into: report)
        } catch let error as PreviewReportError {
            throw CLIError.runtime(error.description)
        }
        let failed = merged.entries.filter { $0.outcome.failure != nil }.count
        print("merged \(shards.count) shards: \(merged.entries.count) previews, \(failed) failed; report in \(report)")
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
