import Foundation
import TypeLayout
import TypeLayoutScreens

/// A `Text` at one category: measured by TypeLayout's engine.
///
/// The text is prepared once per line limit (the view's own, and the lower ones a proposed
/// height forces) and font scale; layouts are kept by width, limit and scale, since a stack
/// asks the same widths more than once.
final class TextNode: LayoutNode {
    let text: AttributedText
    let style: ParagraphStyle
    /// The size a view set for the text or the layout's, read when measured, so that a node
    /// kept for another layout measures at that one's.
    private let measuredCategory: MeasuredCategory
    /// The category the text is laid out at.
    var category: ContentSizeCategory { measuredCategory.current }
    /// The Dynamic Type context fonts resolve in (with the view's Bold Text setting).
    let typeContext: DynamicTypeContext
    let session: LayoutSession
    private var prepared = SmallCache<PreparedKey, PreparedText>()
    /// The text prepared as given (its own line limit, full size, not tightened).
    private var asGiven: PreparedText?
    /// The layouts made, each in a box: a layout is large, and the cache holds its first
    /// answers in place (four in place made every text node a large allocation; a box is one
    /// more small one per layout the engine makes, which allocates far more).
    private var layouts = SmallCache<LayoutKey, LayoutBox>()

    private final class LayoutBox {
        let layout: TextLayout

        init(_ layout: TextLayout) { self.layout = layout }
    }
    /// What shrinking and tightening chose, for a text that may do either: made when first
    /// needed, as most texts do neither (three caches of answers held in place in every text
    /// node made each a large allocation).
    private var fitting: Fitting?

    private final class Fitting {
        /// The layout chosen for each proposal (after any shrinking).
        var fitted = SmallCache<ProposedViewSize, TextLayout>()
        /// The proposals whose text was shrunk.
        var shrunk = SmallCache<ProposedViewSize, Bool>()
        /// The proposals whose text was tightened, and by how much (ems).
        var tightened = SmallCache<ProposedViewSize, CGFloat>()
    }

    /// ``fitting``, made if needed.
    private var fittingChoices: Fitting {
        if let fitting { return fitting }
        let made = Fitting()
        fitting = made
        return made
    }
    private var placedProposal = ProposedViewSize.unspecified
    /// `.lineLimit(n, reservesSpace: true)`: at least the height of n lines.
    var reservesLineLimitSpace = false
    /// `.minimumScaleFactor`: how far the fonts may shrink so that the text isn't truncated.
    var minimumScaleFactor: CGFloat = 1
    /// `.allowsTightening(true)`: letters may close up a little before the text is truncated.
    var allowsTightening = false

    /// The most tightening tried, in ems of each run's size per character: about 5 % of a
    /// line's width, AppKit's documented default `tighteningFactorForTruncation` (0.05).
    static let maximumTightening: CGFloat = 0.025
    /// Tightening is tried in these steps (ems), so that the prepared texts stay few.
    private static let tighteningStep: CGFloat = 0.005

    private struct PreparedKey: Hashable {
        var lines: Int
        var scale: CGFloat
        var tightening: CGFloat = 0
    }

    private struct LayoutKey: Hashable {
        var width: CGFloat?
        var lines: Int
        var scale: CGFloat
        var tightening: CGFloat = 0
    }

    init(text: AttributedText, style: ParagraphStyle, category: MeasuredCategory, typeContext: DynamicTypeContext,
         session: LayoutSession) {
        self.text = text
        self.style = style
        self.measuredCategory = category
        self.typeContext = typeContext
        self.session = session
        super.init()
    }

    override var kind: ScreenLayout.Node.Kind { .text }

    override func forgetLayout() {
        super.forgetLayout()
        // Every answer was at the last layout's category (prepared texts too: a shrunk or
        // tightened one is sized there). The text as given is not: it lays out at any category,
        // and keeping it spares a kept node the hosting screen's look-up, which compares whole
        // texts (a twentieth of a form's layouts).
        prepared.removeAll()
        layouts.removeAll()
        unwrappedAsGiven = nil
        fitting = nil
        placedProposal = .unspecified
    }

