import TypeLayout
import TypeLayoutGallery
import TypeLayoutScreens

/// The screen audit's review gallery: a group per screen, a finding per failing node × rule ×
/// language, each with pictures of the screen at `large` and at every category the node fails
/// at (the band of the screen around the node, ``cropMargin``), at 1 pixel a point, the failing
/// node outlined in red and the screen, language, category and rule captioned on the picture as
/// ``AuditGallery`` captions strings.
public struct ScreenGallery: Sendable {
    /// The settings the screens were checked under, which the pictures are laid out with.
    public var context: DynamicTypeContext
    /// The platform's name in the findings and captions ("uikit", "android 1.3").
    public var platform: String
    /// The pictures' look.
    public var style: ReviewPictureStyle
    /// The engine that lays out the screens and captions.
    public var engine: TextLayoutEngine
    /// Whether the pictures show the device's status bar and home indicator
    /// (`ScreenRenderer.showsDeviceChrome`); they are never audited.
    public var showsDeviceChrome = true
    /// Points of the screen kept above and below a finding's nodes on its pictures, which then
    /// show that band of the screen (its whole width) rather than the whole screen: most of a
    /// tall screen at the accessibility sizes is not what fails, and whole screens made a
    /// 50-preview, 10-language gallery several times too big to keep (BENCHMARKS.md). `nil`:
    /// whole screens. A band that would cover most of the screen shows the whole screen.
    public var cropMargin: Int? = 64

    /// A gallery of screens checked under `context`.
    public init(context: DynamicTypeContext, platform: String? = nil, style: ReviewPictureStyle = ReviewPictureStyle(),
                engine: TextLayoutEngine = .shared) {
        self.context = context
        self.platform = platform ?? AuditGallery.platformName(context.platform)
        self.style = style
        self.engine = engine
    }

    /// The findings of `screen` in `language` at `categories` (as
    /// ``ScreenAudit/check(_:name:language:strings:categories:context:engine:)`` found them), one
    /// per node, other node and rule, in the order they first fail; information only
    /// (``ScreenRule/isFailure`` false) is left out. Each has a picture at `large` ("fits" when
    /// `large` was checked and it fits there) and at each category it fails at.
    ///
    /// - Parameter layouts: the audit's layouts of the screen in `language`
    ///   (``ScreenAudit/checkKeepingLayouts(_:name:language:strings:categories:context:engine:)``):
    ///   the pictures at their categories draw them rather than lay the screen out again.
    /// - Throws: the layout's ``ScreenError``, when the screen can't be laid out at `large`
    ///   for the texts shown.
    public func findings(of screen: Screen, name: String, language: String, strings: ScreenStrings,
                         categories checked: [ContentSizeCategory], findings: [ScreenFinding],
                         layouts: [ScreenLayout] = []) throws -> [ReviewFinding] {
        let failing = findings.filter(\.rule.isFailure)
        guard !failing.isEmpty else { return [] }
        let localized = screen.localized(language, strings: strings)
        let direction: Direction = ScreenStrings.isRightToLeft(language) ? .rtl : .ltr
        var laidOut: [ContentSizeCategory: ScreenLayout] = [:]
        for layout in layouts { laidOut[layout.category] = layout }
        let large = try laidOut[.large] ?? localized.layout(at: .large, in: context, engine: engine, direction: direction)
        laidOut[.large] = large
        return reviewFindings(failing, name: name, language: language, checked: checked, laidOut: laidOut) { [self] category in
            try localized.layout(at: category, in: context, engine: engine, direction: direction)
        }
    }

