import Foundation
import Testing
import TypeLayoutTestSupport

/// `--shard I/N` and `render-cli report merge`: three shards of the fixture's previews, merged,
/// give the folder the unsharded run writes.
@Suite(.temporaryFolders) struct PreviewShardTests {
    @Test func threeShardsMergeIntoTheUnshardedReport() throws {
        let folder = try TestPaths.temporaryDirectory().path
        let catalog = try PreviewCommandTests.catalog(in: URL(fileURLWithPath: folder))
        let whole = try CLI.run(["--catalogs", catalog, "--report", folder + "/whole"], tool: PreviewCommandTests.fixture)
        #expect(whole.status == 1, "\(whole.stderr)")
        var shardCounts: [Int] = []
        for index in 1...3 {
            let shard = try CLI.run(["--catalogs", catalog, "--shard", "\(index)/3", "--report", folder + "/shard-\(index)"],
                                    tool: PreviewCommandTests.fixture)
            #expect(shard.status <= 1, "\(shard.stderr)")
            let outcomes = try JSONDecoder().decode([PreviewCommandTests.Outcome].self,
                                                    from: Data(contentsOf: URL(fileURLWithPath: folder + "/shard-\(index)/previews.json")))
            shardCounts.append(outcomes.count)
        }
        // Every preview is in exactly one shard, and --list lists the shard's.
        #expect(shardCounts.reduce(0, +) == 5 && shardCounts.allSatisfy { $0 < 5 }, "\(shardCounts)")
        let listed = try (1...3).map { try CLI.run(["--list", "--shard", "\($0)/3"], tool: PreviewCommandTests.fixture) }
        #expect(listed.map { $0.stdout.split(separator: "\n").count } == shardCounts)
        // A sheet left in a shard's folder by an older run is not the run's: not merged.
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/shard-1/previews/Removed_Previews.en.sheet.png"))
        let merge = try CLI.run(["report", "merge"] + (1...3).map { folder + "/shard-\($0)" } + ["--report", folder + "/merged"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.contains("5 previews, 2 failed"), "\(merge.stdout)")

        let expected = try ReportFiles.expectSame(folder + "/merged", as: folder + "/whole"), merged = try ReportFiles.under(folder + "/merged")
        // The audit, the outcomes, the gallery's data and its pictures are among the files compared.
        for path in ["audit.txt", "audit.json", "audit.junit.xml", "previews.json", "gallery/index.html", "gallery/data/index.js",
                     "previews/Greeting_Previews.ar.sheet.png", "previews/Cramped_Previews.en.frames.json"] {
            #expect(expected[path] != nil, "\(path)")
        }
        #expect(expected.keys.contains { $0.hasPrefix("gallery/images/") && $0.hasSuffix(".png") })
        // Merging into the same folder again replaces it with the same report.
        let again = try CLI.run(["report", "merge"] + (1...3).map { folder + "/shard-\($0)" } + ["--report", folder + "/merged"])
        let remerged = try ReportFiles.under(folder + "/merged")
        #expect(again.status == 0 && remerged == merged)
    }

    @Test func badShardsAreOneLineAndStatusTwo() throws {
        let folder = try TestPaths.temporaryDirectory()
        for shard in ["0/4", "5/4", "x", "1/0"] {
            let result = try CLI.run(["--shard", shard, "--report", folder.appendingPathComponent("out").path], tool: PreviewCommandTests.fixture)
            #expect(result.status == 2, "\(shard)")
            #expect(result.stderr.hasPrefix("typelayout-previews: error: --shard: ") && result.stderr.split(separator: "\n").count == 1,
                    "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }

    @Test func aMergeOfShardsThatDontAddUpIsOneErrorLineAndWritesNothing() throws {
        let folder = try TestPaths.temporaryDirectory().path
        for (index, count) in [(1, 2), (2, 2), (1, 3)] {
            let shard = try CLI.run(["--shard", "\(index)/\(count)", "--report", folder + "/s\(index)of\(count)"],
                                    tool: PreviewCommandTests.fixture)
            #expect(shard.status <= 1, "\(shard.stderr)")
        }
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        let cases: [([String], String)] = [
            ([folder + "/s1of2"], "shard 2/2 is missing"),
            ([folder + "/s1of2", folder + "/s1of2", folder + "/s2of2"], "shard 1/2 is given twice"),
            ([folder + "/s1of2", folder + "/s1of3"], "is shard 1/3 but"),
            ([folder + "/s1of2", folder + "/nowhere"], "no report folder at"),
            ([folder + "/s1of2", folder + "/empty"], "is not a preview report"),
        ]
        for (shards, message) in cases {
            let result = try CLI.run(["report", "merge"] + shards + ["--report", folder + "/merged"])
            #expect(result.status == 1, "\(shards)")
            #expect(result.stderr.hasPrefix("render-cli: error: ") && result.stderr.contains(message)
                    && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/merged"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/merged.merging"))
    }
}