    /// The text laid out `width` wide (`nil`: one line per paragraph), at most `lines` lines
    /// (0: no limit), its fonts at `scale` × their size. A width under a point counts as one
    /// point: the engine's widths are positive.
    private func layout(width: CGFloat?, lines: Int, scale: CGFloat = 1, tightening: CGFloat = 0) throws -> TextLayout {
        // No closures here: a main-actor closure passed to `Optional.map` checks its executor.
        var clamped: CGFloat?
        if let width { clamped = max(1, width) }
        let key = LayoutKey(width: clamped, lines: lines, scale: scale, tightening: tightening)
        if let known = knownLayout(key) { return known }
        let result: TextLayout
        if let width = key.width, let unwrapped = unwrappedLayout(fitting: width, lines: lines, scale: scale, tightening: tightening) {
            result = unwrapped
        } else {
            var engineWidth: Double?
            if let width = key.width { engineWidth = Double(width) }
            result = try preparedText(lines: lines, scale: scale, tightening: tightening)
                .layout(width: engineWidth, category: category)
        }
        if key == unwrappedKey {
            unwrappedAsGiven = result
            return result
        }
        layouts[key] = LayoutBox(result)
        return result
    }

    /// The layout made for `key`, if any.
    private func knownLayout(_ key: LayoutKey) -> TextLayout? {
        key == unwrappedKey ? unwrappedAsGiven : layouts[key]?.layout
    }

    /// The unwrapped layout of the text as given: most texts fit their proposals and need no
    /// other, so it is kept apart (a cache of one entry allocated its array at every text).
    private var unwrappedKey: LayoutKey { LayoutKey(width: nil, lines: style.numberOfLines, scale: 1) }
    private var unwrappedAsGiven: TextLayout?

    /// The text prepared with at most `lines` lines, its fonts at `scale`, tightened by `tightening`.
    private func preparedText(lines: Int, scale: CGFloat = 1, tightening: CGFloat = 0) throws -> PreparedText {
        // The text as given, which most nodes need alone, is kept apart from the others: a
        // cache of one entry allocated its array at every text of every category.
        let isAsGiven = lines == style.numberOfLines && scale == 1 && tightening == 0
        if isAsGiven, let asGiven { return asGiven }
        let preparedKey = PreparedKey(lines: lines, scale: scale, tightening: tightening)
        if !isAsGiven, let known = prepared[preparedKey] { return known }
        var limited = style
        limited.numberOfLines = lines
        let result = try session.preparations.prepare(try scaledText(scale, tightening: tightening), style: limited,
                                                      context: typeContext, engine: session.engine)
        if isAsGiven {
            asGiven = result
            return result
        }
        prepared[preparedKey] = result
        return result
    }

    /// The size for a proposal narrower than a point (a stack's probe for its children's
    /// narrowest sizes) from a measurement, when that is all it takes: no lines kept or glyphs
    /// readied for a layout that is rarely drawn (the text broken at every character). `nil`
    /// when the full rules apply (shrinking, tightening, reserved lines, lines cut to a height).
    private func narrowestSize(for proposal: ProposedViewSize) throws -> CGSize? {
        guard let width = proposal.width, width < 1, minimumScaleFactor >= 1, !allowsTightening, !reservesLineLimitSpace
        else { return nil }
        let measured = try preparedText(lines: style.numberOfLines).measurement(width: 1, category: category)
        let size = CGSize(width: measured.size.width, height: measured.size.height)
        if let height = proposal.height, height.isFinite, measured.lineCount > 1, size.height > height { return nil }
        return size
    }

    /// The unwrapped layout, already made, when it is also the layout `width` wide: flush-left
    /// text whose every paragraph fits on one line in `width` breaks nowhere and starts each
    /// line at 0 at any width, so its lines, size and glyphs are the unwrapped ones (only its
    /// `width`, which no screen layout reads, is `nil`). A stack asks a text for its unwrapped
    /// size before its share, so a label that fits its row is laid out once, not per width.
    ///
    /// With `anyAlignment`, a single line of any alignment, for its size alone: centred or
    /// trailing, it sits at 0 in its own width only, so ``finalText()`` lays it out again in a
    /// wider frame. A trailing value in a form's row was laid out three times per category.
    private func unwrappedLayout(fitting width: CGFloat, lines: Int, scale: CGFloat, tightening: CGFloat,
                                 anyAlignment: Bool = false) -> TextLayout? {
        guard style.alignment == .left || anyAlignment,
              let unwrapped = knownLayout(LayoutKey(width: nil, lines: lines, scale: scale, tightening: tightening)),
              !unwrapped.isTruncated, !unwrapped.hasBrokenWord, unwrapped.size.width <= Double(width),
              style.alignment == .left || unwrapped.lines.count == 1
        else { return nil }
        return unwrapped
    }

