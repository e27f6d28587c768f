/// What one layout pass remembers of each box's answers, so that a parent asking again
/// costs nothing: without it, every level of a tree would multiply the work below it.
///
/// Modelled on Yoga's per-node cache (`Cache.cpp` and the cached layout and measurements
/// of `LayoutResults`) and Taffy's `Cache` (`cache.rs`): a slot for the final layout and a
/// few slots for measurements, keyed by everything a box's size depends on from outside
/// (``Request``). Unlike Yoga's, a key matches only an equal request: Yoga also reuses a
/// measurement made under a looser constraint when the size it found fits the new one,
/// which saves runs but makes results depend on the order boxes were asked in.
///
/// The slots, per box:
/// - **final layout**: the request the box was last laid out under (its descendants
///   positioned) and the size it took. Laying the box out again under the same request
///   returns that size without a run; a measurement never answers a layout, since a
///   layout must also position the box's descendants.
/// - **measurements**: sizes under up to ``measurementsKept`` requests. The first has a
///   slot of its own, since most boxes are measured under one request and then allocate
///   nothing; the rest share a small list from which the oldest is dropped.
/// - **content size**: for a box that keeps its content size (`LayoutBox.keepsContentSize`),
///   its max-content width and height once known, which lets a parent's exact offer of
///   that size be answered as a max-content one (`FlexLayoutPass.layout`).
/// - **leaf content**: a measured leaf's min- and max-content widths, and its height at
///   each width asked, so that ``MeasuredContent`` is asked each question once.
///
/// Off (`isEnabled` false), the cache remembers nothing and every question is a new run:
/// slower, never different. `LayoutCacheTests` lays out every fixture both ways and
/// requires identical frames.
struct LayoutCache {
    /// Everything a box's size can depend on from outside.
    struct Request: Hashable {
        var width: AxisSpace
        var height: AxisSpace
        var containingWidth: Double?
        var containingHeight: Double?
        var direction: Direction
        /// A measurement standing for a layout Yoga makes (`FlexLayoutPass.layout`), which
        /// takes none of Yoga's measuring shortcuts and so may differ from a plain one.
        var standsForLayout = false
        /// A fit-content limit that stands for Yoga's max-content offer with a size (a
        /// wrapping container's stretched item, `remeasureStretchedItems`): a scroll container
        /// isn't kept within it.
        var unclipped = false
    }

    /// A box's size under one request.
    struct Entry {
        var request: Request
        var size: Size
    }

    /// The slots one box's answers live in, side by side so that one visit reads one place.
    private struct Slots {
        var finalLayout: Entry?
        var firstMeasurement: Entry?
        var contentWidth: Double?
        var contentHeight: Double?
    }

    /// Enough measurements per box for the few requests a parent asks under.
    static let measurementsKept = 8

    /// Whether answers are remembered at all.
    let isEnabled: Bool
    private var slots: [Slots]
    /// The measurements after a box's first.
    private var laterMeasurements: [[Entry]]
    private var contentWidths: [(min: Double, max: Double)?]
    private var contentHeights: [[Double: Double]]

    /// An empty cache for `count` boxes.
    init(count: Int, isEnabled: Bool) {
        self.isEnabled = isEnabled
        slots = Array(repeating: Slots(), count: isEnabled ? count : 0)
        laterMeasurements = Array(repeating: [], count: isEnabled ? count : 0)
        contentWidths = Array(repeating: nil, count: isEnabled ? count : 0)
        contentHeights = Array(repeating: [:], count: isEnabled ? count : 0)
    }

    /// The size `box` took when last laid out under `request`.
    func finalLayout(_ box: Int, _ request: Request) -> Size? {
        guard isEnabled, let last = slots[box].finalLayout, last.request == request else { return nil }
        return last.size
    }

    /// The size `box` was measured at under `request`.
    func measurement(_ box: Int, _ request: Request) -> Size? {
        guard isEnabled else { return nil }
        if let first = slots[box].firstMeasurement, first.request == request { return first.size }
        return laterMeasurements[box].first { $0.request == request }?.size
    }

    mutating func storeFinalLayout(_ box: Int, _ request: Request, _ size: Size) {
        guard isEnabled else { return }
        slots[box].finalLayout = Entry(request: request, size: size)
    }

    mutating func storeMeasurement(_ box: Int, _ request: Request, _ size: Size) {
        guard isEnabled else { return }
        if slots[box].firstMeasurement == nil {
            slots[box].firstMeasurement = Entry(request: request, size: size)
        } else {
            if laterMeasurements[box].count == Self.measurementsKept - 1 { laterMeasurements[box].removeFirst() }
            laterMeasurements[box].append(Entry(request: request, size: size))
        }
    }

    /// Forgets the final layout of `box`, which `display: none` made zero.
    mutating func forgetFinalLayout(_ box: Int) {
        guard isEnabled else { return }
        slots[box].finalLayout = nil
    }

    /// The max-content width of a box that keeps its content size, once known.
    func contentWidth(_ box: Int) -> Double? { isEnabled ? slots[box].contentWidth : nil }

    /// The max-content height of a box that keeps its content size, once known.
    func contentHeight(_ box: Int) -> Double? { isEnabled ? slots[box].contentHeight : nil }

    mutating func storeContentSize(_ box: Int, width: Double?, height: Double?) {
        guard isEnabled else { return }
        if let width { slots[box].contentWidth = width }
        if let height { slots[box].contentHeight = height }
    }

    /// A leaf's min- and max-content widths, asked of `content` once.
    mutating func contentWidthRange(_ box: Int, of content: any MeasuredContent) -> (min: Double, max: Double) {
        if isEnabled, let known = contentWidths[box] { return known }
        let range = (min: content.minContentWidth, max: max(content.minContentWidth, content.maxContentWidth))
        if isEnabled { contentWidths[box] = range }
        return range
    }

    /// A leaf's height at `width`, asked of `content` once per width.
    mutating func contentHeight(_ box: Int, of content: any MeasuredContent, atWidth width: Double) -> Double {
        if isEnabled, let known = contentHeights[box][width] { return known }
        let height = content.height(atWidth: width)
        if isEnabled { contentHeights[box][width] = height }
        return height
    }
}
