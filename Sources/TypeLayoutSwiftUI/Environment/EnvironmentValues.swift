import Foundation
import TypeLayout

/// SwiftUI's Dynamic Type sizes: TypeLayout's own type, one to one with the content size
/// categories.
public typealias DynamicTypeSize = TypeLayout.DynamicTypeSize

/// A key for a value of your own in ``EnvironmentValues``.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value where no view set one.
    static var defaultValue: Value { get }
}

/// The values views read with ``Environment`` and set with ``View/environment(_:_:)``, passed
/// down the view tree as a value.
nonisolated public struct EnvironmentValues: CustomStringConvertible {
    /// The values, in one shared box: the environment is copied at every view resolved, and a
    /// copy of one reference is one retain where the fields were a dozen.
    private var storage = Storage(Fields())

    /// Every stored value.
    nonisolated private struct Fields {
        var custom: [ObjectIdentifier: Any] = [:]
        var dynamicTypeSize: DynamicTypeSize = .large
        var font: Font?
        var lineLimit: Int?
        var reservesLineLimitSpace: Bool = false
        var lineSpacing: CGFloat = 0
        var minimumScaleFactor: CGFloat = 1
        var allowsTightening: Bool = false
        var multilineTextAlignment: TextAlignment = .leading
        var truncationMode: Text.TruncationMode = .tail
        var layoutDirection: LayoutDirection = .leftToRight
        var locale: Locale = Locale(identifier: "en")
        var colorScheme: ColorScheme = .light
        var horizontalSizeClass: UserInterfaceSizeClass? = .compact
        var verticalSizeClass: UserInterfaceSizeClass? = .regular
        var legibilityWeight: LegibilityWeight?
        var displayScale: CGFloat = 3
        var imageScale: Image.Scale = .medium
        var dynamicTypeSizeRange: ClosedRange<DynamicTypeSize> = DynamicTypeSize.xSmall...DynamicTypeSize.accessibility5
        var scalingMode: ScalingMode = .metrics
        var foregroundSetting: ForegroundSetting = ForegroundSetting.color(nil)
        var fontWeight: Font.Weight?
        var isItalic: Bool = false
        var objects: [ObjectIdentifier: AnyObject] = [:]
        /// Where reads of the Dynamic Type size are noted (a hosting screen's layouts).
        var categoryReads: CategoryReadTracker?
        /// Whether the size is the layout's category, set at the root and by no view since.
        var dynamicTypeSizeIsLayouts = false
    }

    /// The box; never changed once made, so a write makes a new one.
    nonisolated private final class Storage {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    /// Changes one value in a new box.
    private mutating func update(_ change: (inout Fields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = Storage(fields)
    }

    private var custom: [ObjectIdentifier: Any] {
        get { storage.fields.custom }
        set { update { $0.custom = newValue } }
    }

    /// Defaults throughout: large type, left to right, English, light, compact width.
    public init() {}

    /// The value for a key of your own.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { custom[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { custom[ObjectIdentifier(key)] = newValue }
    }

    /// The Dynamic Type size the views are laid out at.
    public var dynamicTypeSize: DynamicTypeSize {
        get {
            // A read of the category: what is made from it may differ at another category.
            storage.fields.categoryReads?.noteRead()
            return storage.fields.dynamicTypeSize
        }
        set {
            update {
                $0.dynamicTypeSize = newValue
                $0.dynamicTypeSizeIsLayouts = false
            }
        }
    }

    /// The size a view set above this point (`.dynamicTypeSize(_:)`), or `nil` while the size
    /// is the layout's category: what a node measured at the category (``MeasuredCategory``:
    /// text, a value cell, a chevron) takes, reading the layout's when measured so that it can
    /// be kept for another category. Not a read of the category.
    var fixedDynamicTypeSize: DynamicTypeSize? {
        storage.fields.dynamicTypeSizeIsLayouts ? nil : storage.fields.dynamicTypeSize
    }

    /// Sets the size at the root to the layout's category.
    mutating func setLayoutDynamicTypeSize(_ size: DynamicTypeSize) {
        update {
            $0.dynamicTypeSize = size
            $0.dynamicTypeSizeIsLayouts = true
        }
    }

    /// Where reads of the Dynamic Type size are noted.
    var categoryReads: CategoryReadTracker? {
        get { storage.fields.categoryReads }
        set { update { $0.categoryReads = newValue } }
    }
    /// The font text uses where it sets none; `nil` is body.
    public var font: Font? {
        get { storage.fields.font }
        set { update { $0.font = newValue } }
    }
    /// The most lines text may take; `nil` for no limit.
    public var lineLimit: Int? {
        get { storage.fields.lineLimit }
        set { update { $0.lineLimit = newValue } }
    }
    /// Whether text keeps the height of ``lineLimit`` lines when it has fewer.
    var reservesLineLimitSpace: Bool {
        get { storage.fields.reservesLineLimitSpace }
        set { update { $0.reservesLineLimitSpace = newValue } }
    }
    /// Extra points between lines of text.
    public var lineSpacing: CGFloat {
        get { storage.fields.lineSpacing }
        set { update { $0.lineSpacing = newValue } }
    }
    /// How far text may shrink so that it isn't truncated.
    public var minimumScaleFactor: CGFloat {
        get { storage.fields.minimumScaleFactor }
        set { update { $0.minimumScaleFactor = newValue } }
    }
    /// Whether text may tighten its letters to fit (recorded, not applied here).
    public var allowsTightening: Bool {
        get { storage.fields.allowsTightening }
        set { update { $0.allowsTightening = newValue } }
    }
    /// How the lines of multi-line text align.
    public var multilineTextAlignment: TextAlignment {
        get { storage.fields.multilineTextAlignment }
        set { update { $0.multilineTextAlignment = newValue } }
    }
    /// Where text that doesn't fit is cut.
    public var truncationMode: Text.TruncationMode {
        get { storage.fields.truncationMode }
        set { update { $0.truncationMode = newValue } }
    }
    /// The writing direction.
    public var layoutDirection: LayoutDirection {
        get { storage.fields.layoutDirection }
        set { update { $0.layoutDirection = newValue } }
    }
    /// The locale text is shown in.
    public var locale: Locale {
        get { storage.fields.locale }
        set { update { $0.locale = newValue } }
    }
    /// Light or dark appearance.
    public var colorScheme: ColorScheme {
        get { storage.fields.colorScheme }
        set { update { $0.colorScheme = newValue } }
    }
    /// The width size class.
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { storage.fields.horizontalSizeClass }
        set { update { $0.horizontalSizeClass = newValue } }
    }
    /// The height size class.
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get { storage.fields.verticalSizeClass }
        set { update { $0.verticalSizeClass = newValue } }
    }
    /// Bold Text: `.bold` draws text a weight heavier; `nil` is regular.
    public var legibilityWeight: LegibilityWeight? {
        get { storage.fields.legibilityWeight }
        set { update { $0.legibilityWeight = newValue } }
    }
    /// Pixels per point of the screen.
    public var displayScale: CGFloat {
        get { storage.fields.displayScale }
        set { update { $0.displayScale = newValue } }
    }
    /// The size of symbols relative to the text around them.
    public var imageScale: Image.Scale {
        get { storage.fields.imageScale }
        set { update { $0.imageScale = newValue } }
    }
    /// The range `.dynamicTypeSize(_:)` with a range limits the size to.
    var dynamicTypeSizeRange: ClosedRange<DynamicTypeSize> {
        get { storage.fields.dynamicTypeSizeRange }
        set { update { $0.dynamicTypeSizeRange = newValue } }
    }
    /// How fonts scale (from the hosting screen's Dynamic Type context).
    var scalingMode: ScalingMode {
        get { storage.fields.scalingMode }
        set { update { $0.scalingMode = newValue } }
    }
    /// The colour text and shapes are drawn in where they set none; `nil` is `.primary`. After
    /// `.foregroundStyle(.tint)`, the tint where it is read (an inner `.tint` wins, as in SwiftUI).
    var foregroundColor: Color? {
        get {
            switch foregroundSetting {
            case .color(let color): color
            case .tint: resolvedTint
            }
        }
        set { foregroundSetting = .color(newValue) }
    }
    /// What `.foregroundColor`/`.foregroundStyle` set: a colour, or the tint.
    var foregroundSetting: ForegroundSetting {
        get { storage.fields.foregroundSetting }
        set { update { $0.foregroundSetting = newValue } }
    }
    /// A weight set on a view for the text inside it.
    var fontWeight: Font.Weight? {
        get { storage.fields.fontWeight }
        set { update { $0.fontWeight = newValue } }
    }
    /// Whether `.italic()` was set on a view for the text inside it.
    var isItalic: Bool {
        get { storage.fields.isItalic }
        set { update { $0.isItalic = newValue } }
    }
    /// The objects of `.environmentObject(_:)`, by type.
    var objects: [ObjectIdentifier: AnyObject] {
        get { storage.fields.objects }
        set { update { $0.objects = newValue } }
    }

    /// A short summary, for debugging.
    public var description: String {
        "EnvironmentValues(dynamicTypeSize: \(storage.fields.dynamicTypeSize), layoutDirection: \(layoutDirection), custom keys: \(custom.count))"
    }
}

