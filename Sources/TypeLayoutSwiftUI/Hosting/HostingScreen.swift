import Foundation
import TypeLayout
import TypeLayoutScreens

/// Lays a view out as a hosting controller does, into the `ScreenLayout`
/// that `ScreenRenderer`, `ScreenSheet`, the frames dump and the screen audit take.
///
/// The root view is proposed the device's safe area and centred in it. Several views at the
/// root are stacked as in a `VStack`. A device with no safe area (`Device(width:height:)`) is
/// a plain container for a view under test.
@MainActor
public struct HostingScreen<Content: View> {
    /// The view laid out.
    public var rootView: Content
    /// The screen it is laid out on.
    public var device: Device
    /// The engine that measures and lays out the text.
    public var engine: TextLayoutEngine
    /// The Dynamic Type settings other than the category (scaling mode, system family,
    /// platform rule); each layout's category replaces this context's.
    public var typeContext: DynamicTypeContext
    /// How deep views may nest before a layout stops with ``SwiftUILayoutError/tooDeep(_:)``.
    public var maximumDepth: Int
    /// The app's strings (its catalogs, read by the caller), for `Text` made from a
    /// `LocalizedStringKey` in the language being laid out; `nil` shows the keys.
    public var localizedStrings: LocalizedStringLookup?
    /// The folder `Image("name")` reads from: an asset catalog (`name.imageset`) or PNG files
    /// (`name@3x.png`, `name@2x.png`, `name.png`); an image not there is
    /// ``SwiftUILayoutError/missingImage(_:)``. `nil` draws every named image as a 24-point grey
    /// placeholder.
    public var imagesFolder: String?
    /// The images read and the texts prepared, kept for the next layouts.
    private let images = ImageLibrary()
    private let preparations = TextPreparations()

    /// A hosting screen for `rootView` on `device`.
    public init(rootView: Content, device: Device, engine: TextLayoutEngine = .shared,
                typeContext: DynamicTypeContext = DynamicTypeContext(), maximumDepth: Int = 1_000,
                localizedStrings: LocalizedStringLookup? = nil, imagesFolder: String? = nil) {
        self.rootView = rootView
        self.device = device
        self.engine = engine
        self.typeContext = typeContext
        self.maximumDepth = maximumDepth
        self.localizedStrings = localizedStrings
        self.imagesFolder = imagesFolder
    }

    /// The view laid out at `category`, its text in `language` (a BCP 47 tag; right-to-left
    /// languages lay out right to left).
    ///
    /// - Throws: ``SwiftUILayoutError`` for a view that can't be laid out; the text engine's
    ///   errors (a font that doesn't load).
    public func layout(category: ContentSizeCategory = .large, language: String? = nil) throws -> ScreenLayout {
        try layout(category: category, session: makeSession(category: category, language: language),
                   environment: rootEnvironment(language: language, tracker: nil))
    }

    /// A session for layouts whose first (or only) category is `category`.
    func makeSession(category: ContentSizeCategory, language: String?) -> LayoutSession {
        LayoutSession(engine: engine, typeContext: typeContext.with(category), language: language,
                      maximumDepth: maximumDepth, strings: localizedStrings, imagesFolder: imagesFolder,
                      images: images, preparations: preparations)
    }

