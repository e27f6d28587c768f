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
        abstract: "Join the report folders of a sharded run (--shard I/N) into one: the preview command's or render-cli audit's.",
        discussion: """
            Reads each shard's report folder (the preview command's --report: run.json, the audit in text, \
            JSON and JUnit, previews.json, the sheets and frames dumps under previews/ and the review gallery; \
            or render-cli audit --shard I/N --report's: audit-run.json, audit-entries.jsonl, the audit in text, \
            JSON and JUnit and the review gallery) and writes one folder with the same files as a run without --shard would have written, byte for \
            byte, in the same order with the same totals; only the JUnit time differs: the shards' times \
            added up. Every shard I/N of one run must be given once. The folder is written beside --report \
            and renamed into place, so a failed merge leaves nothing half-written.

              render-cli report merge shard-1 shard-2 shard-3 --report previews-report
              render-cli report merge audit-1 audit-2 audit-3 --report audit-report
            """)

    @Argument(help: "The shards' report folders.")
    var shards: [String]

    @Option(help: "The merged report's folder (replaced if it is a report already).")
    var report: String

    func validate() throws {
        guard !shards.isEmpty else { throw ValidationError("give the report folders of the shards to merge") }
    }

    func run() throws {
        // Each folder is a shard of the preview command (run.json) or of render-cli audit
        // (audit-run.json); shards of the two are never merged together.
        let audits = shards.filter { exists($0 + "/" + AuditRun.fileName) }
        if let audit = audits.first, let preview = shards.first(where: { exists($0 + "/" + PreviewReport.fileName) }) {
            throw CLIError.runtime("\(audit) is a render-cli audit shard's report but \(preview) is a preview report: merge the shards of one run")
        }
        if !audits.isEmpty || shards.contains(where: isAuditReport) {
            if let unsharded = shards.first(where: { !exists($0 + "/" + AuditRun.fileName) && isAuditReport($0) }) {
                throw CLIError.runtime("\(unsharded) is the report of a render-cli audit run without --shard: there is nothing to merge")
            }
            let merged: AuditRun.Merged
            do {
                merged = try AuditRun.merge(shards, into: report)
            } catch let error as AuditRunError {
                throw CLIError.runtime(error.description)
            }
            print("merged \(shards.count) shards: \(merged.strings) strings, \(merged.screens) screen runs, "
                + (merged.isClean ? "everything fits" : "with failures") + "; report in \(report)")
            return
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

    /// Whether `folder` holds a `render-cli audit --report` folder (its audit and gallery, no preview run.json).
    private func isAuditReport(_ folder: String) -> Bool {
        !exists(folder + "/" + PreviewReport.fileName) && exists(folder + "/audit.json") && exists(folder + "/index.html")
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}