    /// The text with its fonts at `scale` × their size at the category (fixed there: the
    /// shrunk size is the category's), each run's tracking lowered by `tightening` ems of it.
    private func scaledText(_ scale: CGFloat, tightening: CGFloat) throws -> AttributedText {
        guard scale < 1 || tightening > 0 else { return text }
        let context = typeContext.with(category)
        var copy = text
        for index in copy.runs.indices {
            let font = try copy.runs[index].attributes.font.resolved(in: context)
            let size = font.pointSize * Double(scale)
            if scale < 1 { copy.runs[index].attributes.font = try TypeLayout.Font(face: font.face, pointSize: size) }
            copy.runs[index].attributes.tracking -= Double(tightening) * size
        }
        return copy
    }

    /// The layout for a proposal at a font scale: wrapped in its width, and cut to the lines
    /// that fit its height (at least one).
    private func layout(for proposal: ProposedViewSize, scale: CGFloat, tightening: CGFloat = 0) throws -> TextLayout {
        var width: CGFloat?
        if let proposed = proposal.width, proposed.isFinite { width = proposed }
        if let width, style.alignment != .left,
           let single = unwrappedLayout(fitting: width, lines: style.numberOfLines, scale: scale, tightening: tightening,
                                        anyAlignment: true) {
            return single
        }
        let full = try layout(width: width, lines: style.numberOfLines, scale: scale, tightening: tightening)
        guard let height = proposal.height, height.isFinite, full.lines.count > 1, CGFloat(full.size.height) > height
        else { return full }
        let fitting = full.lines.prefix { CGFloat($0.baseline + $0.descent) <= height }.count
        return try layout(width: width, lines: max(1, fitting), scale: scale, tightening: tightening)
    }

    /// The least tightening, in steps up to ``maximumTightening``, at which the text laid out
    /// for `proposal` isn't truncated; `nil` if none does.
    private func tightenedLayout(for proposal: ProposedViewSize) throws -> TextLayout? {
        var tightening = Self.tighteningStep
        while tightening <= Self.maximumTightening + Self.tighteningStep / 2 {
            let candidate = try layout(for: proposal, scale: 1, tightening: tightening)
            if !candidate.isTruncated {
                fittingChoices.tightened[proposal] = tightening
                return candidate
            }
            tightening += Self.tighteningStep
        }
        return nil
    }

