#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PositionedDocuments
import TypeLayout

/// Screens described in a file: JSON or YAML with one vocabulary, for `render-cli screen`.
///
/// The top level holds `device` (a preset name, or `{ width, height, safeArea: { top, left,
/// bottom, right } }`), an optional `background` colour (`"#RRGGBB"` or `"#RRGGBBAA"`) and
/// `root`, the outermost node. A node is an object with an optional `id`, an optional `style`
/// (React Native's property names, ``StyleProperty``), optional
/// `minimumContentSizeCategory` / `maximumContentSizeCategory`, and at most one of `children`
/// (a box), `text`, `image` or `firstThatFits` (SwiftUI's `ViewThatFits`); a node with none of
/// them is an empty box.
///
/// ```yaml
/// device: iPhone 16
/// root:
///   style: { flexDirection: { default: row, accessibility: column }, padding: { scaled: 16, relativeTo: body } }
///   children:
///     - id: title
///       text: { text: Larger Text, font: { style: body } }
///     - id: toggle
///       image: { width: 51, height: 31, color: "#34C759" }
/// ```
///
/// Every problem is a ``ScreenFileError`` naming the file, line and column and what was
/// expected; a mistyped name gets the nearest valid one suggested. Nodes nest at most
/// ``maximumNodeDepth`` (127) levels below the root: the JSON and YAML readers stop at 256
/// levels of objects and lists, so that a hostile file can't exhaust the stack.
public enum ScreenFile {
    /// The two spellings of the vocabulary.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// JSON (RFC 8259), from a `.json` file.
        case json
        /// YAML (one document; quoted scalars are strings), from a `.yaml` or `.yml` file.
        case yaml

        /// The format a file's extension names (`.json`, `.yaml`, `.yml`, in any case), or `nil`.
        public init?(path: String) {
            let lowered = path.lowercased()
            if lowered.hasSuffix(".json") {
                self = .json
            } else if lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml") {
                self = .yaml
            } else {
                return nil
            }
        }
    }

    /// Reads the screen file at `url` (a file URL), its format chosen by its extension; image
    /// and font paths in it are relative to its folder.
    ///
    /// - Throws: ``ScreenFileError`` for a URL that isn't a file's, a file that can't be read, an
    ///   extension other than `.json`, `.yaml` or `.yml`, or any problem in the file.
    public static func read(contentsOf url: URL) throws(ScreenFileError) -> Screen {
        guard url.isFileURL else { throw ScreenFileError(file: url.absoluteString, message: "a screen file must be a file URL") }
        return try read(atPath: url.path)
    }

    /// Reads the screen file at the file system path `path`, as ``read(contentsOf:)`` does.
    ///
    /// - Throws: ``ScreenFileError`` for a file that can't be read, an extension other than
    ///   `.json`, `.yaml` or `.yml`, or any problem in the file.
    public static func read(atPath path: String) throws(ScreenFileError) -> Screen {
        guard let format = Format(path: path) else {
            throw ScreenFileError(file: path, message: "a screen file must end in .json, .yaml or .yml")
        }
        let bytes: [UInt8]
        do { bytes = try FileBytes.read(path) } catch {
            switch error {
            case .notFound: throw ScreenFileError(file: path, message: "no such file")
            case let .unreadable(_, reason): throw ScreenFileError(file: path, message: "can't read the file: \(reason)")
            }
        }
        return try parse(bytes, fileName: path, format: format)
    }

    /// Reads a screen from a file's bytes (UTF-8, with or without a byte order mark).
    ///
    /// - Parameters:
    ///   - bytes: the file's contents, JSON or YAML in UTF-8.
    ///   - fileName: the name errors give and node locations carry; image and font paths
    ///     are relative to its folder.
    ///   - format: JSON or YAML.
    /// - Throws: ``ScreenFileError`` at the first problem.
    public static func parse(_ bytes: [UInt8], fileName: String, format: Format) throws(ScreenFileError) -> Screen {
        var reader = ScreenFileReader(file: fileName)
        return try reader.screen(try document(bytes, fileName: fileName, format: format))
    }

    /// Reads a screen from text, as from a file's bytes.
    public static func parse(_ text: String, fileName: String, format: Format) throws(ScreenFileError) -> Screen {
        try parse(Array(text.utf8), fileName: fileName, format: format)
    }

    /// Deepest a node can be below the root: each level is a node's object and its `children` list.
    public static let maximumNodeDepth = (PositionedJSON.maximumDepth - 2) / 2

    /// What the readers' nesting limit means for a screen.
    private static let nodeDepthHint = "; a screen's nodes nest at most \(maximumNodeDepth) levels below the root"

    /// The positioned tree of the file's JSON or YAML.
    private static func document(_ bytes: [UInt8], fileName: String, format: Format) throws(ScreenFileError) -> JSONNode {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        if let bad = TextDecoding.firstInvalidUTF8(body) {
            let (line, column) = TextDecoding.position(ofByte: bad, in: body)
            throw ScreenFileError(
                at: TextFileLocation(file: fileName, line: line, column: column),
                "not valid UTF-8 (byte 0x\(TextDecoding.hex(body[bad]))); save the file as UTF-8")
        }
        switch format {
        case .json:
            do { return try PositionedJSON.parse(body) } catch {
                throw ScreenFileError(at: TextFileLocation(file: fileName, line: error.line, column: error.column),
                                      error.message + (error.nestsTooDeep ? nodeDepthHint : ""))
            }
        case .yaml:
            let root: JSONNode?
            do { root = try YAMLTree.parse(body) } catch {
                throw ScreenFileError(at: TextFileLocation(file: fileName, line: error.line, column: error.column),
                                      error.message + (error.nestsTooDeep ? nodeDepthHint : ""))
            }
            guard let root else {
                throw ScreenFileError(at: TextFileLocation(file: fileName, line: 1, column: 1),
                                      "the file is empty; expected a screen with 'device' and 'root'")
            }
            return root
        }
    }
}

/// A problem in a screen file, as one line: `FILE:LINE:COLUMN: error: what was expected`
/// (`FILE: error: …` when the file can't be read at all).
public struct ScreenFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file as it was named.
    public var file: String
    /// Where in the file; `nil` when the problem is the file itself (missing, unreadable).
    public var location: TextFileLocation?
    /// What was wrong and what was expected.
    public var message: String

    /// A problem with the file as a whole.
    public init(file: String, message: String) {
        self.file = file
        location = nil
        self.message = message
    }

    /// A problem at `location`.
    public init(at location: TextFileLocation, _ message: String) {
        file = location.file
        self.location = location
        self.message = message
    }

    /// `FILE:LINE:COLUMN: error: message`.
    public var description: String { "\(location?.description ?? file): error: \(message)" }
}
