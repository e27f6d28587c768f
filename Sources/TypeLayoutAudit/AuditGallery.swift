import TypeLayout
import TypeLayoutGallery

/// The string audit's review gallery: a group per key, a finding per failing string (key,
/// variant, language and file), each with a picture at `large` (how the label was designed)
/// and at every category it fails at, captioned on the picture with the key, language,
/// category, reasons and the label's rule, the label's box framed and the text's box outlined.
public struct AuditGallery: Sendable {
    /// The audit whose rules, engine and context draw the pictures.
    public var audit: Audit
    /// The platform's name in the findings and captions ("uikit", "android 1.3").
    public var platform: String
    /// The pictures' look.
    public var style: ReviewPictureStyle
    /// Space between a picture's label frame and its edge, in pixels, room for the outline.
    static let inset = 4

    /// A gallery drawn by `audit`.
    public init(audit: Audit, platform: String? = nil, style: ReviewPictureStyle = ReviewPictureStyle()) {
        self.audit = audit
        self.platform = platform ?? Self.platformName(audit.context.platform)
        self.style = style
    }

    /// A platform's short name: "uikit", "swiftui", "react-native", "flutter", "android 1.3".
    public static func platformName(_ platform: TextScalingPlatform) -> String {
        switch platform {
        case .uiKit: "uikit"
        case .swiftUI: "swiftui"
        case .reactNative: "react-native"
        case .flutter: "flutter"
        case let .android(scale): "android \(scale.fontScale.formatted(maxFractionDigits: 2))"
        }
    }

    /// The gallery of `entries`' failures (entries that fit, or couldn't be laid out, are
    /// left out), keys in the order they first fail, and of the `untranslated` strings (reason
    /// "untranslated", no pictures), each under its key after the key's failures.
    public func gallery(_ entries: [AuditEntry], untranslated: [UntranslatedString] = [], title: String = "String audit",
                        notes: [String] = []) -> ReviewGallery {
        var page = AuditPage()
        for entry in entries where entry.error == nil && !entry.fits {
            page.add(finding(entry), key: entry.string.key, file: entry.string.location.file)
        }
        return page.gallery(warnings: untranslated.map { ($0.key, $0.location.file, finding($0)) }, title: title, notes: notes,
                            inputErrors: [])
    }

    /// The reason an untranslated string's finding gives, which the page's reason filter lists.
    public static let untranslatedReason = "untranslated"

    /// One untranslated string as a finding without pictures: missing from its language, or
    /// the same as the development language's text.
    public func finding(_ warning: UntranslatedString) -> ReviewFinding {
        let what = warning.isMissing ? "no \(warning.language) translation" : "the same text as the development language's"
        return ReviewFinding(language: warning.language, platform: platform, firstFailingCategory: nil, failingCategories: [],
                             reasons: [Self.untranslatedReason], text: "",
                             details: [warning.displayKey + ": " + what, Self.place(of: warning)],
                             pictures: [], isWarning: true)
    }

    /// Where an untranslated string's warning points: `file:line`, or, for a key the
    /// development language lacks, the file it is missing from and where another language has it.
    private static func place(of warning: UntranslatedString) -> String {
        let place = "\(warning.location.file):\(warning.location.line)"
        guard let language = warning.sourceLanguage, let source = warning.sourceLocation else { return place }
        let there = "\(language) has it at \(source.file):\(source.line)"
        return source == warning.location ? "\(there); no \(warning.language) file has this table" : "\(warning.location.file); \(there)"
    }

