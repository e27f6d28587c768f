import Foundation
import Testing
@testable import TypeLayout

/// Inputs the fuzzers (scripts/fuzz.sh) crashed on, kept as tests once fixed.
@Suite struct FuzzRegressionTests {
    /// FontFuzzer, crash-b13e4eaf…: when applying the weight failed on a variable font's damaged
    /// variation data, FreeTypeFace closed the FreeType face on its error path and then again in
    /// deinit (every stored property was already set, so the failed initializer ran deinit): a
    /// SEGV in FT_Done_Face. The fuzzer's input is a 690 KB mutated Inter; a zeroed `gvar` takes
    /// the same path.
    @Test func variableFontWhoseWeightCantBeAppliedIsATypedError() throws {
        let path = try SFNT.damaged("Inter-roman.var.ttf", zeroing: "gvar")
        let error = #expect(throws: TypeLayoutError.self) { try FontFace.load(path: path, weight: .bold) }
        guard case .notAFont(path, let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("can't apply weight 700"), "\(reason)")
        // Without a weight nothing is applied: the face loads at the axis default.
        #expect(try FontFace.load(path: path).weight == .regular)
        // The CLI reports it on one line instead of crashing.
        let output = try TestPaths.temporaryDirectory().appendingPathComponent("out.png").path
        let result = try CLI.run(["--font", path, "--weight", "bold", output])
        #expect(result.status == 1)
        #expect(result.stderr == "render-cli: error: \(error!.description)\n")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
