import TypeLayout

extension Screen {
    /// The screen laid out at one content size category.
    ///
    /// The root is laid out at the device's width inside its safe area (starting below the top
    /// inset, between the left and right ones), its height left to the content: content taller
    /// than the device is laid out whole, since screens scroll. Text, scaled lengths, images and
    /// per-category style values use each node's category after the clamps around it
    /// (``ScreenNode/minimumContentSizeCategory``, ``ScreenNode/maximumContentSizeCategory``).
    ///
    /// A ``ScreenNode/Content/firstThatFits(children:)`` node shows the first child that fits
    /// at the width its parent proposes, the width the node itself is given in the screen's
    /// layout (stretched across a column, its own `width`, or its share of a row); height is
    /// not limited, since screens scroll. A child fits when no text in it is truncated or has a
    /// word broken between characters, no node in it sticks out of the child's frame
    /// horizontally, the child lies within the node's frame and the node within its parent's.
    /// When none fits, the last child is shown. Only the shown child is in the result.
    ///
    /// - Parameters:
    ///   - category: the category; `ContentSizeCategory.unspecified` lays out as large.
    ///   - context: the scaling mode, system font family and display scale text and scaled
    ///     lengths resolve in (its own category is not used).
    ///   - engine: the text engine that prepares and lays out the text leaves.
    ///   - direction: the root's writing direction.
    /// - Throws: ``ScreenError`` naming the node at fault: a style value of the wrong kind or
    ///   out of range, an image file that can't be read, a font that can't be loaded, or nodes
    ///   nested deeper than ``BoxTree/maximumDepth``; or naming a device of no size.
    public func layout(
        at category: ContentSizeCategory, in context: DynamicTypeContext = .current,
        engine: TextLayoutEngine = .shared, direction: Direction = .ltr
    ) throws -> ScreenLayout {
        try layouts(at: [category], in: context, engine: engine, direction: direction)[0]
    }

    /// The screen laid out at several categories, in the order given, as
    /// ``layout(at:in:engine:direction:)`` lays it out at each: every text is prepared and
    /// every image decoded once for all of them.
    public func layouts(
        at categories: [ContentSizeCategory], in context: DynamicTypeContext = .current,
        engine: TextLayoutEngine = .shared, direction: Direction = .ltr
    ) throws -> [ScreenLayout] {
        let prepared = try PreparedScreen(self, context: context, engine: engine)
        return try categories.map { try prepared.layout(at: $0, direction: direction) }
    }
}

/// A screen's width-independent and category-independent work, done once: its nodes in
/// document order (every child of a first-that-fits node included), texts prepared and images
/// decoded. Built without recursion, so a tree too deep is an error rather than a crash.
struct PreparedScreen {
    enum Content {
        case box
        case firstThatFits
        case text(TextPreparations)
        case image(PreparedImage)
    }

    /// A class: every layout reads each entry several times, and a struct this size was
    /// copied (strings, arrays and all) at each read.
    final class Entry {
        let id: String?
        let path: String
        let name: NodeName
        let style: ScreenStyle
        let content: Content
        let minimumCategory: ContentSizeCategory?
        let maximumCategory: ContentSizeCategory?
        let role: ScreenRole?
        let parent: Int?
        var children: [Int] = []

        init(
            id: String?, path: String, name: NodeName, style: ScreenStyle, content: Content,
            minimumCategory: ContentSizeCategory?, maximumCategory: ContentSizeCategory?, role: ScreenRole?,
            parent: Int?
        ) {
            self.id = id
            self.path = path
            self.name = name
            self.style = style
            self.content = content
            self.minimumCategory = minimumCategory
            self.maximumCategory = maximumCategory
            self.role = role
            self.parent = parent
        }
    }

    let device: Device
    let background: Color
    let context: DynamicTypeContext
    private(set) var entries: [Entry] = []
    /// Each entry's box style where it is the same at every category, resolved once; `nil`
    /// where it varies (or fails, which each layout then reports in the nodes' order).
    private(set) var constantStyles: [BoxStyle?] = []