/// The foreground of the environment: a colour (`nil`: `.primary`), or the tint, resolved where
/// it is drawn.
enum ForegroundSetting {
    case color(Color?)
    case tint
}

/// The direction text and horizontal stacks run in.
public enum LayoutDirection: Hashable, CaseIterable, Sendable {
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}

/// Light or dark appearance.
public enum ColorScheme: Hashable, CaseIterable, Sendable {
    /// Light.
    case light
    /// Dark.
    case dark
}

/// A size class: how much room there is along one axis.
public enum UserInterfaceSizeClass: Hashable, Sendable {
    /// Little room (an iPhone's width in portrait).
    case compact
    /// Plenty of room.
    case regular
}

/// How the lines of multi-line text align.
public enum TextAlignment: Hashable, CaseIterable, Sendable {
    /// The leading edge.
    case leading
    /// The centre.
    case center
    /// The trailing edge.
    case trailing
}

/// Reads a value from the environment of the view it is in, as SwiftUI's `@Environment`.
@propertyWrapper
nonisolated public struct Environment<Value>: DynamicProperty {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    private let box = EnvironmentBox()

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        self.keyPath = keyPath
    }

    /// The value in the environment the view's body is read in (the defaults outside a body).
    public var wrappedValue: Value {
        (box.values ?? EnvironmentValues())[keyPath: keyPath]
    }
}

