#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TypeLayout

/// What TypeLayoutTesting writes beside a failed golden check's images,
/// `<artifacts>/<TestFile>/<test>.<name>.<variant>.failure.json`, for the review gallery.
public struct GoldenFailureNote: Codable, Sendable, Hashable {
    /// How the check ended ("mismatched", "missing", "updated", "recorded", "error").
    public var outcome: String
    /// Why, in a few words each: "pixels differ", "size differs", "layout differs", "no reference".
    public var reasons: [String]
    /// The failure message, as the test reported it.
    public var message: String
    /// The test process that wrote it: its start time in milliseconds (15 digits, so that the
    /// strings sort as the times do) and its process id; `nil` in notes of older versions.
    public var run: String?

    /// A note.
    public init(outcome: String, reasons: [String], message: String, run: String? = nil) {
        self.outcome = outcome
        self.reasons = reasons
        self.message = message
        self.run = run
    }

    /// The note's file name beside the images of `baseName` (`<test>.<name>.<variant>`).
    public static func fileName(baseName: String) -> String { baseName + ".failure.json" }
}

/// The review gallery of golden-test failures: what TypeLayoutTesting left in its artifacts
/// folder (`TYPELAYOUT_ARTIFACTS`), a group per golden (`<TestFile>/<test>.<name>`), a finding
/// per variant (a category, `sheet`), with the reference, actual and difference images side
/// by side and the failure's message.
public enum GoldenFailureGallery {
    /// The gallery of the last run's failures in `artifactsDirectory`: each `<base>.actual.png`
    /// with its `<base>.reference.png`, `<base>.difference.png` and note when they are there.
    /// When the notes name their runs (``GoldenFailureNote/run``), only the newest run's
    /// failures are shown: a folder that several runs wrote to doesn't show failures since fixed.
    ///
    /// - Throws: ``ReviewGalleryError/cannotRead(path:reason:)`` naming a folder that can't be listed.
    public static func gallery(artifactsDirectory: String, title: String = "Golden-test failures") throws -> ReviewGallery {
        let list = FileSystem.list
        let categories = Set(ContentSizeCategory.allCases.map(\.shortName))
        var groups: [ReviewGroup] = []
        var found: [(testFile: String, folder: String, base: String, note: GoldenFailureNote?, present: Set<String>)] = []
        for testFile in try list(artifactsDirectory) where !testFile.hasPrefix(".") {
            let folder = artifactsDirectory + "/" + testFile
            guard FileSystem.isFolder(folder) else { continue }
            let files = try list(folder)
            let present = Set(files)
            for actual in files where actual.hasSuffix(".actual.png") {
                let base = String(actual.dropLast(".actual.png".count))
                let note = present.contains(GoldenFailureNote.fileName(baseName: base))
                    ? (try? JSONDecoder().decode(GoldenFailureNote.self, from: Data(contentsOf: URL(filePath: folder + "/" + GoldenFailureNote.fileName(baseName: base)))))
                    : nil
                found.append((testFile, folder, base, note, present))
            }
        }
        let lastRun = found.compactMap(\.note?.run).max()
        for (testFile, folder, base, note, present) in found where lastRun == nil || note?.run == lastRun {
            // `<Suite>.<test>.<name>.<variant>`: the golden is the group, the variant the finding.
            let golden = base.split(separator: ".").dropLast().joined(separator: ".")
            let variant = base.split(separator: ".").last.map(String.init) ?? base
            var pictures: [ReviewPicture] = []
            for (kind, failing) in [("reference", false), ("actual", true), ("difference", true)]
            where present.contains("\(base).\(kind).png") {
                pictures.append(ReviewPicture(label: kind, isFailing: failing,
                                              fileName: ReviewGalleryWriter.safeFileName("\(testFile).\(base).\(kind)", limit: 200) + ".png",
                                              source: .file("\(folder)/\(base).\(kind).png")))
            }
            let finding = ReviewFinding(
                language: "", platform: "", firstFailingCategory: categories.contains(variant) ? variant : nil,
                failingCategories: [variant], reasons: note?.reasons ?? [present.contains("\(base).reference.png") ? "differs" : "no reference"],
                text: "", details: (note?.message).map { $0.split(separator: "\n").map(String.init) } ?? [], pictures: pictures)
            let title = testFile + "/" + golden
            if groups.last?.title == title {
                groups[groups.count - 1].findings.append(finding)
            } else {
                groups.append(ReviewGroup(title: title, subtitle: folder, findings: [finding]))
            }
        }
        return ReviewGallery(title: title, groupNoun: "golden", groups: groups,
                             notes: ["From \(artifactsDirectory)\(lastRun == nil ? "" : ", the last run's failures"): reference, actual and difference (red: beyond the tolerance, amber: within it, over the dimmed reference)."],
                             showsPicturesSideBySide: true)
    }
}