    /// One failing entry as a finding.
    public func finding(_ entry: AuditEntry) -> ReviewFinding {
        let failing = entry.checks.filter { !$0.fits }
        let reasons = AuditReason.allCases.filter { reason in failing.contains { $0.reasons.contains(reason) } }
        var categories = failing.map(\.category)
        if entry.checks.contains(where: { $0.category == .large && $0.fits }) { categories.insert(.large, at: 0) }
        let string = entry.string
        var details = failing.map { check in
            "\(check.category.shortName) at \(check.pointSize.formatted(maxFractionDigits: 1)) pt: "
                + "\(check.reasons.map(\.rawValue).joined(separator: ", ")); \(check.lineCount) line\(check.lineCount == 1 ? "" : "s"), "
                + "\(check.size.width.formatted(maxFractionDigits: 1)) × \(check.size.height.formatted(maxFractionDigits: 1)) pt"
        }
        if let variant = string.variant { details.insert("variant \(variant)", at: 0) }
        if let note = FormatArguments.samplesNote(string.text) { details.append(note) }
        details.append("\(string.location.file):\(string.location.line)")
        let pictures = categories.map { category in
            let fits = entry.checks.first { $0.category == category }?.fits ?? true
            return ReviewPicture(label: category.shortName + (fits ? " (fits)" : ""), isFailing: !fits,
                                 fileName: AuditSheetName.pictureName(for: string, category: category),
                                 source: .render { [self] in try picture(of: entry, at: category) })
        }
        return ReviewFinding(language: string.language, platform: platform,
                             firstFailingCategory: failing.first?.category.shortName,
                             failingCategories: failing.map(\.category.shortName), reasons: reasons.map(\.rawValue),
                             text: string.text, details: details, pictures: pictures)
    }

    /// The string in its label at `category`, at 1 pixel a point: captioned with its key,
    /// language, category, point size, reasons and rule; the label's box framed in grey, and,
    /// when it fails there, the text's box outlined in red (and a red line at the maximum
    /// height the text passes).
    ///
    /// - Throws: layout and rasterizing errors.
    public func picture(of entry: AuditEntry, at category: ContentSizeCategory) throws -> RGBAImage {
        let rule = entry.ruleIndex.map { audit.rules.rules[$0] } ?? audit.rules.fallback
        let string = entry.string
        let text = audit.attributedText(string, rule: rule)
        let layout = try audit.engine.layout(text, paragraphStyle: rule.paragraphStyle, categories: [category], in: audit.context)[0]
        let check = entry.checks.first { $0.category == category }
        let fails = !(check?.fits ?? true)
        let state = check.map { $0.fits ? "fits" : $0.reasons.map(\.rawValue).joined(separator: ", ") } ?? "not checked"
        let labelWidth = Int(rule.width.rounded(.up)), textHeight = Int(layout.size.height.rounded(.up))
        let maxHeight = rule.maxHeight.map { Int($0.rounded(.up)) }
        let inset = Self.inset
        let fullHeight = max(textHeight, maxHeight ?? 0) + 2 * inset
        // A long text shows a window around where it fails, not all its lines: a 30-line
        // paragraph at ax5 would be a picture ten times the size of the rest.
        let window = Self.window(of: layout, check: check, maxHeight: maxHeight, height: fullHeight)
        var caption = [
            string.displayKey,
            "\(string.language) · \(category.shortName) · \(layout.pointSize.formatted(maxFractionDigits: 1)) pt · \(state)",
            Self.describe(rule) + " · " + platform,
        ]
        if let lines = window.lines { caption[1] += " · lines \(lines.lowerBound + 1)–\(lines.upperBound) of \(layout.lines.count)" }
        let bodyHeight = window.pixels.count
        return try style.picture(caption: caption, bodyWidth: labelWidth + 2 * inset, bodyHeight: bodyHeight,
                                 engine: audit.engine) { canvas, left, top in
            // The style clips drawing to the body, so lines outside the window don't show.
            let x = left + inset, y = top + inset - window.pixels.lowerBound
            canvas.strokeRect(x: x - 1, y: y - 1, width: labelWidth + 2, height: textHeight + 2, lineWidth: 1, color: style.frameColor)
            try Rasterizer().draw(layout, into: &canvas, atX: Double(x), y: Double(y), scale: 1)
            if fails {
                let usedWidth = Int(layout.size.width.rounded(.up))
                // Right-to-left text sits at the label's right edge.
                let usedLeft = layout.lines.first.map { x + Int($0.x.rounded(.down)) } ?? x
                canvas.strokeRect(x: min(usedLeft, x + labelWidth - usedWidth) - 3, y: y - 3, width: usedWidth + 6, height: textHeight + 6,
                                  lineWidth: 2, color: style.failureColor)
                if let maxHeight, check?.reasons.contains(.tooTall) == true {
                    canvas.fill(x: left, y: y + maxHeight, width: labelWidth + 2 * inset, height: 1, color: style.failureColor)
                }
            }
            // A cut edge is dashed.
            for edge in [window.pixels.lowerBound > 0 ? 0 : nil, window.pixels.upperBound < fullHeight ? bodyHeight - 1 : nil].compactMap({ $0 }) {
                for dash in stride(from: 0, to: labelWidth + 2 * inset, by: 8) {
                    canvas.fill(x: left + dash, y: top + edge, width: 4, height: 1, color: style.captionColor)
                }
            }
        }
    }

