import Foundation
import TypeLayoutScreens

/// A 2D shape, as SwiftUI's `Shape`: a view that takes the whole space it is offered (10 × 10
/// when the proposal is unspecified) and is drawn filled with the foreground style.
///
/// This module's shapes are drawn exactly; a shape of your own is drawn as its path's
/// bounding rectangle.
public protocol Shape: View, Sendable {
    /// The shape's outline in `rect`.
    func path(in rect: CGRect) -> Path

    /// What TypeLayoutSwiftUI draws for the shape; not for use in apps. A requirement, so
    /// that a shape of this module is told from another by its type, not by a cast of every
    /// shape drawn.
    @MainActor var _drawnShape: _DrawnShape { get }
}

/// What a shape is drawn as, from ``Shape/_drawnShape``; not for use in apps.
public struct _DrawnShape {
    let kind: ShapeKind
}

extension Shape {
    /// The shape filled with the foreground style.
    public var body: _ShapeView<Self, ForegroundStyle> { _ShapeView(shape: self, style: ForegroundStyle(), stroke: nil) }

    /// The shape filled with `content`.
    public func fill<S: ShapeStyle>(_ content: S = ForegroundStyle(), style: FillStyle = FillStyle()) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, stroke: nil)
    }

    /// The shape's outline in `content`, `lineWidth` wide, centred on the edge.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, stroke: (lineWidth, inside: false))
    }

    /// The shape's outline in the foreground style, `lineWidth` wide, centred on the edge.
    public func stroke(lineWidth: CGFloat = 1) -> _ShapeView<Self, ForegroundStyle> {
        stroke(ForegroundStyle(), lineWidth: lineWidth)
    }

    /// The shape's outline in `content`, `lineWidth` wide, inside the edge.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, stroke: (lineWidth, inside: true))
    }

    /// A shape of your own: drawn as its path.
    @MainActor public var _drawnShape: _DrawnShape { _DrawnShape(kind: .path(self)) }

    /// What this module draws for the shape.
    @MainActor var kind: ShapeKind { _drawnShape.kind }
}

/// A shape drawn in a style: what `fill` and `stroke` make.
nonisolated public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View, PrimitiveView {
    /// The body of a primitive view.
    public typealias Body = Never
    let shape: Content
    let style: Style
    let stroke: (lineWidth: CGFloat, inside: Bool)?

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        let color = (style is TintShapeStyle ? context.environment.resolvedTint : style.resolvedColor)
            ?? context.environment.foregroundColor ?? .primary
        guard let stroke else { return [ShapeNode(kind: shape.kind, fill: color, stroke: nil)] }
        let width = stroke.lineWidth.isFinite ? max(0, stroke.lineWidth) : 0
        return [ShapeNode(kind: shape.kind, fill: nil, stroke: (color, width, stroke.inside))]
    }
}

/// How a path is filled.
nonisolated public struct FillStyle: Hashable, Sendable {
    /// Whether the even-odd rule fills (else non-zero winding).
    public var isEOFilled: Bool
    /// Whether edges are antialiased.
    public var isAntialiased: Bool

    /// A fill style.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The shapes this module draws as they are.
enum ShapeKind {
    case rectangle
    case roundedRectangle(CGFloat)
    case capsule
    case circle
    case ellipse
    case path(any Shape)

    /// The corner radius the box renderer draws the shape with in a frame of `size`.
    func cornerRadius(in size: CGSize) -> Double {
        switch self {
        case .rectangle, .path: return 0
        case .roundedRectangle(let radius): return Double(min(radius, min(size.width, size.height) / 2))
        case .capsule, .circle, .ellipse: return Double(min(size.width, size.height) / 2)
        }
    }
}

protocol BuiltInShape: Shape {
    @MainActor var builtInKind: ShapeKind { get }
}

extension BuiltInShape {
    /// A shape of this module: drawn as what it is.
    @MainActor public var _drawnShape: _DrawnShape { _DrawnShape(kind: builtInKind) }
}

/// A rectangle.
nonisolated public struct Rectangle: Shape, BuiltInShape {
    /// A rectangle.
    public init() {}
    /// The frame.
    public func path(in rect: CGRect) -> Path { Path(rect) }
    @MainActor var builtInKind: ShapeKind { .rectangle }
}

/// A rectangle with rounded corners.
nonisolated public struct RoundedRectangle: Shape, BuiltInShape {
    /// The corners' radius.
    public var cornerSize: CGSize

    /// A rounded rectangle with corners of `cornerRadius`.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
    }

    /// A rounded rectangle with corners of `cornerSize`.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
    }

    /// The frame.
    public func path(in rect: CGRect) -> Path { Path(roundedRect: rect, cornerSize: cornerSize) }
    @MainActor var builtInKind: ShapeKind { .roundedRectangle(min(cornerSize.width, cornerSize.height)) }
}