    init(_ screen: Screen, context: DynamicTypeContext, engine: TextLayoutEngine) throws {
        device = try screen.device.validated()
        background = screen.background ?? .white
        self.context = context
        // Equal texts (a list's repeated labels) share one preparation, equal files one decoding.
        var preparedTexts: [ScreenText: TextPreparations] = [:]
        var decoded: [String: RGBAImage] = [:]
        var pending: [(node: ScreenNode, path: String, parent: Int?, depth: Int)] = [(screen.root, "0", nil, 1)]
        while let (node, path, parent, depth) = pending.popLast() {
            let name = NodeName(id: node.id, path: path, location: node.sourceLocation)
            guard depth <= BoxTree.maximumDepth else {
                throw ScreenError.treeTooDeep(node: name.text, limit: BoxTree.maximumDepth)
            }
            let content: Content
            switch node.content {
            case .box: content = .box
            case .firstThatFits: content = .firstThatFits
            case let .image(image): content = .image(try PreparedImage(image, node: name, decoded: &decoded))
            case let .text(text):
                if let known = preparedTexts[text] {
                    content = .text(known)
                } else {
                    // Left to right prepared now, so that a font that can't load fails here.
                    let prepared = TextPreparations(text, engine: engine, context: context)
                    _ = try Self.failing(as: name) { try prepared.prepared(for: .ltr) }
                    preparedTexts[text] = prepared
                    content = .text(prepared)
                }
            }
            let index = entries.count
            entries.append(Entry(
                id: node.id, path: path, name: name, style: node.style, content: content,
                minimumCategory: node.minimumContentSizeCategory, maximumCategory: node.maximumContentSizeCategory,
                role: node.role, parent: parent))
            if let parent { entries[parent].children.append(index) }
            for (position, child) in node.children.enumerated().reversed() {
                pending.append((child, "\(path).\(position)", index, depth + 1))
            }
        }
        constantStyles = entries.map { entry in
            guard StyleResolution.isCategoryIndependent(entry.style) else { return nil }
            return try? StyleResolution(category: .large, context: context, node: entry.name).boxStyle(for: entry.style)
        }
    }

    /// A text error as the ``ScreenError`` that names its node.
    static func failing<Result>(as node: NodeName, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw ScreenError.invalidText(node: node.text, reason: "\(error)", location: node.location)
        }
    }

    /// The layout at one category: styles resolved at each node's clamped category, then the
    /// box layout, repeated while a first-that-fits node's shown child doesn't fit and another
    /// remains.
    func layout(at requested: ContentSizeCategory, direction: Direction) throws -> ScreenLayout {
        var categories: [ContentSizeCategory] = []
        var ranges: [ClosedRange<ContentSizeCategory>] = []
        var styles: [BoxStyle] = []
        var directions: [Direction] = []
        categories.reserveCapacity(entries.count)
        directions.reserveCapacity(entries.count)
        ranges.reserveCapacity(entries.count)
        styles.reserveCapacity(entries.count)
        let rootDirection = direction == .inherit ? Direction.ltr : direction
        let limit = context.dynamicTypeSizeLimit
        let everyCategory = (limit?.applied(toCategory: .extraSmall) ?? .extraSmall)
            ... (limit?.applied(toCategory: .accessibilityExtraExtraExtraLarge) ?? .accessibilityExtraExtraExtraLarge)
        for (index, entry) in entries.enumerated() {
            // As SwiftUI nests `.dynamicTypeSize` ranges: a node's range is its own clamped into
            // its parent's (parents come first), so no clamp inside escapes one outside.
            let outer = entry.parent.map { ranges[$0] } ?? everyCategory
            let lower = (entry.minimumCategory?.resolved ?? outer.lowerBound).clamped(to: outer)
            let upper = max(lower, (entry.maximumCategory?.resolved ?? outer.upperBound).clamped(to: outer))
            let range = lower ... upper
            ranges.append(range)
            let category = requested.resolved.clamped(to: range)
            categories.append(category)
            var style = try constantStyles[index]
                ?? StyleResolution(category: category, context: context, node: entry.name).boxStyle(for: entry.style)
            if case let .image(image) = entry.content {
                style = image.sizing(style, at: category, displayScale: context.displayScale)
            }
            styles.append(style)
            let parentDirection = entry.parent.map { directions[$0] } ?? rootDirection
            directions.append(style.direction == .inherit ? parentDirection : style.direction)
        }
        var pass = CategoryPass(
            screen: self, categories: categories, styles: styles, directions: directions, direction: direction)
        while true {
            let layout = try pass.run(at: requested.resolved)
            let misfits = pass.firstThatFitsToAdvance(in: layout)
            if misfits.isEmpty { return layout }
            for misfit in misfits { pass.choices[misfit, default: 0] += 1 }
        }
    }
}

