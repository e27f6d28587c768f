import Foundation
import Testing
import TypeLayout
import TypeLayoutTestSupport

/// render-cli reads the Dynamic Type environment variables through the one function the
/// library has for them (`DynamicTypeContext.fromProcessEnvironment()`).
@Suite struct EnvironmentCommandTests {
    @Test func environmentVariablesAreReadInOnePlaceAndTyposAreErrors() throws {
        let (status, _, stderr) = try runChild(environment: [
            DynamicTypeContext.EnvironmentVariable.contentSizeCategory: "xxxxl",
        ])
        #expect(status != 0)
        #expect(stderr.contains("TYPELAYOUT_CONTENT_SIZE_CATEGORY"))
        #expect(stderr.contains("xxxxl"))
        let (modeStatus, _, modeError) = try runChild(environment: [
            DynamicTypeContext.EnvironmentVariable.scalingMode: "aple",
        ])
        #expect(modeStatus != 0)
        #expect(modeError.contains("TYPELAYOUT_SCALING_MODE") && modeError.contains("metrics, apple"))
        let (okStatus, okOutput, _) = try runChild(environment: [
            DynamicTypeContext.EnvironmentVariable.contentSizeCategory: "ax5",
            DynamicTypeContext.EnvironmentVariable.scalingMode: "apple",
        ])
        #expect(okStatus == 0)
        #expect(okOutput.contains("48"), "body 17 pt in the apple mode at ax5 is 48 pt: \(okOutput)")
    }

    /// render-cli reads the environment through the same function.
    private func runChild(environment: [String: String]) throws -> (Int32, String, String) {
        let result = try CLI.run(["metrics", "--size", "17"], environment: environment)
        return (result.status, result.stdout, result.stderr)
    }
}
