import Foundation
import TypeLayout
import TypeLayoutScreens

/// A `Text` at one category: measured by TypeLayout's engine.
///
/// The text is prepared once per line limit (the view's own, and the lower ones a proposed
/// height forces); layouts are kept by width and limit, since a stack asks the same widths
/// more than once.
final class TextNode: LayoutNode {
    let text: AttributedText
    let style: ParagraphStyle
    let category: ContentSizeCategory
    /// The Dynamic Type context fonts resolve in (with the view's Bold Text setting).
    let typeContext: DynamicTypeContext
    let session: LayoutSession
    private var prepared: [Int: PreparedText] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]
    private var placedProposal = ProposedViewSize.unspecified
    /// `.lineLimit(n, reservesSpace: true)`: at least the height of n lines.
    var reservesLineLimitSpace = false

    private struct LayoutKey: Hashable {
        var width: CGFloat?
        var lines: Int
    }

    init(text: AttributedText, style: ParagraphStyle, category: ContentSizeCategory, typeContext: DynamicTypeContext,
         session: LayoutSession) {
        self.text = text
        self.style = style
        self.category = category
        self.typeContext = typeContext
        self.session = session
        super.init()
    }

    override var kind: ScreenLayout.Node.Kind { .text }

    /// The text laid out `width` wide (`nil`: one line per paragraph), at most `lines` lines
    /// (0: no limit). A width under a point counts as one point: the engine's widths are
    /// positive.
    private func layout(width: CGFloat?, lines: Int) throws -> TextLayout {
        let key = LayoutKey(width: width.map { max(1, $0) }, lines: lines)
        if let known = layouts[key] { return known }
        let preparedText: PreparedText
        if let known = prepared[lines] {
            preparedText = known
        } else {
            var limited = style
            limited.numberOfLines = lines
            preparedText = try session.engine.prepare(text, paragraphStyle: limited, in: typeContext)
            prepared[lines] = preparedText
        }
        let result = try preparedText.layout(width: key.width.map(Double.init), category: category)
        layouts[key] = result
        return result
    }

    /// The layout for a proposal: wrapped in its width, and cut to the lines that fit its
    /// height (at least one).
    private func layout(for proposal: ProposedViewSize) throws -> TextLayout {
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        let full = try layout(width: width, lines: style.numberOfLines)
        guard let height = proposal.height, height.isFinite, full.lines.count > 1, CGFloat(full.size.height) > height
        else { return full }
        let fitting = full.lines.prefix { CGFloat($0.baseline + $0.descent) <= height }.count
        return try layout(width: width, lines: max(1, fitting))
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        do {
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
        // A truncated line re-laid in its own, narrower width would be cut sooner.
        guard frame.width > 0, !measured.isTruncated, measured.width != nil || measured.lines.count > 1 else { return measured }
        let atFrame = try layout(width: frame.width, lines: style.numberOfLines)
        return atFrame.lines.count == measured.lines.count ? atFrame : measured
    }
}
