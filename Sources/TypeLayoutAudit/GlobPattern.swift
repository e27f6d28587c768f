/// A shell-style pattern for string keys: `*` matches any run of characters (dots and slashes
/// included), `?` one character, `[abc]`, `[a-z]` and `[!abc]` (or `[^abc]`) one character of a
/// set, and `\` makes the next character literal. Matching is case-sensitive, by Swift
/// `Character` (grapheme cluster).
///
/// C's `fnmatch` would do the same for ASCII, but it works on bytes: its `?` would match one
/// byte of a key like "Größe", so keys with non-ASCII characters wouldn't match as written.
public struct GlobPattern: Sendable, Hashable, CustomStringConvertible {
    private enum Piece: Sendable, Hashable {
        case literal(Character)
        case any
        case star
        case set(ranges: [ClosedRange<Character>], negated: Bool)
    }

    private let pieces: [Piece]
    /// The pattern as written.
    public let description: String

    /// Compiles a pattern.
    ///
    /// - Throws: ``AuditError/invalidLabel(_:)`` for a `[` without its `]` or a trailing `\`.
    public init(_ pattern: String) throws {
        description = pattern
        var pieces: [Piece] = []
        var characters = Array(pattern)[...]
        while let character = characters.popFirst() {
            switch character {
            case "*":
                if pieces.last != .star { pieces.append(.star) }
            case "?":
                pieces.append(.any)
            case "\\":
                guard let next = characters.popFirst() else {
                    throw AuditError.invalidLabel("key pattern '\(pattern)' ends with a lone '\\'")
                }
                pieces.append(.literal(next))
            case "[":
                var negated = false
                if let first = characters.first, first == "!" || first == "^" {
                    negated = true
                    characters.removeFirst()
                }
                var ranges: [ClosedRange<Character>] = []
                var closed = false
                var isFirst = true
                while let member = characters.popFirst() {
                    // A ']' right after '[' (or '[!') is a member, as in shells.
                    if member == "]" && !isFirst { closed = true; break }
                    isFirst = false
                    var low = member
                    if low == "\\", let escaped = characters.popFirst() { low = escaped }
                    if characters.count >= 2, characters.first == "-", characters.dropFirst().first != "]" {
                        characters.removeFirst()
                        var high = characters.removeFirst()
                        if high == "\\", let escaped = characters.popFirst() { high = escaped }
                        guard low <= high else {
                            throw AuditError.invalidLabel("key pattern '\(pattern)' has a backwards range \(low)-\(high)")
                        }
                        ranges.append(low...high)
                    } else {
                        ranges.append(low...low)
                    }
                }
                guard closed else { throw AuditError.invalidLabel("key pattern '\(pattern)' has a '[' without its ']'") }
                pieces.append(.set(ranges: ranges, negated: negated))
            default:
                pieces.append(.literal(character))
            }
        }
        self.pieces = pieces
    }

    /// The one key the pattern matches when it has no wildcard (a rule per key), else `nil`:
    /// such patterns are looked up rather than tried (see ``LabelRuleSet/rule(for:)``).
    var literal: String? {
        var text = ""
        for piece in pieces {
            guard case let .literal(character) = piece else { return nil }
            text.append(character)
        }
        return text
    }

    /// Whether the whole of `text` matches.
    public func matches(_ text: String) -> Bool { matches(characters: Array(text)) }

    /// ``matches(_:)`` for a key already split into characters, once for all the patterns tried.
    func matches(characters: [Character]) -> Bool {
        var p = 0, t = 0
        // Where the last star was and how much of the text it has taken: on a mismatch the
        // star takes one more character and matching resumes after it (linear for one star,
        // and never exponential).
        var starPiece = -1, starText = 0
        while t < characters.count {
            if p < pieces.count {
                switch pieces[p] {
                case .star:
                    starPiece = p
                    starText = t
                    p += 1
                    continue
                case .any:
                    p += 1; t += 1
                    continue
                case let .literal(character) where character == characters[t]:
                    p += 1; t += 1
                    continue
                case let .set(ranges, negated) where ranges.contains { $0.contains(characters[t]) } != negated:
                    p += 1; t += 1
                    continue
                default:
                    break
                }
            }
            guard starPiece >= 0 else { return false }
            starText += 1
            t = starText
            p = starPiece + 1
        }
        while p < pieces.count && pieces[p] == .star { p += 1 }
        return p == pieces.count
    }
}