/// One category's layouts of a prepared screen: the text leaves it measures (kept across the
/// layouts a first-that-fits node asks for) and the child each first-that-fits node shows.
private struct CategoryPass {
    let screen: PreparedScreen
    let categories: [ContentSizeCategory]
    let styles: [BoxStyle]
    /// Each entry's resolved direction, never `.inherit`.
    let directions: [Direction]
    let direction: Direction
    /// The position of the child each first-that-fits entry shows; 0 when absent.
    var choices: [Int: Int] = [:]
    private var leaves: [Int: TextLeaf] = [:]
    private var sharedLeaves: [LeafKey: TextLeaf] = [:]
    /// The entry of each node of the last run's layout.
    private var entryOfNode: [Int] = []

    private struct LeafKey: Hashable {
        let text: ObjectIdentifier
        let category: ContentSizeCategory
    }

    init(screen: PreparedScreen, categories: [ContentSizeCategory], styles: [BoxStyle], directions: [Direction], direction: Direction) {
        self.screen = screen
        self.categories = categories
        self.styles = styles
        self.directions = directions
        self.direction = direction
    }

    private var entries: [PreparedScreen.Entry] { screen.entries }

    private func shownChildren(of entry: Int) -> [Int] {
        let children = entries[entry].children
        guard case .firstThatFits = entries[entry].content else { return children }
        guard !children.isEmpty else { return [] }
        return [children[min(choices[entry] ?? 0, children.count - 1)]]
    }

    mutating func run(at category: ContentSizeCategory) throws -> ScreenLayout {
        // The shown entries, a parent before its children; added children first, as the tree
        // wants its children before their parent.
        var order: [Int] = []
        var pending = [0]
        while let next = pending.popLast() {
            order.append(next)
            pending.append(contentsOf: shownChildren(of: next).reversed())
        }
        var tree = BoxTree()
        tree.reserveCapacity(order.count)
        // By entry index: arrays, not dictionaries, so that a screen of 100,000 nodes is
        // mapped without hashing.
        var boxOfEntry = [BoxID?](repeating: nil, count: entries.count)
        var entryOfBox: [Int] = []
        entryOfBox.reserveCapacity(order.count)
        for entry in order.reversed() {
            let box: BoxID
            if case let .text(preparations) = entries[entry].content {
                box = tree.addLeaf(styles[entry], content: try leaf(entry, preparations))
            } else {
                box = try tree.addBox(styles[entry], children: shownChildren(of: entry).map { boxOfEntry[$0]! })
            }
            boxOfEntry[entry] = box
            entryOfBox.append(entry)
        }
        let safeArea = screen.device.safeArea
        let viewportWidth = screen.device.width - safeArea.left - safeArea.right
        let boxes: BoxLayout
        do {
            boxes = try tree.layout(root: boxOfEntry[0]!, width: viewportWidth, height: nil, direction: direction)
        } catch let BoxLayoutError.nonFiniteValue(box, property) {
            // Resolution checks every number; this is a sum or product past the largest one.
            let name = entries[entryOfBox[box.index]].name
            throw ScreenError.invalidStyleValue(
                node: name.text, property: property, value: "a value too large to lay out",
                expected: "a finite number", location: name.location)
        } catch let BoxLayoutError.valueTooLarge(box, property, limit) {
            // Resolution checks that numbers are finite; layout takes them up to ±limit.
            let name = entries[entryOfBox[box.index]].name
            throw ScreenError.invalidStyleValue(
                node: name.text, property: property, value: "a value beyond ±\(Int(limit))",
                expected: "a number from −\(Int(limit)) to \(Int(limit))", location: name.location)
        }
        for (entry, leaf) in leaves.sorted(by: { $0.key < $1.key }) {
            if let failure = leaf.failure {
                throw ScreenError.invalidText(node: entries[entry].name.text, reason: "\(failure)", location: entries[entry].name.location)
            }
        }

        var nodes: [ScreenLayout.Node] = []
        nodes.reserveCapacity(boxes.frames.count)
        entryOfNode = []
        var nodeOfEntry = [Int?](repeating: nil, count: entries.count)
        // Each node's content width, which its children's padding percentages and its text's
        // wrapping use.
        var contentWidths: [Double] = []
        for frame in boxes.frames where frame.isDisplayed {
            let entryIndex = entryOfBox[frame.box.index]
            let entry = entries[entryIndex]
            // The style is read in place and copied once, into the node: it is large.
            let parent = entry.parent.flatMap { nodeOfEntry[$0] }
            let insets = styles[entryIndex].paddingAndBorder(
                direction: directions[entryIndex], containingWidth: parent.map { contentWidths[$0] } ?? viewportWidth)
            let contentWidth = max(0, frame.absoluteFrame.width - insets.sum(.horizontal))
            let absolute = frame.absoluteFrame
            let origin = (x: absolute.x + safeArea.left, y: absolute.y + safeArea.top)
            // Appended first and finished in place: a node is large, and each copy costs.
            nodes.append(ScreenLayout.Node(
                id: entry.id, path: entry.path, kind: .box, parent: parent,
                frame: BoxRect(x: origin.x, y: origin.y, width: absolute.width, height: absolute.height),
                style: styles[entryIndex], category: categories[entryIndex], sourceLocation: entry.name.location,
                contentFrame: BoxRect(
                    x: origin.x + insets.left, y: origin.y + insets.top, width: contentWidth,
                    height: max(0, absolute.height - insets.sum(.vertical))),
                role: entry.role))
            let position = nodes.count - 1
            switch entry.content {
            case .box, .firstThatFits:
                break
            case .text:
                nodes[position].kind = .text
                nodes[position].text = try PreparedScreen.failing(as: entry.name) {
                    try leaves[entryIndex]!.layout(atWidth: contentWidth)
                }
            case let .image(image):
                nodes[position].kind = .image
                nodes[position].image = image.fill
            }
            nodeOfEntry[entryIndex] = position
            entryOfNode.append(entryIndex)
            contentWidths.append(contentWidth)
        }
        return ScreenLayout(category: category, device: screen.device, background: screen.background, nodes: nodes,
                            direction: direction)
    }

