import Foundation
@_spi(Reflection) import Swift
import TypeLayout

/// What one layout shares while views resolve and nodes measure: the text engine, the
/// category, the language, and the first error a measurement met (measuring can't throw, as
/// `sizeThatFits` doesn't in SwiftUI).
@MainActor
final class LayoutSession {
    let engine: TextLayoutEngine
    /// The Dynamic Type context at the layout's category: reading it is a read of the
    /// category (``CategoryReadTracker``).
    var typeContext: DynamicTypeContext {
        categoryReads.noteRead()
        return layoutTypeContext
    }
    /// The context with a category no view should read (the first layout's): its other
    /// settings (scaling mode, family, Bold Text), for work that sets its own category.
    let baseTypeContext: DynamicTypeContext
    /// The layout's context; changes between a hosting screen's layouts.
    private var layoutTypeContext: DynamicTypeContext
    /// The category of the text that follows the layout's (where no view set a size):
    /// read by text nodes when they are measured, so a node kept from another layout reads
    /// this one's.
    private(set) var textCategory: ContentSizeCategory
    /// Who read the category while the views resolved, for a hosting screen's later layouts.
    let categoryReads = CategoryReadTracker()
    /// How views resolve: afresh, or recorded or replayed for a hosting screen's layouts.
    var resolution = ResolutionMode.fresh
    /// Whether a view resolved while the nodes were being laid out (a `GeometryReader`):
    /// such a node keeps its environment, so its tree isn't kept for another category.
    private(set) var resolvedWhileLayingOut = false
    /// The number of the layout, from 1: nodes kept from another are cleared once for it.
    private(set) var generation = 0
    /// Whether the nodes are being sized, placed or emitted.
    var isLayingOut: Bool {
        get { categoryReads.isLayingOut }
        set { categoryReads.isLayingOut = newValue }
    }
    /// Whether a replayed layout's calls didn't match the record: the layout is redone afresh.
    private(set) var replayMismatch = false
    let language: String?
    /// How deep views may nest (a view inside a modifier counts as a level) before resolution
    /// stops with an error: a view that contains itself without end, or a tree deeper than the
    /// main thread's stack can hold.
    let maximumDepth: Int
    /// The app's strings, for text made from a `LocalizedStringKey`.
    let strings: LocalizedStringLookup?
    /// The folder named images are read from; `nil`: they are placeholders.
    let imagesFolder: String?
    /// The images read so far, shared by the hosting screen's layouts.
    let images: ImageLibrary
    /// The texts prepared so far, shared by the hosting screen's layouts.
    let preparations: TextPreparations
    private(set) var failure: (any Error)?

    init(engine: TextLayoutEngine, typeContext: DynamicTypeContext, language: String?, maximumDepth: Int,
         strings: LocalizedStringLookup? = nil, imagesFolder: String? = nil, images: ImageLibrary = ImageLibrary(),
         preparations: TextPreparations = TextPreparations()) {
        self.engine = engine
        self.baseTypeContext = typeContext
        self.layoutTypeContext = typeContext
        self.textCategory = (DynamicTypeSize(typeContext.contentSizeCategory) ?? .large).contentSizeCategory
        self.language = language
        self.maximumDepth = maximumDepth
        self.strings = strings
        self.imagesFolder = imagesFolder
        self.images = images
        self.preparations = preparations
    }

    /// `key`'s string in the layout's language with its values filled in, or `nil` when there
    /// are no strings, no language, or no entry (the key itself is then shown, as in SwiftUI).
    func localizedString(for key: LocalizedStringKey) -> String? {
        guard let strings, let language, let format = strings(key.key, language) else { return nil }
        return formatted(format, key.arguments)
    }

    /// Keeps the first error a measurement met; the layout throws it once it is done.
    func record(_ error: any Error) {
        if failure == nil { failure = error }
    }

