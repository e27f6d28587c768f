import Foundation
import Testing

/// Where one golden's reference files live:
/// `<goldens>/<TestFile>/<Suite>.<test>.<name>.<variant>.png` and, beside it, the layout facts
/// in `<Suite>.<test>.<name>.<variant>.layout.json`; `<goldens>/VERSIONS.txt` names the library
/// versions the folder was recorded with.
///
/// The suite (the Swift Testing suite type the test is in, nested suites joined by `.`; left
/// out for a test outside any suite) keeps two suites' tests of one name, often run with
/// different Dynamic Type settings, from writing one file.
///
/// The variant is a content size category's short name (`xs` … `xxxl`, `ax1` … `ax5`, as on
/// `render-cli`'s command line) or `sheet` for a contact sheet. Names are explicit, never
/// counters, so adding an assertion never renames another's reference.
public struct GoldenReference: Sendable, Hashable {
    /// The goldens folder (normally `__Goldens__` beside the test file).
    public let goldensDirectory: String
    /// The test file's name without `.swift`.
    public let testFile: String
    /// `<Suite>.<test>.<name>.<variant>`, or `<test>.<name>.<variant>` with no suite.
    public let baseName: String

    /// The name of the folder that holds goldens beside a test file.
    public static let folderName = "__Goldens__"
    /// The name of the file recording the library versions, in the goldens folder.
    public static let versionsFileName = "VERSIONS.txt"

    /// A reference for an assertion in the test function `function` of the file at `filePath`.
    ///
    /// - Parameters:
    ///   - goldensDirectory: the goldens folder; `nil` means `__Goldens__` beside `filePath`.
    ///   - filePath: the test file's `#filePath`.
    ///   - function: the test's `#function`, such as `halLabel()`; the part before `(` is used.
    ///   - name: the assertion's name within the test (see ``isValidName(_:)``).
    ///   - variant: a category's short name, `sheet` or `dump`.
    ///   - suite: the suite the test is in (``currentSuite``), `nil` for none.
    public init(goldensDirectory: String? = nil, filePath: String, function: String, name: String, variant: String,
                suite: String? = nil) {
        let file = URL(fileURLWithPath: filePath)
        self.goldensDirectory = goldensDirectory
            ?? file.deletingLastPathComponent().appendingPathComponent(Self.folderName).path
        testFile = file.deletingPathExtension().lastPathComponent
        baseName = (suite.map { $0 + "." } ?? "") + "\(Self.testName(fromFunction: function)).\(name).\(variant)"
    }

    /// The suite of the running Swift Testing test: its type names joined by `.`
    /// (`DynamicTypeGoldenTests`, `Outer.Inner`); `nil` outside a test or for a test outside
    /// any suite.
    public static var currentSuite: String? {
        guard let id = Test.current?.id, id.nameComponents.count > 1 else { return nil }
        return id.nameComponents.dropLast().joined(separator: ".")
    }

    /// The test's name from `#function`: `imageDimensions(scale:)` → `imageDimensions`.
    public static func testName(fromFunction function: String) -> String {
        String(function.prefix { $0 != "(" })
    }

    /// Whether `name` can be part of a file name on every platform: letters, digits, `-`, `_`,
    /// and at least one character. Dots are excluded because they separate the name's parts.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
        }
    }

    /// The folder of this test file's references.
    public var directory: String { goldensDirectory + "/" + testFile }
    /// The reference PNG.
    public var imagePath: String { directory + "/" + baseName + ".png" }
    /// The layout facts sidecar.
    public var factsPath: String { directory + "/" + baseName + ".layout.json" }
    /// The goldens folder's `VERSIONS.txt`.
    public var versionsPath: String { goldensDirectory + "/" + Self.versionsFileName }
}
