import Foundation
import TypeLayout

/// When golden assertions write reference files, read from `TYPELAYOUT_RECORD`.
///
/// Every mode that writes a reference also fails the assertion that wrote it, so a new or
/// changed reference is looked at before it is committed; CI uses ``never``.
public enum GoldenRecordMode: String, Sendable, Hashable, CaseIterable {
    /// Write references that don't exist yet (and fail); compare the rest. The default.
    case missing
    /// Rewrite every reference whose pixels or layout facts changed at all (and fail);
    /// unchanged references are left alone and pass.
    case all
    /// Rewrite references that fail their comparison, and missing ones (and fail).
    case failed
    /// Write nothing: a missing reference is a failure. What CI uses.
    case never
}

/// The versions of the libraries that decide a golden's pixels: recorded beside the goldens in
/// `VERSIONS.txt`, and named in failure messages when the running ones differ.
public struct RenderingLibraryVersions: Sendable, Hashable, CustomStringConvertible {
    /// FreeType's version, e.g. "2.12.1".
    public var freeType: String
    /// HarfBuzz's version, e.g. "6.0.0".
    public var harfBuzz: String

    /// Versions given explicitly (tests of the harness pretend to be another machine).
    public init(freeType: String, harfBuzz: String) {
        self.freeType = freeType
        self.harfBuzz = harfBuzz
    }

    /// The versions this process runs with.
    public static var running: RenderingLibraryVersions {
        RenderingLibraryVersions(freeType: LibraryVersions.freeType, harfBuzz: LibraryVersions.harfBuzz)
    }

    /// "FreeType 2.12.1, HarfBuzz 6.0.0".
    public var description: String { "FreeType \(freeType), HarfBuzz \(harfBuzz)" }

    /// The contents of a `VERSIONS.txt` file.
    public var fileContents: String {
        """
        # The library versions the goldens in this folder were recorded with. Pixels can change
        # when these do; a failing golden's message says when the running versions differ.
        FreeType \(freeType)
        HarfBuzz \(harfBuzz)

        """
    }

    /// Parses ``fileContents``; `nil` if either version is missing.
    public init?(fileContents: String) {
        var freeType: String?, harfBuzz: String?
        for line in fileContents.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let words = line.split(separator: " ", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard words.count == 2 else { continue }
            switch words[0] {
            case "FreeType": freeType = words[1]
            case "HarfBuzz": harfBuzz = words[1]
            default: break
            }
        }
        guard let freeType, let harfBuzz else { return nil }
        self.init(freeType: freeType, harfBuzz: harfBuzz)
    }
}

/// Where golden assertions read and write, and when they record: normally read from the
/// environment (``current``); tests of the harness build their own.
public struct GoldenSettings: Sendable {
    /// The environment variable holding the ``GoldenRecordMode`` (default `missing`).
    public static let recordModeVariable = "TYPELAYOUT_RECORD"
    /// The environment variable naming the folder failure artifacts go to.
    public static let artifactsVariable = "TYPELAYOUT_ARTIFACTS"

    /// When references are written.
    public var recordMode: GoldenRecordMode
    /// The folder holding one subfolder of references per test file; `nil` means the
    /// `__Goldens__` folder beside the test file that asserts.
    public var goldensDirectory: String?
    /// Where a failure's reference, actual and difference images are written; `nil` means
    /// `.build/typelayout-golden-artifacts` in the package that holds the test file (see
    /// ``artifactsDirectory(forGoldensIn:)``), so that two packages' runs never mix.
    public var artifactsDirectory: String?
    /// The library versions compared with a goldens folder's `VERSIONS.txt`.
    public var runningVersions: RenderingLibraryVersions
    /// Mistakes in the environment (an unknown record mode): each assertion reports them as
    /// a failure rather than guessing what was meant.
    public var problems: [String]

    /// Settings given explicitly.
    public init(
        recordMode: GoldenRecordMode, goldensDirectory: String? = nil, artifactsDirectory: String? = nil,
        runningVersions: RenderingLibraryVersions = .running
    ) {
        self.recordMode = recordMode
        self.goldensDirectory = goldensDirectory
        self.artifactsDirectory = artifactsDirectory
        self.runningVersions = runningVersions
        problems = []
    }

    /// Settings from environment variables: ``recordModeVariable`` (any case; unset or empty
    /// means `missing`, an unknown value means `never` plus a problem) and
    /// ``artifactsVariable`` (unset: the package's `.build/typelayout-golden-artifacts`).
    public init(environment: [String: String]) {
        let artifacts = environment[Self.artifactsVariable].flatMap { $0.isEmpty ? nil : $0 }
        self.init(recordMode: .missing, artifactsDirectory: artifacts)
        let value = environment[Self.recordModeVariable]?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if value.isEmpty { return }
        if let mode = GoldenRecordMode(rawValue: value) {
            recordMode = mode
        } else {
            // Writing nothing is the safe reading of a typo: it can't commit an unreviewed golden.
            recordMode = .never
            let modes = GoldenRecordMode.allCases.map(\.rawValue).joined(separator: ", ")
            problems.append("\(Self.recordModeVariable)=\"\(value)\" is not a record mode (\(modes)); recording nothing")
        }
    }

    /// Settings from this process's environment.
    public static var current: GoldenSettings { GoldenSettings(environment: ProcessInfo.processInfo.environment) }

    /// The artifacts folder for goldens kept in `goldensDirectory`: ``artifactsDirectory`` when
    /// set, else `.build/typelayout-golden-artifacts` in the nearest folder above with a
    /// `Package.swift` (the temporary folder's `typelayout-golden-artifacts` when there is none).
    public func artifactsDirectory(forGoldensIn goldensDirectory: String) -> String {
        if let artifactsDirectory { return artifactsDirectory }
        var folder = URL(fileURLWithPath: goldensDirectory).standardizedFileURL
        while folder.path != "/" && !folder.path.isEmpty {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
                return folder.appendingPathComponent(".build/typelayout-golden-artifacts").path
            }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.temporaryDirectory.appendingPathComponent("typelayout-golden-artifacts").path
    }
}