    /// Starts a layout at `category`: the session is a hosting screen's for all its layouts,
    /// so that nodes kept from one layout report to and read from the next one's.
    func begin(_ category: ContentSizeCategory) {
        layoutTypeContext = baseTypeContext.with(category)
        textCategory = (DynamicTypeSize(category) ?? .large).contentSizeCategory
        failure = nil
        categoryReads.begin()
        generation += 1
        resolvedWhileLayingOut = false
        replayMismatch = false
    }

    /// Notes that a replayed call didn't match the record.
    func noteReplayMismatch() { replayMismatch = true }

    /// Notes a view resolved during layout.
    func noteResolutionWhileLayingOut() { resolvedWhileLayingOut = true }
}

/// Where a view is being resolved: its environment, the stack around it, how deep it is.
///
/// A value passed down the tree, so that a modifier's environment reaches exactly the views
/// under it (what a hosting screen keeps between layouts is in its records, not here).
@MainActor
struct ResolveContext {
    var environment: EnvironmentValues
    /// The axis of the stack the view is a direct child of (modifiers between them don't
    /// count), which a `Spacer` grows along and a `Divider` is drawn across.
    var stackAxis: Axis?
    var depth = 0
    let session: LayoutSession

    /// The layout nodes `view` stands for.
    func resolve<V: View>(_ view: V) throws -> [LayoutNode] {
        guard depth < session.maximumDepth else {
            throw SwiftUILayoutError.tooDeep("views nest more than \(session.maximumDepth) levels deep (at \(V.self)): a view that contains itself?")
        }
        switch session.resolution {
        case .fresh:
            if session.isLayingOut { session.noteResolutionWhileLayingOut() }
            return try resolveAfresh(view)
        case .recording:
            return try resolveRecording(view)
        case .replaying(let parent, let next, let tainted):
            return try resolveReplaying(view, parent: parent, next: next, tainted: tainted)
        }
    }

    /// `view` resolved: its body read, or its own nodes made.
    func resolveAfresh<V: View>(_ view: V) throws -> [LayoutNode] {
        var inner = self
        inner.depth += 1
        return try V._resolve(view, in: _ViewResolution(context: inner)).nodes
    }

    /// The same place with another environment.
    func with(_ change: (inout EnvironmentValues) -> Void) -> ResolveContext {
        var copy = self
        change(&copy.environment)
        return copy
    }

    /// The same place as a child of a stack along `axis`.
    func inStack(_ axis: Axis) -> ResolveContext {
        var copy = self
        copy.stackAxis = axis
        return copy
    }

    /// The same place outside any stack (inside a background, overlay or ZStack).
    var outsideStack: ResolveContext {
        var copy = self
        copy.stackAxis = nil
        return copy
    }
}

/// Gives a view's `@Environment` properties the environment it is resolved in, before its body
/// is read.
///
/// Each wrapper holds a reference to a box the view's copies share, so that setting it through
/// a copy reaches the view whose body is then read; SwiftUI fills its dynamic properties
/// likewise, from outside, just before the body.
///
/// Which stored properties of a type read the environment, and where they lie in a struct's
/// value, is found once per type: a `Mirror` of every view at every layout was a tenth of a
/// screen's layout.
@MainActor
func installDynamicProperties<V>(of value: V, environment: EnvironmentValues) {
    let table: EnvironmentReaderTable
    if let known = environmentReaderTables[V.self] {
        table = known
    } else {
        table = EnvironmentReaderTable(of: value)
        environmentReaderTables.insert(table, for: V.self)
    }
    switch table {
    case .fields(let fields):
        guard !fields.isEmpty else { return }
        withUnsafeBytes(of: value) { bytes in
            for field in fields { field.type.install(from: bytes.baseAddress! + field.offset, environment) }
        }
    case .children(let positions):
        guard !positions.isEmpty else { return }
        let children = Mirror(reflecting: value).children
        for position in positions {
            if let property = children[children.index(children.startIndex, offsetBy: position)].value as? any EnvironmentReading {
                property.install(environment)
            }
        }
    }
}