    /// The review findings of `failing`, grouped per node, other node and rule, with pictures
    /// drawn from `laidOut` or, at a category missing there, from `layOut(category)` (`nil`:
    /// that picture is left out).
    func reviewFindings(_ failing: [ScreenFinding], name: String, language: String, checked: [ContentSizeCategory],
                        laidOut: [ContentSizeCategory: ScreenLayout],
                        layOut: (@Sendable (ContentSizeCategory) throws -> ScreenLayout)?) -> [ReviewFinding] {
        var order: [String] = []
        var grouped: [String: [ScreenFinding]] = [:]
        for finding in failing {
            let identity = "\(finding.node)\u{0}\(finding.otherNode ?? "")\u{0}\(finding.rule.rawValue)"
            if grouped[identity] == nil { order.append(identity) }
            grouped[identity, default: []].append(finding)
        }
        return order.map { identity in
            let found = grouped[identity]!.sorted { $0.category < $1.category }
            let first = found[0]
            let categories = found.map(\.category)
            let outlined = [first.node] + (first.otherNode.map { [$0] } ?? [])
            var shown = categories
            if !categories.contains(.large) { shown.insert(.large, at: 0) }
            // Without a way to lay out, only the categories laid out already are drawn.
            if layOut == nil { shown.removeAll { laidOut[$0] == nil } }
            let pictures = shown.map { category in
                let fails = categories.contains(category)
                let measured = found.first { $0.category == category }?.measured
                let layout = laidOut[category]
                let makeLayout = layOut
                return ReviewPicture(
                    label: category.shortName + (fails || !checked.contains(category) ? "" : " (fits)"), isFailing: fails,
                    fileName: Self.pictureName(first, category: category),
                    source: .render { [self] in
                        // `shown` holds only categories laid out or that can be.
                        try picture(of: layout ?? makeLayout!(category),
                                    name: name, language: language, rule: fails ? first.rule : nil, measured: measured,
                                    outlining: fails ? outlined : [], around: outlined)
                    })
            }
            var details = found.map { "\($0.category.shortName): \($0.measured)" }
            if let location = first.sourceLocation { details.append("\(location.file):\(location.line)") }
            let text = (laidOut[.large] ?? laidOut[first.category])?.nodes.first { ScreenAudit.name($0) == first.node }?.text?.string ?? ""
            return ReviewFinding(language: language, platform: platform, node: outlined.joined(separator: " / "),
                                 firstFailingCategory: categories.first?.shortName, failingCategories: categories.map(\.shortName),
                                 reasons: [first.rule.rawValue], text: text, details: details, pictures: pictures)
        }
    }

    /// A finding's picture file name: readable (screen file, node, rule, language, category) and
    /// unique, by a hash of all of them with the screen's whole path.
    static func pictureName(_ finding: ScreenFinding, category: ContentSizeCategory) -> String {
        let file = finding.screen.split(separator: "/").last.map(String.init) ?? finding.screen
        // The language and category are never clipped away: they tell the pictures of a finding apart.
        let stem = ReviewGalleryWriter.safeFileName("screen-\(file)-\(finding.node)-\(finding.rule.rawValue)", limit: 48)
            + "-" + ReviewGalleryWriter.safeFileName("\(finding.language)-\(category.shortName)")
        let hash = StableHash.fnv1a("\(finding.screen)\u{0}\(finding.node)\u{0}\(finding.otherNode ?? "")\u{0}\(finding.rule.rawValue)"
            + "\u{0}\(finding.language)\u{0}\(category.rawValue)")
        let digits = String(hash & 0xFFFF_FFFF, radix: 16)
        return stem + "-" + String(repeating: "0", count: 8 - digits.count) + digits + ".png"
    }

    /// The localized screen laid out at `category` and drawn at 1 pixel a point, captioned with
    /// the screen's name, the language, category and `rule` (or "fits"), and the `measured`
    /// numbers; the screen's edge framed in grey and the nodes named in `outlining` (by id or
    /// path) outlined in red, the picture widened to show those past the screen's edge.
    ///
    /// - Throws: layout and rasterizing errors, `ImageError.tooLarge`.
    public func picture(of localized: Screen, name: String, language: String, direction: Direction, at category: ContentSizeCategory,
                        rule: ScreenRule?, measured: String?, outlining: [String]) throws -> RGBAImage {
        try picture(of: localized.layout(at: category, in: context, engine: engine, direction: direction), name: name,
                    language: language, rule: rule, measured: measured, outlining: outlining)
    }

