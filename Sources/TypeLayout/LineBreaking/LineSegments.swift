/// A piece of a line, in logical order: text, or inserted glyphs by their index in the
/// layout's list of them (a plain value, so lines are copied and iterated without reference
/// counting).
enum LineSegment: Sendable {
    case text(Range<Int>)
    case inserted(Int)
}

/// A line's pieces, in logical order: at most three (a middle-truncated line), kept inline
/// rather than in an array per line.
struct LineSegments: RandomAccessCollection, Sendable {
    private var storage: (LineSegment, LineSegment, LineSegment) = (.inserted(0), .inserted(0), .inserted(0))
    private(set) var endIndex = 0
    var startIndex: Int { 0 }

    init(_ segments: LineSegment...) {
        for segment in segments { append(segment) }
    }

    mutating func append(_ segment: LineSegment) {
        switch endIndex {
        case 0: storage.0 = segment
        case 1: storage.1 = segment
        case 2: storage.2 = segment
        default: preconditionFailure("a line has at most three segments")
        }
        endIndex += 1
    }

    subscript(position: Int) -> LineSegment {
        precondition(position >= 0 && position < endIndex, "segment index out of range")
        switch position {
        case 0: return storage.0
        case 1: return storage.1
        default: return storage.2
        }
    }
}

/// A line chosen by the breaker, with its pieces and width, before placement.
struct ComposedLine {
    let span: LineSpan
    let paragraph: Int
    let segments: LineSegments
    let width: Double
    let justify: Bool
}
