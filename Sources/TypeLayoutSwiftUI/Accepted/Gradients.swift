import Foundation
import TypeLayout

/// Colours along a line, as SwiftUI's `Gradient`.
nonisolated public struct Gradient: Hashable, Sendable {
    /// A colour at a place along the gradient, from 0 to 1.
    public struct Stop: Hashable, Sendable {
        /// The colour.
        public var color: Color
        /// Where the colour is, from 0 (start) to 1 (end).
        public var location: CGFloat

        /// A stop of `color` at `location`.
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The stops, start to end.
    public var stops: [Stop]

    /// A gradient through `colors`, spaced evenly.
    public init(colors: [Color]) {
        let last = CGFloat(max(1, colors.count - 1))
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / last) }
    }

    /// A gradient through `stops`.
    public init(stops: [Stop]) { self.stops = stops }

    /// The colour a gradient is drawn in here: the mean of its stops' colours (our approximation,
    /// as the renderer fills shapes with one colour). No stops: clear.
    var meanColor: Color {
        guard !stops.isEmpty else { return .clear }
        func mean(_ component: (TypeLayout.Color) -> UInt8) -> UInt8 {
            UInt8((Double(stops.reduce(0) { $0 + Int(component($1.color.rgba)) }) / Double(stops.count)).rounded())
        }
        return Color(TypeLayout.Color(red: mean(\.red), green: mean(\.green), blue: mean(\.blue), alpha: mean(\.alpha)))
    }
}

/// A linear gradient, as SwiftUI's `LinearGradient`: a view that fills the space it is offered
/// and a style shapes are filled with. Drawn in the mean of its colours (see ``Gradient``).
nonisolated public struct LinearGradient: View, ShapeStyle {
    /// The body of a primitive view.
    public typealias Body = Never
    /// The gradient's colours.
    public var gradient: Gradient
    /// Where the gradient starts, in the filled area's unit square.
    public var startPoint: UnitPoint
    /// Where the gradient ends.
    public var endPoint: UnitPoint

    /// A gradient from `startPoint` to `endPoint`.
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        self.gradient = gradient
        self.startPoint = startPoint
        self.endPoint = endPoint
    }

    /// A gradient through `colors`, spaced evenly, from `startPoint` to `endPoint`.
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// A gradient through `stops` from `startPoint` to `endPoint`.
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }
}

extension LinearGradient: PrimitiveView {
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [ShapeNode(kind: .rectangle, fill: gradient.meanColor, stroke: nil)]
    }
}