    /// The layout for a proposal; when it is truncated, first (with `allowsTightening`) the
    /// least tightening that avoids it, then, when the text may shrink, the largest font scale
    /// down to `minimumScaleFactor` at which it isn't (found to a hundredth), else the smallest
    /// scale's, still truncated.
    private func layout(for proposal: ProposedViewSize) throws -> TextLayout {
        // Text that can neither tighten nor shrink is the full-size layout, which `layouts`
        // keeps: a second cache of it allocated at every text of every category.
        guard allowsTightening || (minimumScaleFactor.isFinite && minimumScaleFactor < 1) else {
            return try layout(for: proposal, scale: 1)
        }
        let choices = fittingChoices
        if let known = choices.fitted[proposal] { return known }
        var result = try layout(for: proposal, scale: 1)
        if result.isTruncated, allowsTightening, let tight = try tightenedLayout(for: proposal) {
            choices.fitted[proposal] = tight
            return tight
        }
        let minimum = minimumScaleFactor.isFinite ? min(1, max(0.01, minimumScaleFactor)) : 1
        if result.isTruncated, minimum < 1 {
            // Scales in hundredths, so that the prepared texts stay few.
            var fits = Int((minimum * 100).rounded(.up)), truncates = 100
            result = try layout(for: proposal, scale: CGFloat(fits) / 100)
            if !result.isTruncated {
                while truncates - fits > 1 {
                    let middle = (fits + truncates) / 2
                    let candidate = try layout(for: proposal, scale: CGFloat(middle) / 100)
                    if candidate.isTruncated {
                        truncates = middle
                    } else {
                        fits = middle
                        result = candidate
                    }
                }
            }
            choices.shrunk[proposal] = true
        }
        choices.fitted[proposal] = result
        return result
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        do {
            if let size = try narrowestSize(for: proposal) { return size }
            let layout = try layout(for: proposal)
            var height = CGFloat(layout.size.height)
            let limit = style.numberOfLines
            if reservesLineLimitSpace, limit > layout.lines.count, let last = layout.lines.last {
                // Each missing line as tall as the last one's baseline step.
                let step = layout.lines.count > 1 ? CGFloat(last.baseline - layout.lines[layout.lines.count - 2].baseline)
                    : CGFloat(layout.size.height)
                height += step * CGFloat(limit - layout.lines.count)
            }
            return CGSize(width: layout.size.width, height: height)
        } catch {
            session.record(error)
            return .zero
        }
    }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        placedProposal = proposal
    }

    override func mayHaveExplicitAlignment(_ key: AlignmentKey) -> Bool {
        key == VerticalAlignment.firstTextBaseline.key || key == VerticalAlignment.lastTextBaseline.key
    }

    override func explicitAlignment(_ key: AlignmentKey, in size: CGSize) -> CGFloat? {
        let first = key == VerticalAlignment.firstTextBaseline.key
        guard first || key == VerticalAlignment.lastTextBaseline.key,
              let layout = try? layout(for: ProposedViewSize(width: size.width, height: size.height)),
              !layout.lines.isEmpty
        else { return nil }
        return CGFloat(first ? layout.firstBaseline : layout.lastBaseline)
    }

    /// The lines as measured for the placement, laid out again at the frame's width so that
    /// centred and trailing lines sit in the frame; the measured layout if that would wrap
    /// differently.
    override func finalText() throws -> TextLayout? {
        let measured = try layout(for: placedProposal)
        // A truncated line re-laid in its own, narrower width would be cut sooner; shrunk text
        // keeps the size it was measured at.
        // Flush-left lines start at the frame's left edge at any width: laying them out again
        // (a tenth of a form's layout) would place every glyph where it is.
        guard frame.width > 0, !measured.isTruncated, fitting?.shrunk[placedProposal] == nil, style.alignment != .left else { return measured }
        // An unwrapped single line sits at 0 in its own width; one measured so for a finite
        // proposal (`unwrappedLayout(fitting:…anyAlignment:)`) is laid out again in a wider frame.
        if measured.width == nil, measured.lines.count <= 1,
           placedProposal.width?.isFinite != true || Double(frame.width) == measured.size.width {
            return measured
        }
        let atFrame = try layout(width: frame.width, lines: style.numberOfLines, tightening: fitting?.tightened[placedProposal] ?? 0)
        return atFrame.lines.count == measured.lines.count ? atFrame : measured
    }
}

/// Texts prepared once for every layout of a hosting screen: a text's analysis and shaping
/// don't depend on the category (the prepared text lays out at any), so the 12 categories'
/// layouts of a view share them, as a screen file's layouts do.
@MainActor
final class TextPreparations {
    /// A class: reading a field of a struct entry in the array copied the whole entry.
    private final class Entry {
        let text: AttributedText
        let style: ParagraphStyle
        let context: DynamicTypeContext
        let prepared: PreparedText

        init(text: AttributedText, style: ParagraphStyle, context: DynamicTypeContext, prepared: PreparedText) {
            self.text = text
            self.style = style
            self.context = context
            self.prepared = prepared
        }
    }

    /// The entries by a hash of their runs' strings alone: hashing every attribute, the style
    /// and the context of each text at each category was a fortieth of a form's layout. A
    /// dictionary keyed by the whole text compared (and copied) the keys its probes met, two
    /// per look-up; integer keys probe for nothing, and only texts of the same strings compare.
    private var prepared: [Int: [Entry]] = [:]
    private var count = 0

    /// `text` prepared with `style` in `context` (its category aside).
    func prepare(_ text: AttributedText, style: ParagraphStyle, context: DynamicTypeContext,
                 engine: TextLayoutEngine) throws -> PreparedText {
        var hasher = Hasher()
        // By index: binding each run would copy it.
        for index in text.runs.indices { hasher.combine(text.runs[index].text) }
        let hash = hasher.finalize()
        let keyContext = context.with(.large)
        if let entries = prepared[hash] {
            for entry in entries where entry.text == text && entry.style == style && entry.context == keyContext {
                return entry.prepared
            }
        }
        // A screen's texts are few; a screen laid out in many languages starts over past this.
        if count >= 4_096 {
            prepared.removeAll(keepingCapacity: true)
            count = 0
        }
        let result = try engine.prepare(text, paragraphStyle: style, in: context)
        prepared[hash, default: []].append(Entry(text: text, style: style, context: keyContext, prepared: result))
        count += 1
        return result
    }
}