    /// The environment at the root, but for the Dynamic Type size (each layout's); reads of
    /// the category are noted in `tracker`.
    func rootEnvironment(language: String?, tracker: CategoryReadTracker?) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.categoryReads = tracker
        environment.locale = Locale(identifier: language ?? "en")
        environment.layoutDirection = language.map(Self.isRightToLeft) == true ? .rightToLeft : .leftToRight
        environment.legibilityWeight = typeContext.legibilityWeight
        environment.displayScale = CGFloat(typeContext.displayScale)
        environment.scalingMode = typeContext.scalingMode
        environment.screenSafeArea = ScreenSafeArea(
            screen: CGRect(x: 0, y: 0, width: device.width, height: device.height),
            insets: EdgeInsets(top: device.safeArea.top, leading: device.safeArea.left,
                               bottom: device.safeArea.bottom, trailing: device.safeArea.right))
        return environment
    }

    /// The view laid out at `category` in `session`, from the root `environment`; the views
    /// resolve as the session's resolution mode says.
    func layout(category: ContentSizeCategory, session: LayoutSession, environment root: EnvironmentValues) throws -> ScreenLayout {
        session.begin(category)
        var environment = root
        environment.setLayoutDynamicTypeSize(DynamicTypeSize(category) ?? .large)
        let context = ResolveContext(environment: environment, stackAxis: nil, session: session)
        let nodes = try context.resolve(rootView)
        // Views resolved from here on (a `GeometryReader`'s content) are resolved afresh, and
        // reads of the category are the layout's.
        session.resolution = .fresh
        session.categoryReads.current = nil
        session.isLayingOut = true
        defer { session.isLayingOut = false }
        var root = nodes.count == 1 ? nodes[0] : StackNode(axis: .vertical, alignment: HorizontalAlignment.center.key,
                                                            spacing: nil, children: nodes)
        // Only a root view's `.ignoresSafeArea()` is honoured (the README's approximations).
        let ignoresSafeArea = root is SafeAreaIgnoringNode
        if environment.layoutDirection == .rightToLeft { root = DirectionNode(root, direction: .rightToLeft) }

        let safeArea = ignoresSafeArea ? CGRect(x: 0, y: 0, width: device.width, height: device.height)
            : CGRect(x: device.safeArea.left, y: device.safeArea.top,
                     width: max(0, device.width - device.safeArea.left - device.safeArea.right),
                     height: max(0, device.height - device.safeArea.top - device.safeArea.bottom))
        let proposal = ProposedViewSize(safeArea.size)
        let size = root.sizeThatFits(proposal)
        if let failure = session.failure { throw failure }
        guard size.width.isFinite, size.height.isFinite else {
            throw SwiftUILayoutError.invalidGeometry("the root view chose a size of \(size.width) × \(size.height) for the screen's \(safeArea.width) × \(safeArea.height)")
        }
        root.place(in: CGRect(x: safeArea.midX - size.width / 2, y: safeArea.midY - size.height / 2,
                              width: size.width, height: size.height), proposal: proposal)

        // Room for every node at once: growing the array copied the nodes again and again.
        let count = 1 + Self.nodeCount(root)
        var emitter = Emitter(category: category, paths: ScreenNodePaths(capacity: count))
        emitter.nodes.reserveCapacity(count)
        emitter.paths.set(0, parent: nil, position: 0)
        emitter.nodes.append(ScreenLayout.Node(
            id: nil, paths: emitter.paths, pathIndex: 0, kind: .box,
            parent: nil, frame: BoxRect(x: 0, y: 0, width: device.width, height: device.height),
            styleBox: .plain, category: category, text: nil, image: nil, scrollsContent: false))
        try emitter.emit(root, parent: 0, position: 0)
        if let failure = session.failure { throw failure }
        return ScreenLayout(category: category, device: device, background: .white, nodes: emitter.nodes,
                            direction: environment.layoutDirection == .rightToLeft ? .rtl : .ltr)
    }

    /// The view laid out at each of `categories` (the twelve by default).
    ///
    /// The views are resolved once; at each further category only the views that read the
    /// Dynamic Type size (and what they contain) are resolved again, the rest kept: the same
    /// layouts as ``layout(category:language:)`` at each category.
    public func layouts(categories: [ContentSizeCategory] = DynamicTypeSize.allCases.map(\.contentSizeCategory),
                        language: String? = nil) throws -> [ScreenLayout] {
        try layouts(categories: categories, language: language, reusingResolution: true)
    }

    /// How many nodes `node`'s subtree holds.
    private static func nodeCount(_ node: LayoutNode) -> Int {
        // Leaves (about half the nodes) counted by their parent, without a call of their own.
        let children = node.children
        var count = 1 + children.count
        for index in children.indices where !children[index].children.isEmpty {
            count += nodeCount(children[index]) - 1
        }
        return count
    }

    private static func isRightToLeft(_ language: String) -> Bool {
        let code = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init)?.lowercased() ?? ""
        return ["ar", "he", "iw", "fa", "ur", "yi", "ps", "dv", "ckb", "sd", "ug"].contains(code)
    }
}

