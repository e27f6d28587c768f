import TypeLayout

/// Why a ``Screen`` could not be laid out: each ``description`` is one line that starts with
/// the node's place in its file (`FILE:LINE:COLUMN: `) when it has one, names the node by its
/// id or its path, and says what was expected.
public enum ScreenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A style value of the wrong kind (a colour for `width`), an unknown keyword, or a number
    /// out of range (negative where that makes no sense, NaN, infinite); `expected` says what
    /// the property takes, listing the keywords for a keyword property.
    case invalidStyleValue(node: String, property: String, value: String, expected: String, location: TextFileLocation?)
    /// An image leaf whose file can't be read or decoded, or whose size is not a finite,
    /// non-negative number.
    case invalidImage(node: String, file: String?, reason: String, location: TextFileLocation?)
    /// A text leaf whose font can't be loaded or whose text can't be laid out.
    case invalidText(node: String, reason: String, location: TextFileLocation?)
    /// Nodes nested more than `limit` levels deep.
    case treeTooDeep(node: String, limit: Int)
    /// A device name that is no preset's; the description suggests the nearest.
    case unknownDevice(String, validNames: [String])
    /// A device whose size is not positive and finite, or whose safe area is negative, not
    /// finite or leaves no width; `reason` says which.
    case invalidDevice(name: String, reason: String)

    /// One line naming the node (or device) and what is wrong with it.
    public var description: String {
        switch self {
        case let .invalidStyleValue(node, property, value, expected, location):
            Self.prefix(location) + "\(node): \(property) must be \(expected), got \(value)"
        case let .invalidImage(node, file, reason, location):
            Self.prefix(location) + "\(node): image \(file.map { "'\($0)' " } ?? "")\(reason)"
        case let .invalidText(node, reason, location):
            Self.prefix(location) + "\(node): text can't be laid out: \(reason)"
        case let .treeTooDeep(node, limit):
            "\(node) nests more than \(limit) levels deep; a screen may nest at most \(limit)"
        case let .unknownDevice(name, valid):
            "unknown device '\(name)'\(NameSuggestion.phrase(for: name, among: valid)); "
                + "valid names: \(valid.joined(separator: ", "))"
        case let .invalidDevice(name, reason):
            "device '\(name)' can't be laid out on: \(reason)"
        }
    }

    private static func prefix(_ location: TextFileLocation?) -> String {
        location.map { "\($0): " } ?? ""
    }
}

/// How errors name a node: by its id when it has one, else by its path of child indices, and
/// where it was written.
struct NodeName: Sendable {
    let id: String?
    let path: String
    let location: TextFileLocation?

    /// `node 'title'` or `node at 0.1.2`; made only for a message, not for every node.
    var text: String { id.map { "node '\($0)'" } ?? "node at \(Self.shortened(path))" }

    init(id: String?, path: String, location: TextFileLocation?) {
        self.id = id
        self.path = path
        self.location = location
    }

    /// A path deep enough to be unreadable keeps its ends: `0.0.0…0.0 (1001 levels)`.
    private static func shortened(_ path: String) -> String {
        guard path.count > 48 else { return path }
        let levels = path.split(separator: ".").count
        return "\(path.prefix(20))…\(path.suffix(20)) (\(levels) levels)"
    }
}
