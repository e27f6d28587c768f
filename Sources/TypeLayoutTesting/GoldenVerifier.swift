import Foundation
import TypeLayout
import TypeLayoutGallery
import TypeLayoutRendering

/// What one golden check found and did.
public struct GoldenResult: Sendable {
    /// How a check ended.
    public enum Outcome: Sendable, Hashable {
        /// The rendering matches the reference. The only passing outcome.
        case matched
        /// There was no reference; one was written (record modes `missing`, `failed`, `all`).
        case recorded
        /// The reference differed and was rewritten (record modes `failed`, `all`).
        case updated
        /// The reference differs; nothing was written.
        case mismatched
        /// There is no reference and the record mode is `never`.
        case missing
        /// A file couldn't be read or written.
        case error
    }

    /// How the check ended.
    public let outcome: Outcome
    /// The reference checked.
    public let reference: GoldenReference
    /// The pixel comparison, when there was a reference image to compare with.
    public let comparison: ImageComparison?
    /// The layout facts that differ from the reference's, one line each.
    public let layoutDifferences: [String]
    /// The files written to the artifacts folder (reference, actual, difference images and
    /// facts), for a person or a CI job to look at.
    public let artifactPaths: [String]
    /// The failure message: what happened, the numbers, the artifacts' paths, and a note when
    /// the library versions differ from the goldens'. Empty when the check passed.
    public let message: String
    /// The failure in one line, the issue's title: the golden's name and what failed, with
    /// the differing-pixel count ("ScreenTests/ScreenTests.card.card.ax3: 1204 pixels differ").
    /// Empty when the check passed.
    public let title: String

    /// Whether the check passed.
    public var passed: Bool { outcome == .matched }
}

/// Compares a rendering and its layout facts with a reference, writing references and failure
/// artifacts as the ``GoldenSettings`` say. The engine of ``assertGolden(of:named:categories:perChannelTolerance:maximumDifferingPixelFraction:settings:fileID:filePath:function:line:column:)``;
/// call it directly to check images that aren't labels, or to test the harness.
public enum GoldenVerifier {
    /// Checks `image` and `facts` against `reference`.
    ///
    /// - Parameters:
    ///   - image: the rendering.
    ///   - facts: the descriptions of the layouts the rendering shows.
    ///   - reference: the files to compare with (or write).
    ///   - perChannelTolerance: how much any R, G, B or A value may differ before a pixel counts
    ///     as differing (0 to 255).
    ///   - maximumDifferingPixelFraction: the fraction of pixels (0 to 1) allowed to differ
    ///     beyond the tolerance. Layout facts must match exactly whatever the tolerances.
    ///   - settings: when to write references, and where artifacts go.
    public static func verify(
        _ image: RGBAImage, facts: [LayoutDescription], against reference: GoldenReference,
        perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0, settings: GoldenSettings
    ) -> GoldenResult {
        verify(image, sidecar: .layouts(facts), against: reference, perChannelTolerance: perChannelTolerance,
               maximumDifferingPixelFraction: maximumDifferingPixelFraction, settings: settings)
    }

    /// ``verify(_:facts:against:perChannelTolerance:maximumDifferingPixelFraction:settings:)``
    /// with any kind of facts: a screen's frames dump as well as label layouts.
    static func verify(
        _ image: RGBAImage, sidecar facts: GoldenFacts, against reference: GoldenReference,
        perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0, settings: GoldenSettings
    ) -> GoldenResult {
        var check = Check(image: image, facts: facts, reference: reference, settings: settings,
                          tolerance: perChannelTolerance, fraction: maximumDifferingPixelFraction)
        return check.run()
    }
}

/// One verification's state, so the steps can share it and collect what they wrote.
private struct Check {
    let image: RGBAImage
    let facts: GoldenFacts
    let reference: GoldenReference
    let settings: GoldenSettings
    let tolerance: Int
    let fraction: Double
    var artifacts: [(label: String, path: String)] = []
    var notes: [String] = []

