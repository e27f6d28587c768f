// The box layout under random trees of random styles, through the public API only.
//
// An input is a 3-byte header (the viewport's width, its height, the direction), the root's
// style, then a program that builds the tree bottom-up on a stack: an empty box, a measured
// leaf (words of a fixed-pitch text), or a container that takes the top few boxes as its
// children. Whatever is left on the stack becomes the root's children. Every style property
// can be set, from a small pool of numbers that includes zero, negatives, fractions and huge
// values, and percentages. A number past `BoxTree.maximumMagnitude` must be refused with
// `valueTooLarge` (or `invalidViewport`); everything else is valid, so the layout must succeed,
// and its frames must meet what the spec guarantees (see `BoxLayoutChecks`); a trap is a bug.
import TypeLayoutScreens

@_cdecl("LLVMFuzzerTestOneInput")
public func boxFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    BoxFuzzing.run(Array(UnsafeRawBufferPointer(start: data, count: size)))
    return 0
}

/// Reads the input a byte at a time; past its end every byte is 0, so any input decodes.
struct ByteReader {
    let bytes: [UInt8]
    var position = 0

    var isAtEnd: Bool { position >= bytes.count }

    mutating func next() -> Int {
        defer { position += 1 }
        return position < bytes.count ? Int(bytes[position]) : 0
    }

    mutating func pick<T>(_ values: [T]) -> T { values[next() % values.count] }
}

/// Text-like content: words of `characterWidth`-wide characters, one space apart, wrapped
/// greedily, 13 points a line.
struct FixedPitchWords: MeasuredContent {
    let words: [Int]
    let characterWidth: Double

    var minContentWidth: Double { Double(words.max() ?? 0) * characterWidth }
    var maxContentWidth: Double { Double(words.reduce(0, +) + max(0, words.count - 1)) * characterWidth }

    func height(atWidth width: Double) -> Double {
        var lines = 1
        var used: Int?
        for word in words {
            if let current = used, Double(current + 1 + word) * characterWidth > width {
                lines += 1
                used = word
            } else {
                used = used.map { $0 + 1 + word } ?? word
            }
        }
        return Double(lines) * 13
    }
}

enum BoxFuzzing {
    /// Enough boxes for every kind of container and child, few enough to keep an input fast.
    static let maximumBoxes = 400
    /// Within the layout's inline depth, and enough nesting for percentages of percentages.
    static let maximumDepth = 48

    static let numbers: [Double] = [
        0, 1, 2, 3.5, 5, 8, 10, 13, 20, 33.333, 50, 64, 100, 128, 200, 375, 1000,
        -1, -8, -100, 0.001, 1e-9, 1e5, 1e9, 1e15, 1e300, -1e300, 0.1, 7, 44, 320, 0.5,
    ]
    static let percentages: [Double] = [0, 10, 25, 33.3, 50, 75, 100, 150, -10, 1e6, 0.5, 200]
    static let viewport: [Double?] = [nil, 375, 0, 100, 1, 320.5, 1e6, 1e300]

    static func dimension(_ reader: inout ByteReader, auto: Bool = true) -> Dimension {
        switch reader.next() % 3 {
        case 0: auto ? .auto : .points(0)
        case 1: .points(reader.pick(numbers))
        default: .percent(reader.pick(percentages))
        }
    }

    /// One of the nine ways to name an edge; the byte after it is the value.
    static func edge<Value>(_ reader: inout ByteReader) -> WritableKeyPath<Edges<Value>, Value?> {
        reader.pick([\.all, \.top, \.right, \.bottom, \.left, \.start, \.end, \.horizontal, \.vertical])
    }