    /// A screen already laid out (at its category), drawn and captioned as
    /// ``picture(of:name:language:direction:at:rule:measured:outlining:)`` draws it; with a
    /// ``cropMargin``, only the band of the screen around the nodes named in `around` (by id or
    /// path; `outlining` when `nil`) is shown, ``cropMargin`` points above and below them.
    ///
    /// - Throws: rasterizing errors, `ImageError.tooLarge`.
    public func picture(of layout: ScreenLayout, name: String, language: String, rule: ScreenRule?, measured: String?,
                        outlining: [String], around: [String]? = nil) throws -> RGBAImage {
        let category = layout.category
        let renderer = ScreenRenderer(scale: 1, marksFold: false, showsDeviceChrome: showsDeviceChrome)
        let screen = try renderer.screenSize(of: layout)
        let caption = [
            name,
            "\(language) · \(category.shortName) · \(rule?.rawValue ?? "fits") · \(platform)",
            outlining.isEmpty ? "" : outlining.joined(separator: " / ") + (measured.map { ": " + $0 } ?? ""),
        ].filter { !$0.isEmpty }
        // A node past the screen's edge is outlined where it is, the picture widened to show it
        // (the renderer draws only the screen), at most a screen's width each side.
        let outlined = layout.nodes.filter { outlining.contains(ScreenAudit.name($0)) }.map { node in
            (left: max(-screen.width, Int(node.frame.x.rounded(.down))),
             right: min(2 * screen.width, Int((node.frame.x + node.frame.width).rounded(.up))),
             top: max(0, Int(node.frame.y.rounded(.down))), bottom: min(screen.height, Int((node.frame.y + node.frame.height).rounded(.up))))
        }
        let shift = -min(0, outlined.map(\.left).min() ?? 0)
        let bodyWidth = shift + max(screen.width, outlined.map(\.right).max() ?? 0)
        let band = self.band(of: layout, around: around ?? outlining, screenHeight: screen.height)
        return try style.picture(caption: caption, bodyWidth: bodyWidth, bodyHeight: band.count, engine: engine) { canvas, left, top in
            // The band's top at the body's top; the body's clip cuts the rest of the screen away.
            // Drawn straight onto the picture: no image of the whole screen to make and paste.
            let screenTop = top - band.lowerBound
            try renderer.draw(layout, into: &canvas, left: left + shift, top: screenTop,
                              texts: renderer.texts(for: [layout], engine: engine), rasterizer: Rasterizer())
            // The screen's edge, which a white screen on the white picture wouldn't show; a cut
            // edge has no line, so a band reads as part of a screen.
            canvas.strokeRect(x: left + shift, y: screenTop, width: screen.width, height: screen.height, lineWidth: 1,
                              color: style.frameColor)
            for box in outlined {
                canvas.strokeRect(x: left + shift + box.left, y: screenTop + box.top, width: box.right - box.left,
                                  height: box.bottom - box.top, lineWidth: 2, color: style.failureColor)
            }
        }
    }

    /// The rows of the screen a picture shows: ``cropMargin`` points above and below the nodes
    /// named in `names`, or every row (no margin, no such node, or a band over three quarters
    /// of the screen).
    private func band(of layout: ScreenLayout, around names: [String], screenHeight: Int) -> Range<Int> {
        let whole = 0..<screenHeight
        let frames = layout.nodes.filter { names.contains(ScreenAudit.name($0)) }.map(\.frame)
        guard let margin = cropMargin, let first = frames.first else { return whole }
        let top = frames.dropFirst().reduce(first.y) { min($0, $1.y) }
        let bottom = frames.dropFirst().reduce(first.y + first.height) { max($0, $1.y + $1.height) }
        // Clamped to the screen: a node can lie past its bottom (or its frame be empty).
        let lower = min(screenHeight, max(0, Int(top.rounded(.down)) - margin))
        let band = lower..<max(lower, min(screenHeight, Int(bottom.rounded(.up)) + margin))
        return band.isEmpty || band.count * 4 > screenHeight * 3 ? whole : band
    }
}