    private var fileManager: FileManager { .default }
    private var mode: GoldenRecordMode { settings.recordMode }
    private var name: String { "\(reference.testFile)/\(reference.baseName)" }

    mutating func run() -> GoldenResult {
        let result = compare()
        // A passing golden's artifacts from earlier runs would show as failures in report-goldens.
        if result.passed { removeOldArtifacts() }
        return result
    }

    private var artifactsDirectory: String {
        settings.artifactsDirectory(forGoldensIn: reference.goldensDirectory) + "/" + reference.testFile
    }

    private func removeOldArtifacts() {
        let base = artifactsDirectory + "/" + reference.baseName
        for suffix in [".reference.png", ".actual.png", ".difference.png", ".reference.layout.json", ".actual.layout.json"] {
            try? fileManager.removeItem(atPath: base + suffix)
        }
        try? fileManager.removeItem(atPath: artifactsDirectory + "/" + GoldenFailureNote.fileName(baseName: reference.baseName))
    }

    private mutating func compare() -> GoldenResult {
        let hasImage = fileManager.fileExists(atPath: reference.imagePath)
        let hasFacts = fileManager.fileExists(atPath: reference.factsPath)
        guard hasImage && hasFacts else { return handleMissing(hasImage: hasImage, hasFacts: hasFacts) }

        let referenceImage: RGBAImage, referenceFacts: GoldenFacts
        do {
            referenceImage = try PNGCodec.read(contentsOf: reference.imagePath)
            referenceFacts = try facts.decoded(from: Data(contentsOf: URL(fileURLWithPath: reference.factsPath)))
        } catch {
            // An unreadable reference is as good as a wrong one: the modes that rewrite failing
            // references rewrite it; the others fail.
            guard mode == .all || mode == .failed else {
                return result(.error, comparison: nil, differences: [], summary: "Can't read the reference of \(name): \(error)")
            }
            return record(.updated, summary: "Rewrote the unreadable reference of \(name) (\(error)) because \(modeSetting).", comparison: nil, differences: [])
        }

        let comparison = ImageComparison(reference: referenceImage, actual: image, perChannelTolerance: tolerance)
        let differences = facts.differences(from: referenceFacts)
        let unchanged = referenceImage == image && referenceFacts == facts
        let passes = comparison.matches(maximumDifferingPixelFraction: fraction) && differences.isEmpty
        if mode == .all ? unchanged : passes {
            return result(.matched, comparison: comparison, differences: [], summary: "")
        }

        writeArtifacts(referenceImage: referenceImage, referenceFacts: referenceFacts)
        if mode == .all || mode == .failed {
            let why = passes ? "it changed within the tolerance" : "it differs"
            return record(.updated, summary: "Re-recorded the reference of \(name) because \(why) and \(modeSetting); look at it before committing.",
                          comparison: comparison, differences: differences)
        }
        appendVersionNote()
        notes.append("If the new rendering is right, re-record it with \(GoldenSettings.recordModeVariable)=failed and look at it before committing.")
        return result(.mismatched, comparison: comparison, differences: differences,
                      summary: "\(name) doesn't match its reference \(reference.imagePath).")
    }

    private var modeSetting: String { "\(GoldenSettings.recordModeVariable)=\(mode.rawValue)" }

    private mutating func handleMissing(hasImage: Bool, hasFacts: Bool) -> GoldenResult {
        let absent = [hasImage ? nil : reference.imagePath, hasFacts ? nil : reference.factsPath].compactMap { $0 }
        guard mode != .never else {
            writeArtifacts(referenceImage: nil, referenceFacts: nil)
            return result(.missing, comparison: nil, differences: [], summary: """
                No reference for \(name): \(absent.joined(separator: " and ")) missing, and \(modeSetting) records \
                nothing. Record it locally (\(GoldenSettings.recordModeVariable)=missing), look at it, and commit it.
                """)
        }
        return record(.recorded, summary: "Recorded a new reference for \(name) at \(reference.imagePath) (\(modeSetting)); look at it before committing, then run again.",
                      comparison: nil, differences: [])
    }