    /// The tallest body a picture shows, in pixels.
    // 200 rather than 320 made the review report of the largest catalog a sixth smaller and
    // still shows the failing line with one or two lines around it (BENCHMARKS.md).
    static let maximumBodyHeight = 200

    /// The rows of a picture's body to show, and the lines they hold when that isn't all:
    /// all of it when it is short, else a window around the first broken word, the line that
    /// passes the maximum height, or the last line shown.
    static func window(of layout: TextLayout, check: AuditCheck?, maxHeight: Int?, height: Int)
        -> (pixels: Range<Int>, lines: Range<Int>?) {
        guard height > maximumBodyHeight, !layout.lines.isEmpty else { return (0..<height, nil) }
        var focus = layout.lines.count - 1
        if check?.reasons.contains(.wordBroken) == true {
            let characters = Array(layout.string)
            focus = layout.lines.indices.first { index in
                let end = layout.lines[index].characterRange.upperBound
                return end > 0 && end < characters.count && characters[end - 1].isLetter && characters[end].isLetter
            } ?? focus
        } else if let maxHeight, check?.reasons.contains(.tooTall) == true {
            focus = layout.lines.firstIndex { $0.baseline + $0.descent > Double(maxHeight) } ?? focus
        }
        func top(_ index: Int) -> Int { index == 0 ? 0 : inset + Int((layout.lines[index].baseline - layout.lines[index].ascent).rounded(.down)) }
        func bottom(_ index: Int) -> Int { inset + Int((layout.lines[index].baseline + layout.lines[index].descent).rounded(.up)) }
        // The window starts at a line's top, the focus line about its middle.
        let wanted = min(max(0, (top(focus) + bottom(focus)) / 2 - maximumBodyHeight / 2), height - maximumBodyHeight)
        var first = layout.lines.indices.last { top($0) <= wanted } ?? 0
        // The focus line whole, even where starting at a line's top would cut it (the last
        // line of a truncated text, its ellipsis, at the window's foot).
        while first < focus && bottom(focus) > top(first) + maximumBodyHeight { first += 1 }
        let pixels = top(first)..<min(height, top(first) + maximumBodyHeight)
        let shown = layout.lines.indices.filter { top($0) >= pixels.lowerBound && bottom($0) <= pixels.upperBound }
        return (pixels, shown.isEmpty ? nil : shown.first!..<shown.last! + 1)
    }

    /// A rule in a few words: "body · 343 pt wide · at most 1 line · at most 160 pt tall".
    static func describe(_ rule: LabelRule) -> String {
        var parts = [rule.font.textStyle?.rawValue ?? "\(rule.font.face.familyName) \(rule.font.pointSize.formatted(maxFractionDigits: 1)) pt"]
        parts.append("\(rule.width.formatted(maxFractionDigits: 1)) pt wide")
        if rule.maxLines > 0 { parts.append("at most \(rule.maxLines) line\(rule.maxLines == 1 ? "" : "s")") }
        if let maxHeight = rule.maxHeight { parts.append("at most \(maxHeight.formatted(maxFractionDigits: 1)) pt tall") }
        return parts.joined(separator: " · ")
    }
}
