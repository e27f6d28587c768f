import Foundation
import TypeLayout

/// Bold Text: TypeLayout's own type.
public typealias LegibilityWeight = TypeLayout.LegibilityWeight

/// The content size categories: TypeLayout's own type, with UIKit's and SwiftUI's names.
public typealias ContentSizeCategory = TypeLayout.ContentSizeCategory

extension EnvironmentValues {
    /// The content size category of ``dynamicTypeSize`` (SwiftUI's older name for it).
    public var sizeCategory: ContentSizeCategory {
        get { dynamicTypeSize.contentSizeCategory }
        set { dynamicTypeSize = DynamicTypeSize(newValue) ?? .large }
    }
}

extension View {
    /// This view and the views inside it at the Dynamic Type size `size`, limited by any
    /// range set around it.
    public consuming func dynamicTypeSize(_ size: DynamicTypeSize) -> some View {
        modifier(_DynamicTypeSizeModifier(range: nil, size: size))
    }

    /// This view and the views inside it at the Dynamic Type size around them clamped to
    /// `range`; nested ranges intersect.
    public consuming func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize {
        let all = DynamicTypeSize.xSmall...DynamicTypeSize.accessibility5
        let lower = DynamicTypeSize.allCases.first { range.contains($0) } ?? all.lowerBound
        let upper = DynamicTypeSize.allCases.last { range.contains($0) } ?? all.upperBound
        return modifier(_DynamicTypeSizeModifier(range: lower...upper, size: nil))
    }
}

/// `.dynamicTypeSize`: a size, or a range the size around is clamped to.
public struct _DynamicTypeSizeModifier: ViewModifier, EnvironmentModifier {
    /// The body of a primitive modifier.
    public typealias Body = Never
    let range: ClosedRange<DynamicTypeSize>?
    let size: DynamicTypeSize?

    @MainActor func modify(_ environment: inout EnvironmentValues) {
        if let range {
            let current = environment.dynamicTypeSizeRange
            // Ranges that don't overlap leave the inner one's nearest end.
            let lower = min(max(current.lowerBound, range.lowerBound), current.upperBound)
            let upper = max(min(current.upperBound, range.upperBound), lower)
            environment.dynamicTypeSizeRange = lower...upper
        }
        let wanted = size ?? environment.dynamicTypeSize
        environment.dynamicTypeSize = wanted.clamped(to: environment.dynamicTypeSizeRange)
    }
}

/// A length that scales with Dynamic Type as a text style does, as SwiftUI's `@ScaledMetric`
/// (the style's ratio at the environment's size, rounded to pixels, through TypeLayout's
/// `ScaledMetric`).
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    private let baseValue: Value
    private let textStyle: Font.TextStyle
    private let box = ScaledValueBox()

    /// A metric of `wrappedValue` at the large size that scales like `textStyle`.
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) {
        baseValue = wrappedValue
        self.textStyle = textStyle
    }

    /// A metric of `wrappedValue` at the large size that scales like body.
    public init(wrappedValue: Value) {
        self.init(wrappedValue: wrappedValue, relativeTo: .body)
    }

    /// The value at the environment's Dynamic Type size (the base value outside a body, or
    /// when it can't be scaled).
    public var wrappedValue: Value {
        box.value.map { Value($0) } ?? baseValue
    }
}

extension ScaledMetric: EnvironmentReading {
    /// Scales the value once for the environment (a body may read it many times).
    @MainActor func install(_ values: EnvironmentValues) {
        box.value = scaledMetricValue(Double(baseValue), relativeTo: textStyle.typeLayoutStyle, in: values)
    }
}

/// `value` points at the large size scaled as `style` scales at the environment's size (as
/// `@ScaledMetric` scales it), `nil` when it can't be; each value is worked out once (the
/// scale of a text style is a tenth of a millisecond's work, and every row of a list asks).
@MainActor
func scaledMetricValue(_ value: Double, relativeTo style: TypeLayout.TextStyle, in environment: EnvironmentValues) -> Double? {
    scaledMetricValue(value, relativeTo: style, at: environment.dynamicTypeSize.contentSizeCategory,
                      displayScale: environment.displayScale, scalingMode: environment.scalingMode)
}

/// `value` scaled as `style` scales at `category` (for a node that reads its category when
/// measured), `nil` when it can't be.
@MainActor
func scaledMetricValue(_ value: Double, relativeTo style: TypeLayout.TextStyle, at category: ContentSizeCategory,
                       displayScale: CGFloat, scalingMode: ScalingMode) -> Double? {
    let key = ScaledMetricKey(value: value, style: style, category: category, displayScale: displayScale, scalingMode: scalingMode)
    if let known = scaledMetricValues[key] { return known }
    let metric = TypeLayout.ScaledMetric(wrappedValue: value, relativeTo: style)
    let result = try? metric.value(at: key.category, displayScale: key.displayScale, scalingMode: key.scalingMode)
    if scaledMetricValues.count >= 4_096 { scaledMetricValues.removeAll(keepingCapacity: true) }
    scaledMetricValues[key] = .some(result)
    return result
}

/// What a scaled metric's value depends on.
private struct ScaledMetricKey: Hashable {
    let value: Double
    let style: TypeLayout.TextStyle
    let category: ContentSizeCategory
    let displayScale: CGFloat
    let scalingMode: ScalingMode
}

/// The scaled values worked out so far: a pure function's answers, as the tables of view types
/// are (nothing a layout sets is kept).
@MainActor private var scaledMetricValues: [ScaledMetricKey: Double?] = [:]

/// A scaled metric's value in the environment its view's body is read in, shared by the view's
/// copies.
final class ScaledValueBox {
    var value: Double?
}
