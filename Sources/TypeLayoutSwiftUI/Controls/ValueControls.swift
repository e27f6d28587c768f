import Foundation
import TypeLayout

/// A control drawn from shapes at fixed places in its frame: a switch's knob, a slider's
/// thumb, a spinner's spokes. Its size is a rule of the proposal; each part's rectangle a
/// rule of the frame.
final class DrawingNode: LayoutNode {
    struct Part {
        var node: LayoutNode
        var rect: (CGRect) -> CGRect
    }

    let sizing: (ProposedViewSize) -> CGSize
    let rects: [(CGRect) -> CGRect]

    init(sizing: @escaping (ProposedViewSize) -> CGSize, parts: [Part]) {
        self.sizing = sizing
        rects = parts.map(\.rect)
        super.init(children: parts.map(\.node))
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize { sizing(proposal) }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        for (child, rect) in zip(children, rects) {
            let frame = rect(bounds)
            child.place(in: frame, proposal: ProposedViewSize(frame.size))
        }
    }
}

/// A filled shape as a drawing's part.
@MainActor
func part(_ kind: ShapeKind, _ color: Color, _ rect: @escaping (CGRect) -> CGRect) -> DrawingNode.Part {
    DrawingNode.Part(node: ShapeNode(kind: kind, fill: color, stroke: nil), rect: rect)
}

/// A drawing as a view.
struct Drawing: View, PrimitiveView {
    typealias Body = Never
    let make: @MainActor () -> DrawingNode

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] { [make()] }
}

/// A control that steps a value up and down, as SwiftUI's `Stepper`: its label, then iOS's
/// minus/plus control of 94 × 32 points (UIStepper's size, fixed).
nonisolated public struct Stepper<Label: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let label: Label

    /// A stepper that calls `onIncrement` and `onDecrement`.
    public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.label = label()
    }

    /// A stepper of `value` within `bounds`, `step` at a time.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    /// A stepper of `value`, `step` at a time.
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in },
                               @ViewBuilder label: () -> Label) {
        self.label = label()
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let environment = context.environment
        let glyph = environment.isEnabled ? Color.primary : SystemColor.disabled
        let control = Drawing {
            DrawingNode(sizing: { _ in CGSize(width: 94, height: 32) }, parts: [
                part(.roundedRectangle(8), SystemColor.tertiaryFill) { $0 },
                part(.rectangle, SystemColor.separator) { CGRect(x: $0.midX - 0.5, y: $0.minY + 8, width: 1, height: 16) },
                // The minus, and the plus as two bars, 14 points wide.
                part(.rectangle, glyph) { CGRect(x: $0.minX + 16.5, y: $0.midY - 1, width: 14, height: 2) },
                part(.rectangle, glyph) { CGRect(x: $0.maxX - 30.5, y: $0.midY - 1, width: 14, height: 2) },
                part(.rectangle, glyph) { CGRect(x: $0.maxX - 24.5, y: $0.midY - 7, width: 2, height: 14) },
            ])
        }
        if environment.labelsHidden { return control }
        return HStack(spacing: 8) {
            label.frame(maxWidth: .infinity, alignment: .leading)
            control
        }
    }
}

extension Stepper where Label == Text {
    /// A stepper titled with a localized string key, of `value` within `bounds`.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, in: bounds, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }

    /// A stepper titled with a localized string key, of `value`.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(value: value, step: step, onEditingChanged: onEditingChanged) { Text(titleKey) }
    }

    /// A stepper titled with a localized string key that calls `onIncrement` and `onDecrement`.
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {
        self.init(label: { Text(titleKey) }, onIncrement: onIncrement, onDecrement: onDecrement, onEditingChanged: onEditingChanged)
    }
}

/// A control that picks a value from a range by dragging, as SwiftUI's `Slider`: a 4-point
/// track as wide as it is offered, filled with the tint up to the value, and a white 28-point
/// thumb (UISlider's, fixed), with its minimum and maximum labels at the ends.
nonisolated public struct Slider<Label: View, ValueLabel: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let fraction: CGFloat
    let label: Label
    let minimumValueLabel: ValueLabel?
    let maximumValueLabel: ValueLabel?

    /// A slider of `value` within `bounds` with a label and labels for its ends.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 1,
                                        @ViewBuilder label: () -> Label, @ViewBuilder minimumValueLabel: () -> ValueLabel,
                                        @ViewBuilder maximumValueLabel: () -> ValueLabel,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        fraction = Self.fraction(value.wrappedValue, bounds)
        self.label = label()
        self.minimumValueLabel = minimumValueLabel()
        self.maximumValueLabel = maximumValueLabel()
    }

    init<V: BinaryFloatingPoint>(fractionOf value: V, in bounds: ClosedRange<V>, label: Label) {
        fraction = Self.fraction(value, bounds)
        self.label = label
        minimumValueLabel = nil
        maximumValueLabel = nil
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V, _ bounds: ClosedRange<V>) -> CGFloat {
        let span = bounds.upperBound - bounds.lowerBound
        guard span > 0, value.isFinite else { return 0 }
        return CGFloat(min(1, max(0, (value - bounds.lowerBound) / span)))
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let environment = context.environment
        let fill = environment.isEnabled ? environment.resolvedTint : SystemColor.tertiaryLabel
        let fraction = self.fraction
        let thumb: CGFloat = 28
        let track = Drawing {
            DrawingNode(sizing: { proposal in
                // As wide as offered; unproposed, a default length (our approximation).
                CGSize(width: max(thumb, proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 200), height: thumb)
            }, parts: [
                part(.capsule, SystemColor.track) { CGRect(x: $0.minX, y: $0.midY - 2, width: $0.width, height: 4) },
                part(.capsule, fill) { CGRect(x: $0.minX, y: $0.midY - 2, width: thumb / 2 + ($0.width - thumb) * fraction, height: 4) },
                part(.circle, SystemColor.separator) {
                    CGRect(x: $0.minX + ($0.width - thumb) * fraction - 0.5, y: $0.midY - thumb / 2 - 0.5, width: thumb + 1, height: thumb + 1)
                },
                part(.circle, .white) { CGRect(x: $0.minX + ($0.width - thumb) * fraction, y: $0.midY - thumb / 2, width: thumb, height: thumb) },
            ])
        }
        return HStack(spacing: 8) {
            minimumValueLabel
            track
            maximumValueLabel
        }
    }
}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    /// A slider of `value` within `bounds`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fractionOf: value.wrappedValue, in: bounds, label: EmptyView())
    }

    /// A slider of `value` within `bounds`, moving by `step`.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fractionOf: value.wrappedValue, in: bounds, label: EmptyView())
    }
}

