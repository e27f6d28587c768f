import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutAudit
import TypeLayoutTestSupport

/// ``PreviewReport``: read back as written, and merged only from shards of one run.
@Suite(.temporaryFolders) struct PreviewReportMergeTests {
    static let settings = PreviewReport.Settings(previews: ["A\tApp/A.swift:3", "B\tApp/B.swift:9"], catalogs: [], languages: ["und"],
                                                 categories: [.large, .accessibilityExtraExtraExtraLarge], device: "iPhone 16",
                                                 scale: 1, typeContext: "default")

    static func entry(_ index: Int) -> PreviewReport.Entry {
        let name = ["A", "B"][index]
        let finding = ScreenFinding(screen: name, node: "title", language: "und", category: .accessibilityExtraExtraExtraLarge,
                                    rule: .truncated, measured: "2 lines > 1", sourceLocation: TextFileLocation(file: "App/A.swift", line: 4, column: 9))
        return PreviewReport.Entry(index: index, outcome: PreviewOutcome(name: name, file: "App/\(name).swift", line: index == 0 ? 3 : 9,
                                                                         failure: index == 1 ? "threw nan" : nil, failingFindings: index == 0 ? 1 : 0),
                                   audits: index == 0 ? [PreviewReport.LanguageAudit(language: "und", findings: [finding])] : [])
    }

    /// Writes shard `shard` (or the whole run) of the two previews into `folder`.
    static func write(_ folder: String, shard: String?, entries: [Int], settings: PreviewReport.Settings = settings) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let report = PreviewReport(settings: settings, shard: shard, problems: [], entries: entries.map(entry), duration: 0.25)
        try report.write(to: folder) { .file($0) }
    }

    @Test func aReportReadsBackAsWrittenAndTwoShardsMergeIntoTheWhole() throws {
        let root = try TestPaths.temporaryDirectory().path
        try Self.write(root + "/whole", shard: nil, entries: [0, 1])
        try Self.write(root + "/one", shard: "1/2", entries: [1])
        try Self.write(root + "/two", shard: "2/2", entries: [0])
        let whole = try PreviewReport.read(folder: root + "/whole")
        #expect(whole.entries == [Self.entry(0), Self.entry(1)] && whole.settings == Self.settings)
        let merged = try PreviewReport.merge([root + "/one", root + "/two/"], into: root + "/merged")
        #expect(merged.entries.map(\.index) == [0, 1] && merged.duration == 0.5)
        for name in ["audit.txt", "audit.json", "previews.json", "gallery/index.html"] {
            #expect(FileManager.default.contents(atPath: root + "/merged/" + name) == FileManager.default.contents(atPath: root + "/whole/" + name),
                    "\(name)")
        }
        let text = try String(contentsOfFile: root + "/merged/audit.txt", encoding: .utf8)
        #expect(text.hasPrefix("error: App/B.swift:9:1: preview \"B\" failed: threw nan") && text.contains("truncated"), "\(text)")
    }

    @Test func shardsOfAnotherRunOrAnUnshardedReportAreRefused() throws {
        let root = try TestPaths.temporaryDirectory().path
        var other = Self.settings
        other.languages = ["de"]
        try Self.write(root + "/one", shard: "1/2", entries: [1])
        try Self.write(root + "/two", shard: "2/2", entries: [0], settings: other)
        try Self.write(root + "/whole", shard: nil, entries: [0, 1])
        try Self.write(root + "/overlap", shard: "2/2", entries: [1])
        let cases: [([String], String)] = [
            (["/one", "/two"], "is from another run than"),
            (["/one", "/whole"], "was run without --shard"),
            (["/one", "/overlap"], "the preview B is in more than one shard"),
        ]
        for (folders, message) in cases {
            #expect {
                try PreviewReport.merge(folders.map { root + $0 }, into: root + "/merged")
            } throws: { error in
                "\(error)".contains(message)
            }
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/merged"))
    }

    @Test func aFolderThatIsNotAReportIsNeverReplaced() throws {
        let root = try TestPaths.temporaryDirectory().path
        try Self.write(root + "/one", shard: "1/1", entries: [0, 1])
        try FileManager.default.createDirectory(atPath: root + "/notes", withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: root + "/notes/todo.txt"))
        #expect(throws: PreviewReportError.self) { try PreviewReport.merge([root + "/one"], into: root + "/notes") }
        #expect(FileManager.default.contents(atPath: root + "/notes/todo.txt") == Data("keep me".utf8))
        // A report folder is replaced.
        try PreviewReport.merge([root + "/one"], into: root + "/one-merged")
        try PreviewReport.merge([root + "/one"], into: root + "/one-merged")
        #expect(try PreviewReport.read(folder: root + "/one-merged").shard == nil)
    }
}