    /// Up to 15 properties, each chosen by a byte and set from the bytes after it.
    static func style(_ reader: inout ByteReader) -> BoxStyle {
        var style = BoxStyle()
        for _ in 0..<(reader.next() % 16) {
            switch reader.next() % 27 {
            case 0: style.flexDirection = reader.pick(FlexDirection.allCases)
            case 1: style.justifyContent = reader.pick(JustifyContent.allCases)
            case 2: style.alignItems = reader.pick(AlignItems.allCases)
            case 3: style.alignSelf = reader.pick(AlignSelf.allCases)
            case 4: style.alignContent = reader.pick(AlignContent.allCases)
            case 5: style.flexWrap = reader.pick(FlexWrap.allCases)
            case 6: style.flexGrow = reader.pick(numbers)
            case 7: style.flexShrink = reader.pick(numbers)
            case 8: style.flexBasis = dimension(&reader)
            case 9: style.width = dimension(&reader)
            case 10: style.height = dimension(&reader)
            case 11: style.minWidth = dimension(&reader)
            case 12: style.maxWidth = dimension(&reader)
            case 13: style.minHeight = dimension(&reader)
            case 14: style.maxHeight = dimension(&reader)
            case 15:
                let side: WritableKeyPath<Edges<Dimension>, Dimension?> = edge(&reader)
                style.padding[keyPath: side] = dimension(&reader, auto: false)
            case 16:
                let side: WritableKeyPath<Edges<Dimension>, Dimension?> = edge(&reader)
                style.margin[keyPath: side] = dimension(&reader)
            case 17:
                let side: WritableKeyPath<Edges<Double>, Double?> = edge(&reader)
                style.borderWidth[keyPath: side] = reader.pick(numbers)
            case 18: style.gap = reader.pick(numbers)
            case 19: style.rowGap = reader.pick(numbers)
            case 20: style.columnGap = reader.pick(numbers)
            case 21: style.position = reader.pick(PositionType.allCases)
            case 22:
                let side: WritableKeyPath<Edges<Dimension>, Dimension?> = edge(&reader)
                style.inset[keyPath: side] = dimension(&reader)
            case 23: style.aspectRatio = reader.pick(numbers)
            case 24: style.display = reader.next() % 8 == 0 ? .none : .flex
            case 25: style.overflow = reader.pick(Overflow.allCases)
            default: style.direction = reader.pick(Direction.allCases)
            }
        }
        return style
    }

    static func words(_ reader: inout ByteReader) -> FixedPitchWords {
        let count = reader.next() % 8
        return FixedPitchWords(
            words: (0..<count).map { _ in reader.next() % 16 },
            characterWidth: reader.pick([7, 0.5, 10, 0, 3.25, 100]))
    }

    static func run(_ bytes: [UInt8]) {
        var reader = ByteReader(bytes: bytes)
        let width = reader.pick(viewport)
        let height = reader.pick(viewport)
        let direction = reader.pick(Direction.allCases)
        let rootStyle = style(&reader)

        var tree = BoxTree()
        var stack: [(box: BoxID, depth: Int)] = []
        do {
            while !reader.isAtEnd, tree.count < maximumBoxes - 1 {
                switch reader.next() % 4 {
                case 0:
                    stack.append((try tree.addBox(style(&reader)), 1))
                case 1:
                    let leafStyle = style(&reader)
                    stack.append((tree.addLeaf(leafStyle, content: words(&reader)), 1))
                default:
                    let containerStyle = style(&reader)
                    var take = min(reader.next() % 7, stack.count)
                    while take > 0, stack.suffix(take).map(\.depth).max()! >= maximumDepth { take -= 1 }
                    let children = stack.suffix(take)
                    stack.removeLast(take)
                    let box = try tree.addBox(containerStyle, children: children.map(\.box))
                    stack.append((box, (children.map(\.depth).max() ?? 0) + 1))
                }
            }
            let root = try tree.addBox(rootStyle, children: stack.map(\.box))
            check(tree: tree, root: root, width: width, height: height, direction: direction)
            // A subtree laid out on its own: the same rules, another viewport.
            if let inner = stack.last?.box {
                check(tree: tree, root: inner, width: height, height: width, direction: .rtl)
            }
        } catch {
            preconditionFailure("a valid tree was refused: \(error)")
        }
    }

    static func check(tree: BoxTree, root: BoxID, width: Double?, height: Double?, direction: Direction) {
        let layout: BoxLayout
        do {
            layout = try tree.layout(root: root, width: width, height: height, direction: direction)
        } catch BoxLayoutError.valueTooLarge(let box, _, let limit) {
            // The pools hold numbers past the limit on purpose: refusing them is right.
            precondition(box.index < tree.count && limit == BoxTree.maximumMagnitude, "refused box \(box)")
            return
        } catch BoxLayoutError.invalidViewport {
            precondition([width, height].contains { $0.map { $0 > BoxTree.maximumMagnitude } ?? false }, "viewport refused")
            return
        } catch {
            preconditionFailure("layout of a valid tree threw: \(error)")
        }
        BoxLayoutChecks(tree: tree, layout: layout, rootDirection: direction).run()
    }
}