/// How rounded corners curve (drawn as circular arcs here).
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter circles.
    case circular
    /// Apple's continuous curve.
    case continuous
}

/// A rectangle with fully rounded ends.
nonisolated public struct Capsule: Shape, BuiltInShape {
    /// A capsule.
    public init(style: RoundedCornerStyle = .continuous) {}
    /// The frame, its ends rounded.
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerSize: CGSize(width: min(rect.width, rect.height) / 2, height: min(rect.width, rect.height) / 2))
    }
    @MainActor var builtInKind: ShapeKind { .capsule }
}

/// A circle centred in the frame, as wide as the frame's shorter side.
nonisolated public struct Circle: Shape, BuiltInShape {
    /// A circle.
    public init() {}
    /// The centred square's inscribed circle.
    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
    @MainActor var builtInKind: ShapeKind { .circle }
}

/// An ellipse filling the frame (drawn as a capsule here).
nonisolated public struct Ellipse: Shape, BuiltInShape {
    /// An ellipse.
    public init() {}
    /// The frame's inscribed ellipse.
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect) }
    @MainActor var builtInKind: ShapeKind { .ellipse }
}

/// A shape's outline; only its bounding rectangle is drawn here.
nonisolated public struct Path: Sendable, Equatable {
    /// The smallest rectangle holding every point added.
    public private(set) var boundingRect: CGRect = .null

    /// An empty path.
    public init() {}
    /// A rectangle.
    public init(_ rect: CGRect) { addRect(rect) }
    /// A rounded rectangle.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { addRect(rect) }
    /// A rounded rectangle.
    public init(roundedRect rect: CGRect, cornerSize: CGSize) { addRect(rect) }
    /// An ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addRect(rect) }
    /// A path built by `callback`.
    public init(_ callback: (inout Path) -> Void) { callback(&self) }

    /// Whether nothing was added.
    public var isEmpty: Bool { boundingRect.isNull }

    private mutating func include(_ point: CGPoint) {
        boundingRect = boundingRect.union(CGRect(origin: point, size: .zero))
    }

    /// Starts a subpath at `point`.
    public mutating func move(to point: CGPoint) { include(point) }
    /// A line to `point`.
    public mutating func addLine(to point: CGPoint) { include(point) }
    /// Lines through `points`.
    public mutating func addLines(_ points: [CGPoint]) { points.forEach { include($0) } }
    /// A quadratic curve to `point`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) { include(point); include(control) }
    /// A cubic curve to `point`.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        include(point); include(control1); include(control2)
    }
    /// A rectangle.
    public mutating func addRect(_ rect: CGRect) { boundingRect = boundingRect.union(rect) }
    /// An ellipse inscribed in `rect`.
    public mutating func addEllipse(in rect: CGRect) { addRect(rect) }
    /// A rounded rectangle.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize) { addRect(rect) }
    /// Closes the current subpath.
    public mutating func closeSubpath() {}
}

/// A shape or a colour: it takes the whole proposal (10 points where there is none) and is
/// drawn filled or outlined.
final class ShapeNode: LayoutNode {
    let shape: ShapeKind
    let fill: Color?
    let stroke: (color: Color, width: CGFloat, inside: Bool)?

    init(kind: ShapeKind, fill: Color?, stroke: (color: Color, width: CGFloat, inside: Bool)?) {
        self.shape = kind
        self.fill = fill
        self.stroke = stroke
        super.init()
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { proposal.replacingUnspecifiedDimensions() }

    override var drawnFrame: CGRect {
        var rect = frame
        switch shape {
        case .circle:
            let side = min(rect.width, rect.height)
            rect = CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        case .path(let shape):
            let bounds = shape.path(in: rect).boundingRect
            rect = bounds.isNull ? CGRect(origin: rect.origin, size: .zero) : bounds
        default:
            break
        }
        // A stroke is centred on the edge: half of it lies outside.
        if let stroke, !stroke.inside { rect = rect.insetBy(dx: -stroke.width / 2, dy: -stroke.width / 2) }
        return rect
    }

    override var mayPaint: Bool { true }

    override func paint(_ style: inout BoxStyle) {
        style.borderRadius = shape.cornerRadius(in: drawnFrame.size)
        style.backgroundColor = fill?.rgba
        if let stroke {
            style.borderWidth = Edges(all: Double(stroke.width))
            style.borderColor = stroke.color.rgba
        }
    }
}
