import TypeLayout

/// Everything that decides how a box is laid out and painted, with React Native's property
/// names and defaults.
///
/// The defaults are React Native's, not the web's: `flexDirection` column, `flexShrink` 0,
/// `alignContent` flex-start, and `width`/`height` that include padding and border.
public struct BoxStyle: Sendable, Hashable {
    /// The main axis. Default `column`.
    public var flexDirection: FlexDirection = .column
    /// Main-axis distribution of free space. Default `flex-start`.
    public var justifyContent: JustifyContent = .flexStart
    /// Children's cross-axis alignment. Default `stretch`.
    public var alignItems: AlignItems = .stretch
    /// This box's cross-axis alignment in its parent. Default `auto`.
    public var alignSelf: AlignSelf = .auto
    /// Distribution of wrapped lines along the cross axis. Default `flex-start`.
    public var alignContent: AlignContent = .flexStart
    /// Whether children wrap. Default `nowrap`.
    public var flexWrap: FlexWrap = .nowrap
    /// Share of positive free space this box takes. Default 0.
    public var flexGrow: Double = 0
    /// How much this box gives up when its line overflows, weighted by its base size.
    /// Default 0.
    public var flexShrink: Double = 0
    /// The main size before growing and shrinking; `auto` uses `width`/`height`, then the
    /// content. Default `auto`.
    public var flexBasis: Dimension = .auto
    /// Border-box width. Default `auto`.
    public var width: Dimension = .auto
    /// Border-box height. Default `auto`.
    public var height: Dimension = .auto
    /// Lower bound on the width. Default `auto` (none).
    public var minWidth: Dimension = .auto
    /// Upper bound on the width. Default `auto` (none).
    public var maxWidth: Dimension = .auto
    /// Lower bound on the height. Default `auto` (none).
    public var minHeight: Dimension = .auto
    /// Upper bound on the height. Default `auto` (none).
    public var maxHeight: Dimension = .auto
    /// Space inside the border; percentages are of the parent's inner width on every edge.
    public var padding = Edges<Dimension>()
    /// Space outside the border; percentages are of the parent's inner width on every edge,
    /// and `auto` margins absorb free space.
    public var margin = Edges<Dimension>()
    /// Border thickness in points.
    public var borderWidth = Edges<Double>()
    /// Space between children on both axes (`gap`); `rowGap`/`columnGap` win over it.
    public var gap: Double?
    /// Space between lines of a row container and between children of a column one.
    public var rowGap: Double?
    /// Space between children of a row container and between lines of a column one.
    public var columnGap: Double?
    /// In the flow or out of it. Default `relative`.
    public var position: PositionType = .relative
    /// Offsets: of a relative box from where the flow put it, of an absolute one from the
    /// parent's padding box. Uses `top`, `right`, `bottom`, `left`, `start`, `end`.
    public var inset = Edges<Dimension>()
    /// Width divided by height, applied when one of the two is not otherwise known.
    public var aspectRatio: Double?
    /// Whether the box is laid out. Default `flex`.
    public var display: Display = .flex
    /// Clipping, and for `scroll` unconstrained measuring of children. Default `visible`.
    public var overflow: Overflow = .visible
    /// Writing direction. Default `inherit`.
    public var direction: Direction = .inherit
    /// Fill behind the padding box; `nil` for none.
    public var backgroundColor: Color?
    /// Colour of the border; `nil` for none.
    public var borderColor: Color?
    /// Corner radius in points.
    public var borderRadius: Double = 0

    /// React Native's defaults throughout.
    public init() {}

    /// The space between neighbours side by side along `axis`: `columnGap` between
    /// horizontal neighbours, `rowGap` between vertical ones, `gap` where those are unset.
    func gap(along axis: Axis) -> Double {
        max(0, (axis == .horizontal ? columnGap : rowGap) ?? gap ?? 0)
    }

    /// `width` or `height`.
    func size(_ axis: Axis) -> Dimension { axis == .horizontal ? width : height }

    /// `minWidth` or `minHeight`.
    func minimumSize(_ axis: Axis) -> Dimension { axis == .horizontal ? minWidth : minHeight }

    /// `maxWidth` or `maxHeight`.
    func maximumSize(_ axis: Axis) -> Dimension { axis == .horizontal ? maxWidth : maxHeight }
}