extension Slider where ValueLabel == EmptyView {
    /// A slider of `value` within `bounds` with a label (which iOS does not show).
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in }) where V.Stride: BinaryFloatingPoint {
        self.init(fractionOf: value.wrappedValue, in: bounds, label: label())
    }
}

/// Progress, as SwiftUI's `ProgressView`: a bar of 4 points filled with the tint when it has a
/// value (UIProgressView's), else a spinner of 20 points (37 at `.large`, UIActivityIndicator's
/// sizes); its label above the bar or under the spinner.
nonisolated public struct ProgressView<Label: View, CurrentValueLabel: View>: View, ComposedControl {
    /// The body of a primitive view.
    public typealias Body = Never
    let fraction: CGFloat?
    let label: Label?

    init(fraction: CGFloat?, label: Label?) {
        self.fraction = fraction.map { $0.isFinite ? min(1, max(0, $0)) : 0 }
        self.label = label
    }

    @MainActor func composed(_ context: ResolveContext) throws -> any View {
        let environment = context.environment
        guard let fraction else {
            let side: CGFloat = environment.controlSize == .large || environment.controlSize == .extraLarge ? 37 : 20
            let spinner = Drawing { spinnerNode(side: side) }
            return VStack(spacing: 8) {
                spinner
                label.foregroundColor(.secondary)
            }
        }
        let tint = environment.resolvedTint
        let bar = Drawing {
            DrawingNode(sizing: { proposal in CGSize(width: proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? 200, height: 4) }, parts: [
                part(.capsule, SystemColor.track) { $0 },
                part(.capsule, tint) { CGRect(x: $0.minX, y: $0.minY, width: $0.width * fraction, height: $0.height) },
            ])
        }
        return VStack(alignment: .leading, spacing: 8) {
            label
            bar
        }
    }
}

/// A spinner: eight spokes round the centre, fading (drawn with spokes on the axes and dots on
/// the diagonals, as the renderer draws rounded rectangles only).
@MainActor
private func spinnerNode(side: CGFloat) -> DrawingNode {
    let spoke = side * 0.3, width = max(2, side * 0.1)
    let shades: [Double] = [1, 0.85, 0.7, 0.55, 0.45, 0.35, 0.3, 0.25]
    var parts: [DrawingNode.Part] = []
    for index in 0..<8 {
        let angle = Double(index) * .pi / 4
        let color = Color(red: 0.24, green: 0.24, blue: 0.26, opacity: 0.8 * shades[index])
        let reach = (side / 2 - spoke / 2)
        let dx = CGFloat(sin(angle)) * reach, dy = -CGFloat(cos(angle)) * reach
        let vertical = index % 4 == 0, horizontal = index % 4 == 2
        let size = vertical ? CGSize(width: width, height: spoke) : horizontal ? CGSize(width: spoke, height: width)
            : CGSize(width: width * 1.6, height: width * 1.6)
        parts.append(part(.capsule, color) {
            CGRect(x: $0.midX + dx - size.width / 2, y: $0.midY + dy - size.height / 2, width: size.width, height: size.height)
        })
    }
    return DrawingNode(sizing: { _ in CGSize(width: side, height: side) }, parts: parts)
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A spinner.
    public init() { self.init(fraction: nil, label: nil) }

    /// A bar at `value` of `total` (a spinner when `value` is `nil`).
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(fraction: value.map { total > 0 ? CGFloat($0 / total) : 0 }, label: nil)
    }
}

extension ProgressView where Label == Text, CurrentValueLabel == EmptyView {
    /// A spinner with a title under it.
    public init(_ titleKey: LocalizedStringKey) { self.init(fraction: nil, label: Text(titleKey)) }

    /// A bar at `value` of `total` with a title over it.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(fraction: value.map { total > 0 ? CGFloat($0 / total) : 0 }, label: Text(titleKey))
    }
}

extension ProgressView where CurrentValueLabel == EmptyView {
    /// A spinner with a label under it.
    public init(@ViewBuilder label: () -> Label) { self.init(fraction: nil, label: label()) }

    /// A bar at `value` of `total` with a label over it.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(fraction: value.map { total > 0 ? CGFloat($0 / total) : 0 }, label: label())
    }
}
