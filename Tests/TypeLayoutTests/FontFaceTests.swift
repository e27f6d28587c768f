import Foundation
import Testing
@testable import TypeLayout
import TypeLayoutTestSupport

@Suite(.temporaryFolders) struct FontFaceTests {
    @Test func gilliusUsesTypoMetricsBecauseUseTypoMetricsIsSet() throws {
        // GilliusADF-Regular: upem 1000, OS/2 typo 750 / -250 / 53 with USE_TYPO_METRICS;
        // hhea says 944 / -298 / 27, which CoreText would ignore here.
        let face = try FontFace.load(path: TestPaths.font("GilliusADF-Regular.otf"))
        #expect(face.usesTypoMetrics)
        #expect(face.unitsPerEm == 1000)
        let metrics = try face.metrics(atPointSize: 36)
        #expect(metrics.ascender == 27)
        #expect(metrics.descender == -9)
        #expect(metrics.lineHeight == 36)
        #expect(abs(metrics.leading - 1.908) < 1e-9)
        #expect(abs(metrics.capHeight - 692 * 0.036) < 1e-9)
        #expect(abs(metrics.xHeight - 451 * 0.036) < 1e-9)
        #expect(face.familyName == "Gillius ADF")
    }

    @Test func liberationSansUsesHheaWithoutTheFlag() throws {
        // LiberationSans-Regular: upem 2048, hhea 1854 / -434 / 67, no USE_TYPO_METRICS.
        let face = try FontFace.load(path: TestPaths.font("LiberationSans-Regular.ttf"))
        #expect(!face.usesTypoMetrics)
        let metrics = try face.metrics(atPointSize: 17)
        let scale = 17.0 / 2048
        #expect(abs(metrics.ascender - 1854 * scale) < 1e-12)
        #expect(abs(metrics.descender + 434 * scale) < 1e-12)
        #expect(abs(metrics.leading - 67 * scale) < 1e-12)
        #expect(abs(metrics.lineHeight - 2288 * scale) < 1e-12)
        #expect(abs(metrics.capHeight - 1409 * scale) < 1e-12)
        // Unrounded: FreeType's pixel-rounded size metrics would give whole numbers here.
        #expect(metrics.ascender != metrics.ascender.rounded())
    }

    @Test func cffOpenTypeLoads() throws {
        let face = try FontFace.load(path: TestPaths.font("Cabin-Regular.otf"))
        let metrics = try face.metrics(atPointSize: 10)
        #expect(abs(metrics.ascender - 9.65) < 1e-9)
        #expect(abs(metrics.descender + 2.5) < 1e-9)
    }

    @Test func collectionFacesByIndex() throws {
        let path = TestPaths.sharedFixture("GilliusPair.ttc")
        let regular = try FontFace.load(path: path, faceIndex: 0)
        let bold = try FontFace.load(path: path, faceIndex: 1)
        #expect(regular.faceCount == 2)
        #expect(regular.styleName == "Regular")
        #expect(bold.styleName == "Bold")
        #expect(bold.weight > regular.weight)
        #expect(throws: TypeLayoutError.faceIndexOutOfRange(path: path, index: 2, faceCount: 2)) {
            try FontFace.load(path: path, faceIndex: 2)
        }
    }

    @Test func variableFontWeightIsAppliedAndClamped() throws {
        let path = TestPaths.font("Inter-roman.var.ttf")
        let semibold = try FontFace.load(path: path, weight: .semibold)
        #expect(semibold.weight == .semibold)
        #expect(semibold.weightAxis == 100...900)
        #expect(!semibold.weightWasClamped)
        let tooHeavy = try FontFace.load(path: path, weight: FontWeight(rawValue: 1000))
        #expect(tooHeavy.weight == .black)
        #expect(tooHeavy.weightWasClamped)
        #expect(try FontFace.load(path: path, weight: .semibold) === semibold, "faces are cached")
    }

    @Test func missingFileIsNamed() {
        #expect(throws: TypeLayoutError.fileNotFound(path: "/no/such/font.ttf")) {
            try FontFace.load(path: "/no/such/font.ttf")
        }
    }

    @Test func nonFontFileIsRejected() throws {
        let directory = try TestPaths.temporaryDirectory()
        let textFile = directory.appendingPathComponent("notes.ttf")
        try Data("this is not a font\n".utf8).write(to: textFile)
        let empty = directory.appendingPathComponent("empty.ttf")
        try Data().write(to: empty)
        for path in [textFile.path, empty.path] {
            do {
                _ = try FontFace.load(path: path)
                Issue.record("\(path) loaded")
            } catch let error as TypeLayoutError {
                guard case .notAFont(let named, _) = error else { Issue.record("\(error)"); continue }
                #expect(named == path)
            }
        }
        #expect(throws: TypeLayoutError.unreadableFile(path: directory.path, reason: "it is a directory")) {
            try FontFace.load(path: directory.path)
        }
    }

    @Test func sizeMustBePositive() throws {
        let face = try FontFace.load(path: TestPaths.font("GilliusADF-Regular.otf"))
        for size in [0, -1, .nan, .infinity] as [Double] {
            #expect(throws: TypeLayoutError.self) { try face.metrics(atPointSize: size) }
            #expect(throws: TypeLayoutError.self) { try Font(face: face, pointSize: size) }
        }
    }
}