    /// Writes the reference files and `VERSIONS.txt`, and reports `outcome` (a failure: every
    /// recording is reviewed before it is accepted).
    private mutating func record(_ outcome: GoldenResult.Outcome, summary: String,
                                 comparison: ImageComparison?, differences: [String]) -> GoldenResult {
        do {
            try fileManager.createDirectory(atPath: reference.directory, withIntermediateDirectories: true)
            try PNGCodec.write(image, to: reference.imagePath)
            try facts.encoded().write(to: URL(fileURLWithPath: reference.factsPath), options: .atomic)
            try writeVersions()
        } catch {
            return result(.error, comparison: comparison, differences: differences,
                          summary: "Can't record the reference of \(name): \(error)")
        }
        return result(outcome, comparison: comparison, differences: differences, summary: summary)
    }

    /// Records the running versions, unless the file already says them.
    private mutating func writeVersions() throws {
        let running = settings.runningVersions
        let recorded = recordedVersions
        guard recorded != running else { return }
        if let recorded {
            notes.append("""
                \(reference.versionsPath) said \(recorded) and now says \(running), but the other goldens there were \
                recorded with \(recorded): re-record them all (\(GoldenSettings.recordModeVariable)=all) so the file tells the truth.
                """)
        }
        try Data(running.fileContents.utf8).write(to: URL(fileURLWithPath: reference.versionsPath), options: .atomic)
    }

    private var recordedVersions: RenderingLibraryVersions? {
        (try? String(contentsOfFile: reference.versionsPath, encoding: .utf8)).flatMap(RenderingLibraryVersions.init(fileContents:))
    }

    /// Says when the goldens were recorded with other library versions than this run's: the
    /// usual cause of a golden failing on one machine and passing on another.
    private mutating func appendVersionNote() {
        let running = settings.runningVersions
        guard let recorded = recordedVersions else {
            notes.append("No readable \(reference.versionsPath): the library versions these goldens were recorded with are unknown (running \(running)).")
            return
        }
        if recorded != running {
            notes.append("Library versions differ: the goldens were recorded with \(recorded), this run uses \(running); the difference may come from the libraries rather than TypeLayout.")
        }
    }

    /// Writes the reference (if any), the actual and the difference image, and both facts, to
    /// the artifacts folder. A failure to write is reported in the message, not thrown: the
    /// comparison's verdict matters more than its pictures.
    private mutating func writeArtifacts(referenceImage: RGBAImage?, referenceFacts: GoldenFacts?) {
        let directory = artifactsDirectory
        let base = directory + "/" + reference.baseName
        do {
            try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if let referenceImage {
                try PNGCodec.write(referenceImage, to: base + ".reference.png")
                artifacts.append(("reference", base + ".reference.png"))
            }
            try PNGCodec.write(image, to: base + ".actual.png")
            artifacts.append(("actual", base + ".actual.png"))
            if let referenceImage {
                let difference = try ImageComparison.differenceImage(reference: referenceImage, actual: image, perChannelTolerance: tolerance)
                try PNGCodec.write(difference, to: base + ".difference.png")
                artifacts.append(("difference (red: beyond the tolerance, amber: within it, over the dimmed reference)", base + ".difference.png"))
            }
            if let referenceFacts {
                try referenceFacts.encoded().write(to: URL(fileURLWithPath: base + ".reference.layout.json"), options: .atomic)
                artifacts.append(("reference layout facts", base + ".reference.layout.json"))
            }
            try facts.encoded().write(to: URL(fileURLWithPath: base + ".actual.layout.json"), options: .atomic)
            artifacts.append(("actual layout facts", base + ".actual.layout.json"))
        } catch {
            notes.append("Couldn't write all artifacts to \(directory): \(error)")
        }
    }