    /// The text leaf of an entry at its category, shared by the entries with the same text
    /// there and kept, so that a layout run again for a first-that-fits node measures nothing twice.
    private mutating func leaf(_ entry: Int, _ preparations: TextPreparations) throws -> TextLeaf {
        if let known = leaves[entry] { return known }
        let prepared = try PreparedScreen.failing(as: entries[entry].name) { try preparations.prepared(for: directions[entry]) }
        let key = LeafKey(text: ObjectIdentifier(prepared), category: categories[entry])
        let leaf = try sharedLeaves[key] ?? PreparedScreen.failing(as: entries[entry].name) {
            try TextLeaf(prepared: prepared, category: categories[entry])
        }
        sharedLeaves[key] = leaf
        leaves[entry] = leaf
        return leaf
    }

    /// The first-that-fits entries whose shown child doesn't fit and which have another to
    /// try, the innermost first: an outer node waits while a node inside it still has a child
    /// to try, since whether its own child fits depends on what the inner nodes show. Nodes
    /// apart from each other advance together, so that a screen of many such nodes takes as
    /// many layouts as the most children one has, not as many as all have.
    func firstThatFitsToAdvance(in layout: ScreenLayout) -> [Int] {
        let nodes = layout.nodes
        var advancing: [Int] = []
        var waiting = Set<Int>()
        for position in nodes.indices.reversed() where !waiting.contains(position) {
            let entry = entryOfNode[position]
            guard case .firstThatFits = entries[entry].content,
                  (choices[entry] ?? 0) < entries[entry].children.count - 1,
                  !shownChildFits(of: position, in: nodes) else { continue }
            advancing.append(entry)
            var ancestor = nodes[position].parent
            while let next = ancestor, waiting.insert(next).inserted { ancestor = nodes[next].parent }
        }
        return advancing
    }

    private func shownChildFits(of container: Int, in nodes: [ScreenLayout.Node]) -> Bool {
        func within(_ inner: BoxRect, _ outer: BoxRect) -> Bool {
            let tolerance = 0.01
            return inner.x >= outer.x - tolerance && inner.x + inner.width <= outer.x + outer.width + tolerance
        }
        if let parent = nodes[container].parent, !within(nodes[container].frame, nodes[parent].frame) { return false }
        let child = container + 1
        guard child < nodes.count, nodes[child].parent == container else { return true }
        guard within(nodes[child].frame, nodes[container].frame) else { return false }
        // The child's subtree: the nodes after it until one whose ancestors don't include it.
        var inSubtree: Set<Int> = [child]
        var next = child
        while next < nodes.count, next == child || nodes[next].parent.map(inSubtree.contains) == true {
            let node = nodes[next]
            if let text = node.text, text.isTruncated || text.hasBrokenWord { return false }
            if !within(node.frame, nodes[child].frame) { return false }
            inSubtree.insert(next)
            next += 1
        }
        return true
    }
}