/// Turns placed nodes into the screen layout's nodes, a parent before its children.
@MainActor
private struct Emitter {
    let category: ContentSizeCategory
    var nodes: [ScreenLayout.Node] = []
    /// Each node's parent and position, from which its path is made when asked.
    let paths: ScreenNodePaths
    /// Where each node's style is painted.
    private let painter = StylePainter()

    /// The vertical lines (x = c) frames are mirrored across, innermost last: one per
    /// right-to-left subtree, and one more for a left-to-right subtree inside it.
    private var mirrors: [CGFloat] = []

    init(category: ContentSizeCategory, paths: ScreenNodePaths) {
        self.category = category
        self.paths = paths
    }

    mutating func emit(_ node: LayoutNode, parent: Int, position: Int, isOverlay: Bool = false) throws {
        let direction = node as? DirectionNode
        // Most nodes are unpainted and share one style box.
        var styleBox = StyleBox.plain
        if node.mayPaint || isOverlay || direction != nil {
            let style = painter.begin()
            node.paint(&style.pointee)
            // An `.overlay`'s content and a `ZStack`'s upper layers lie over what is under them
            // on purpose (a badge on an icon, a slider's thumb on its track): marked as screen
            // files mark overlays, so that the audit doesn't count them as overlapping.
            if isOverlay { style.pointee.position = .absolute }
            if let direction { style.pointee.direction = direction.direction == .rightToLeft ? .rtl : .ltr }
            styleBox = painter.box()
        } else {
            assert(paintsNothing(node), "\(type(of: node)) paints but doesn't say so in mayPaint")
        }
        var drawn = node.drawnFrame
        for axis in mirrors.reversed() { drawn.origin.x = 2 * axis - drawn.maxX }
        // Every direction node is a change of direction: a right-to-left subtree mirrors once,
        // a left-to-right one inside it mirrors back.
        if direction != nil { mirrors.append(node.frame.midX) }
        defer { if direction != nil { mirrors.removeLast() } }
        let index = nodes.count
        paths.set(index, parent: parent, position: position)
        // A view inside a fixed frame may still have chosen an infinite size (a `Layout`'s
        // answer); a frame that isn't finite can't be drawn or dumped.
        guard drawn.minX.isFinite, drawn.minY.isFinite, drawn.width.isFinite, drawn.height.isFinite else {
            throw SwiftUILayoutError.invalidGeometry("a view (\(node.identifier ?? "at \(paths.path(of: index))")) was placed at \(node.frame.minX), \(node.frame.minY) sized \(node.frame.width) × \(node.frame.height): a size that isn't finite")
        }
        let frame = BoxRect(x: Double(drawn.minX), y: Double(drawn.minY), width: Double(drawn.width), height: Double(drawn.height))
        nodes.append(ScreenLayout.Node(
            id: node.identifier, paths: paths, pathIndex: index, kind: node.kind, parent: parent, frame: frame,
            styleBox: styleBox, category: (node as? TextNode)?.category ?? category,
            text: try node.finalText(), image: node.imageFill, scrollsContent: node is ScrollNode))
        guard node.showsChildren else { return }
        // The layers over the first: an `.overlay`'s content, a `ZStack`'s upper children, a
        // control's drawn parts (a slider's thumb on its track).
        let firstOverlay = (node as? BackgroundNode)?.isOverlay == true || node is OverlayNode || node is DrawingNode ? 1 : Int.max
        for (position, child) in node.children.enumerated() {
            try emit(child, parent: index, position: position, isOverlay: position >= firstOverlay)
        }
    }

    /// Whether `node` leaves the plain style as it is (checked in debug builds).
    private func paintsNothing(_ node: LayoutNode) -> Bool {
        let style = painter.begin()
        node.paint(&style.pointee)
        return painter.box() === StyleBox.plain
    }
}
