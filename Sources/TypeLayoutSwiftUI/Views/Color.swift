import Foundation
import TypeLayout

/// A colour, as SwiftUI's `Color`: a view that fills the space it is offered, and a style
/// shapes and text are drawn in. The system colours are iOS's light-appearance values.
nonisolated public struct Color: View, ShapeStyle, Hashable, Sendable, CustomStringConvertible {
    /// The body of a primitive view.
    public typealias Body = Never
    let rgba: TypeLayout.Color

    init(_ rgba: TypeLayout.Color) { self.rgba = rgba }

    private init(_ red: UInt8, _ green: UInt8, _ blue: UInt8, _ alpha: UInt8 = 255) {
        rgba = TypeLayout.Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A colour from components from 0 to 1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        rgba = TypeLayout.Color(red: Self.byte(red), green: Self.byte(green), blue: Self.byte(blue), alpha: Self.byte(opacity))
    }

    /// A grey from 0 (black) to 1 (white).
    public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A colour from an asset catalog: there is none here, so a mid grey stands for it.
    public init(_ name: String) {
        self.init(142, 142, 147)
    }

    private static func byte(_ component: Double) -> UInt8 {
        guard component.isFinite else { return 0 }
        return UInt8((min(1, max(0, component)) * 255).rounded())
    }

    /// The colour at `opacity` times its alpha.
    public func opacity(_ opacity: Double) -> Color {
        Color(TypeLayout.Color(red: rgba.red, green: rgba.green, blue: rgba.blue,
                               alpha: UInt8((Double(rgba.alpha) * min(1, max(0, opacity.isFinite ? opacity : 0))).rounded())))
    }

    /// The colour as `#rrggbbaa`.
    public var description: String { rgba.description }

    /// Black in the light appearance.
    public static let primary = Color(0, 0, 0)
    /// The secondary label colour: grey at 60 %.
    public static let secondary = Color(60, 60, 67, 153)
    /// The app's accent colour: iOS's default blue.
    public static let accentColor = Color(0, 122, 255)
    /// Black.
    public static let black = Color(0, 0, 0)
    /// White.
    public static let white = Color(255, 255, 255)
    /// Transparent.
    public static let clear = Color(0, 0, 0, 0)
    /// System red.
    public static let red = Color(255, 59, 48)
    /// System orange.
    public static let orange = Color(255, 149, 0)
    /// System yellow.
    public static let yellow = Color(255, 204, 0)
    /// System green.
    public static let green = Color(52, 199, 89)
    /// System mint.
    public static let mint = Color(0, 199, 190)
    /// System teal.
    public static let teal = Color(48, 176, 199)
    /// System cyan.
    public static let cyan = Color(50, 173, 230)
    /// System blue.
    public static let blue = Color(0, 122, 255)
    /// System indigo.
    public static let indigo = Color(88, 86, 214)
    /// System purple.
    public static let purple = Color(175, 82, 222)
    /// System pink.
    public static let pink = Color(255, 45, 85)
    /// System brown.
    public static let brown = Color(162, 132, 94)
    /// System grey.
    public static let gray = Color(142, 142, 147)
}

extension Color: PrimitiveView {
    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        [ShapeNode(kind: .rectangle, fill: self, stroke: nil)]
    }
}

/// A colour or style shapes and text are drawn in.
public protocol ShapeStyle: Sendable {}

extension ShapeStyle {
    /// The colour this style draws with where it is set (`nil`: the environment's foreground).
    var resolvedColor: Color? {
        switch self {
        case let color as Color: return color
        case let style as HierarchicalShapeStyle: return style.color
        case let gradient as LinearGradient: return gradient.gradient.meanColor
        case let material as Material: return material.color
        default: return nil
        }
    }
}

/// The foreground style of the environment (``View/foregroundStyle(_:)``; black by default).
nonisolated public struct ForegroundStyle: ShapeStyle {
    /// The foreground style.
    public init() {}
}

/// The levels of the foreground: primary, secondary and fainter.
nonisolated public struct HierarchicalShapeStyle: ShapeStyle {
    let color: Color
    /// The first level: black.
    public static let primary = HierarchicalShapeStyle(color: .primary)
    /// The second level: the secondary label colour.
    public static let secondary = HierarchicalShapeStyle(color: .secondary)
    /// The third level.
    public static let tertiary = HierarchicalShapeStyle(color: Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.3))
    /// The fourth level.
    public static let quaternary = HierarchicalShapeStyle(color: Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.18))
}

/// The environment's tint (`.tint(_:)`, else the accent colour), as SwiftUI's `TintShapeStyle`:
/// resolved where it is drawn.
nonisolated public struct TintShapeStyle: ShapeStyle {
    /// The tint style.
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    /// The environment's tint.
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The environment's foreground style.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    /// The first level of the foreground.
    public static var primary: HierarchicalShapeStyle { .primary }
    /// The second level of the foreground.
    public static var secondary: HierarchicalShapeStyle { .secondary }
    /// The third level of the foreground.
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    /// The fourth level of the foreground.
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == Color {
    /// Black.
    public static var black: Color { Color.black }
    /// White.
    public static var white: Color { Color.white }
    /// Transparent.
    public static var clear: Color { Color.clear }
    /// System red.
    public static var red: Color { Color.red }
    /// System orange.
    public static var orange: Color { Color.orange }
    /// System yellow.
    public static var yellow: Color { Color.yellow }
    /// System green.
    public static var green: Color { Color.green }
    /// System mint.
    public static var mint: Color { Color.mint }
    /// System teal.
    public static var teal: Color { Color.teal }
    /// System cyan.
    public static var cyan: Color { Color.cyan }
    /// System blue.
    public static var blue: Color { Color.blue }
    /// System indigo.
    public static var indigo: Color { Color.indigo }
    /// System purple.
    public static var purple: Color { Color.purple }
    /// System pink.
    public static var pink: Color { Color.pink }
    /// System brown.
    public static var brown: Color { Color.brown }
    /// System grey.
    public static var gray: Color { Color.gray }
    /// The app's accent colour.
    public static var accentColor: Color { Color.accentColor }
}