extension Environment: EnvironmentReading {
    func install(_ values: EnvironmentValues) { box.values = values }
}

/// The environment a view is resolved in, shared by the view's copies.
final class EnvironmentBox {
    var values: EnvironmentValues?
}

/// A property that ``installDynamicProperties(of:environment:)`` fills in.
protocol EnvironmentReading {
    @MainActor func install(_ values: EnvironmentValues)
}

/// A property of a view that SwiftUI updates before the body is read.
public protocol DynamicProperty {
    /// Called before the body is read; nothing to do by default.
    mutating func update()
}

extension DynamicProperty {
    /// Nothing to update.
    public mutating func update() {}
}

/// Sets a value in the environment of the content.
nonisolated public struct _EnvironmentKeyWritingModifier<Value>: ViewModifier, EnvironmentModifier {
    /// The body of a primitive modifier.
    public typealias Body = Never
    /// Where the value goes.
    public var keyPath: WritableKeyPath<EnvironmentValues, Value>
    /// The value.
    public var value: Value

    /// A modifier setting `value` at `keyPath`.
    @inlinable public init(keyPath: WritableKeyPath<EnvironmentValues, Value>, value: Value) {
        self.keyPath = keyPath
        self.value = value
    }

    @MainActor func modify(_ environment: inout EnvironmentValues) {
        environment[keyPath: keyPath] = value
    }
}

extension View {
    /// This view with the environment value at `keyPath` set to `value` for it and the views
    /// inside it.
    @inlinable public consuming func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V)
        -> ModifiedContent<Self, _EnvironmentKeyWritingModifier<V>> {
        modifier(_EnvironmentKeyWritingModifier(keyPath: keyPath, value: value))
    }

    /// The text inside this view in `font`.
    public consuming func font(_ font: Font?) -> some View { environment(\.font, font) }

    /// At most `number` lines for the text inside this view; `nil` for no limit.
    public consuming func lineLimit(_ number: Int?) -> some View { environment(\.lineLimit, number) }

    /// At most `limit` lines for the text inside this view, and when `reservesSpace`, the
    /// height of that many lines even with fewer.
    public consuming func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        environment(\.lineLimit, limit).environment(\.reservesLineLimitSpace, reservesSpace)
    }

    /// Extra points between the lines of the text inside this view.
    public consuming func lineSpacing(_ lineSpacing: CGFloat) -> some View { environment(\.lineSpacing, lineSpacing) }

    /// How far the text inside this view may shrink (a fraction of its size, 0 to 1) so that
    /// it isn't truncated in the lines and room it has: the largest size that fits, else the
    /// smallest size, truncated.
    public consuming func minimumScaleFactor(_ factor: CGFloat) -> some View { environment(\.minimumScaleFactor, factor) }

    /// Whether the text inside this view may tighten to fit; recorded, not applied.
    public consuming func allowsTightening(_ flag: Bool) -> some View { environment(\.allowsTightening, flag) }

    /// How the lines of multi-line text inside this view align.
    public consuming func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        environment(\.multilineTextAlignment, alignment)
    }

    /// Where text inside this view that doesn't fit is cut.
    public consuming func truncationMode(_ mode: Text.TruncationMode) -> some View { environment(\.truncationMode, mode) }

    /// The text and shapes inside this view drawn in `color` where they set none.
    public consuming func foregroundColor(_ color: Color?) -> some View { environment(\.foregroundColor, color) }

    /// The text and shapes inside this view drawn in `style` where they set none.
    public consuming func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        environment(\.foregroundSetting, style is TintShapeStyle ? .tint : .color(style.resolvedColor))
    }

    /// The text inside this view at `weight`.
    public consuming func fontWeight(_ weight: Font.Weight?) -> some View { environment(\.fontWeight, weight) }

    /// The text inside this view bold (or not).
    public consuming func bold(_ isActive: Bool = true) -> some View { environment(\.fontWeight, isActive ? .bold : nil) }

    /// The text inside this view italic (or not).
    public consuming func italic(_ isActive: Bool = true) -> some View { environment(\.isItalic, isActive) }
}