    private func result(_ outcome: GoldenResult.Outcome, comparison: ImageComparison?, differences: [String], summary: String) -> GoldenResult {
        var lines: [String] = []
        if outcome != .matched {
            lines.append(summary)
            if let comparison { lines.append(contentsOf: describe(comparison)) }
            lines.append(contentsOf: differences.map { "layout: \($0)" })
            lines.append(contentsOf: artifacts.map { "\($0.label): \($0.path)" })
            lines.append(contentsOf: notes)
            writeNote(outcome, comparison: comparison, differences: differences, message: lines.joined(separator: "\n"))
        }
        return GoldenResult(outcome: outcome, reference: reference, comparison: comparison, layoutDifferences: differences,
                            artifactPaths: artifacts.map(\.path), message: lines.joined(separator: "\n"),
                            title: outcome == .matched ? "" : title(outcome, comparison: comparison, differences: differences))
    }

    private func title(_ outcome: GoldenResult.Outcome, comparison: ImageComparison?, differences: [String]) -> String {
        var what: [String] = []
        switch outcome {
        case .matched: break
        case .recorded: what.append("recorded a new reference")
        case .updated: what.append("re-recorded")
        case .missing: what.append("no reference")
        case .error: what.append("can't read or write its files")
        case .mismatched: break
        }
        if let comparison, outcome != .recorded {
            if !comparison.sizesMatch { what.append("size \(comparison.referenceSize) px, now \(comparison.actualSize) px") }
            what.append("\(comparison.differingPixelCount) pixel\(comparison.differingPixelCount == 1 ? "" : "s") differ\(comparison.differingPixelCount == 1 ? "s" : "")")
        }
        if !differences.isEmpty { what.append("\(differences.count) layout fact\(differences.count == 1 ? "" : "s") differ\(differences.count == 1 ? "s" : "")") }
        return "golden \(name): " + what.joined(separator: ", ")
    }

    /// Beside the artifacts, what `render-cli report-goldens` shows: the outcome, the reasons in
    /// a few words and the message. Best effort, like the artifacts themselves.
    private func writeNote(_ outcome: GoldenResult.Outcome, comparison: ImageComparison?, differences: [String], message: String) {
        guard artifacts.contains(where: { $0.path.hasSuffix(".actual.png") }) else { return }
        var reasons: [String] = []
        if let comparison {
            if !comparison.sizesMatch { reasons.append("size differs") }
            if comparison.differingPixelCount > 0 { reasons.append("pixels differ") }
        }
        if !differences.isEmpty { reasons.append("layout differs") }
        if outcome == .missing { reasons.append("no reference") }
        if reasons.isEmpty { reasons.append(outcome == .updated ? "re-recorded" : "\(outcome)") }
        let note = GoldenFailureNote(outcome: "\(outcome)", reasons: reasons, message: message, run: GoldenRun.current)
        let path = artifactsDirectory + "/" + GoldenFailureNote.fileName(baseName: reference.baseName)
        try? JSONEncoder().encode(note).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    private func describe(_ comparison: ImageComparison) -> [String] {
        var lines: [String] = []
        if !comparison.sizesMatch {
            lines.append("image size was \(comparison.referenceSize) px, now \(comparison.actualSize) px")
        }
        let percent = String(format: "%.3f", comparison.differingPixelFraction * 100)
        let allowed = Int((fraction * Double(comparison.pixelCount)).rounded(.down))
        lines.append("""
            pixels differing: \(comparison.differingPixelCount) of \(comparison.pixelCount) (\(percent) %) beyond a per-channel \
            tolerance of \(comparison.perChannelTolerance), \(allowed) allowed (maximumDifferingPixelFraction \(fraction)); \
            largest channel delta \(comparison.largestChannelDelta)\(comparison.sizesMatch ? "" : " where both images have pixels")
            """)
        return lines
    }
}

/// This test process's run, written into each failure note so that `report-goldens` can show
/// the last run's failures only: when it started (sortable, to the millisecond) and its process.
enum GoldenRun {
    static let current: String = {
        let milliseconds = Int64((Date().timeIntervalSince1970 * 1000).rounded())
        return String(format: "%015lld-%d", milliseconds, ProcessInfo.processInfo.processIdentifier)
    }()
}