/// Where a type's stored properties that read the environment are.
///
/// A struct's are found by the standard library's field walk (`_forEachField`, an SPI a
/// toolchain may change; `EnvironmentReaderTableTests` fails if it stops finding them): reading
/// them at their offsets instead of through a `Mirror` of the view at every body is about a
/// tenth of the settings screen's layout (BENCHMARKS.md, "SwiftUI views", fifth round).
enum EnvironmentReaderTable {
    /// A struct's: each one's byte offset in the value, and its type.
    case fields([(offset: Int, type: any EnvironmentReading.Type)])
    /// Any other type's (a class): their positions among a mirror's children.
    case children([Int])

    /// The table for `value`'s type; `usingFieldOffsets: false` finds a struct's readers by
    /// their mirror positions instead, as a class's are.
    init<V>(of value: V, usingFieldOffsets: Bool = true) {
        var fields: [(offset: Int, type: any EnvironmentReading.Type)] = []
        if usingFieldOffsets, Mirror(reflecting: value).displayStyle == .struct, _forEachField(of: V.self, body: { _, offset, fieldType, _ in
            if let reader = fieldType as? any EnvironmentReading.Type { fields.append((offset, reader)) }
            return true
        }) {
            self = .fields(fields)
        } else {
            self = .children(Mirror(reflecting: value).children.enumerated().compactMap {
                $0.element.value is any EnvironmentReading ? $0.offset : nil
            })
        }
    }
}

extension EnvironmentReading {
    /// Installs `values` in the property of this type stored at `address` (inside a view's
    /// value).
    @MainActor static func install(from address: UnsafeRawPointer, _ values: EnvironmentValues) {
        address.load(as: Self.self).install(values)
    }
}

/// The readers' places by type.
@MainActor private let environmentReaderTables = TypeTable<EnvironmentReaderTable>()

/// A view or layout that can't be laid out.
public enum SwiftUILayoutError: Error, CustomStringConvertible, Equatable {
    /// Views nested deeper than the limit: usually a view that contains itself.
    case tooDeep(String)
    /// A `ForEach` gave two elements the same id.
    case duplicateIdentifier(String)
    /// A size or place that is not a number, or infinite where a finite one is needed.
    case invalidGeometry(String)
    /// A named image that isn't in the images folder, or can't be read.
    case missingImage(String)

    /// One line saying what went wrong.
    public var description: String {
        switch self {
        case .tooDeep(let message), .duplicateIdentifier(let message), .invalidGeometry(let message),
             .missingImage(let message):
            return message
        }
    }
}

/// Looks a localized string up: the app's value for a key (a catalog's format, `%@` and
/// `%lld` for the interpolations) in a language, or `nil` when it has none.
public typealias LocalizedStringLookup = @Sendable (_ key: String, _ language: String) -> String?

/// `format` with its specifiers (`%@`, `%lld`, `%d`, `%lf`, …, positional `%2$@`) replaced by
/// `arguments` as already described, and `%%` by `%`.
func formatted(_ format: String, _ arguments: [String]) -> String {
    var result = ""
    var next = 0
    var characters = Substring(format)
    while let percent = characters.firstIndex(of: "%") {
        result += characters[..<percent]
        characters = characters[characters.index(after: percent)...]
        if characters.first == "%" {
            result += "%"
            characters = characters.dropFirst()
            continue
        }
        // An optional position (`2$`), length modifiers, then the conversion character.
        var position: Int?
        if let dollar = characters.firstIndex(of: "$"), let number = Int(characters[..<dollar]) {
            position = number - 1
            characters = characters[characters.index(after: dollar)...]
        }
        while let first = characters.first, "lhqLzjt".contains(first) { characters = characters.dropFirst() }
        guard characters.first != nil else { break }
        characters = characters.dropFirst()
        let index = position ?? next
        next += 1
        result += index >= 0 && index < arguments.count ? arguments[index] : ""
    }
    return result + characters
}
