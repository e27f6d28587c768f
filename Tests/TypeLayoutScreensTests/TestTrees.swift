@testable import TypeLayoutScreens

/// A style from React Native's defaults with `configure` applied.
func style(_ configure: (inout BoxStyle) -> Void) -> BoxStyle {
    var style = BoxStyle()
    configure(&style)
    return style
}

/// A fixed-size box's style.
func fixed(_ width: Double, _ height: Double, _ configure: (inout BoxStyle) -> Void = { _ in }) -> BoxStyle {
    style {
        $0.width = .points(width)
        $0.height = .points(height)
        configure(&$0)
    }
}

extension BoxLayout {
    /// The frame of `box` relative to its parent; a zero rectangle marks a box missing from
    /// the layout, which the comparisons then report.
    func frame(_ box: BoxID) -> BoxRect {
        self[box]?.frame ?? BoxRect(x: .nan, y: .nan, width: .nan, height: .nan)
    }
}

/// Shorthand for expected frames.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> BoxRect {
    BoxRect(x: x, y: y, width: width, height: height)
}
