import CPreviewSection

/// One preview to lay out: a `#Preview` block (from the `TypeLayoutPreviews` package) or a
/// ``PreviewProvider``, with its name and where it is written.
public struct Preview: Sendable {
    /// The name given to `#Preview("…")`, or the provider's type name; `nil` for an unnamed
    /// `#Preview`.
    public var name: String?
    /// The file it is written in, as `#fileID` gives it (`App/SettingsView.swift`).
    public var fileID: String
    /// Its line in that file.
    public var line: Int
    /// Makes the view (the block's body, or the provider's `previews`).
    public var makeView: @MainActor @Sendable () -> AnyView
    /// The file it is written or registered in, as `#filePath` gives it; `nil` when not known.
    /// A provider's is where `Preview(…_Previews.self)` is written, from which
    /// ``locatingProviders(_:)`` finds the provider's own file.
    public var filePath: String?
    /// A provider's type as `String(reflecting:)` names it (`App.SettingsView_Previews`); `nil`
    /// for a `#Preview` block.
    public var providerTypeName: String?

    /// A preview of the view `makeView` makes.
    public init(_ name: String?, fileID: String, line: Int, makeView: @escaping @MainActor @Sendable () -> AnyView) {
        self.name = name
        self.fileID = fileID
        self.line = line
        self.makeView = makeView
    }

    /// The preview of a provider, named by its type (`SettingsView_Previews`); its place is
    /// where this is written until ``locatingProviders(_:)`` (which the preview command calls)
    /// finds the provider's own file and line in the sources, from `filePath`.
    public init<Provider: PreviewProvider>(_ provider: Provider.Type, fileID: String = #fileID, filePath: String = #filePath,
                                           line: Int = #line) {
        self.init(String(describing: provider), fileID: fileID, line: line) { AnyView(Provider.previews) }
        self.filePath = filePath
        providerTypeName = String(reflecting: provider)
    }

    /// The module the preview is written in: a provider's type's module (the first part of
    /// ``providerTypeName``), which ``fileID`` doesn't give until ``locatingProviders(_:)`` has
    /// found the provider's file (it names where `Preview(…_Previews.self)` is written, often a
    /// test target), else the first part of ``fileID``.
    public var module: String {
        if let providerTypeName { return String(providerTypeName.prefix { $0 != "." }) }
        return String(fileID.prefix { $0 != "/" })
    }

    /// What reports and file names call it: its name, else its file and line
    /// (`SettingsView.swift:42`).
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        return "\(fileID.split(separator: "/").last.map(String.init) ?? fileID):\(line)"
    }
}

extension Preview {
    /// A preview's place in the program, as `#Preview` writes it: a `kind` of
    /// ``recordKind``, nothing reserved, and a C function that makes the preview into its
    /// argument (uninitialized memory for one ``Preview``).
    public typealias Record = (kind: UInt32, reserved: UInt32, make: @convention(c) (UnsafeMutableRawPointer) -> Void)

    /// The `kind` of every record `#Preview` writes ("tlpv").
    public static let recordKind: UInt32 = 0x746C_7076

    /// Every `#Preview` linked into this program, in the order the linker placed them (by
    /// object file, then as written), which the runner sorts by file and line.
    ///
    /// How they are found without an Objective-C runtime: each `#Preview` expands to a
    /// ``Record`` placed with `@section("typelayout_previews") @used`, the linker gathers
    /// every such record of the program into that one section, and the linker's
    /// `__start_`/`__stop_` symbols give its bounds. Previews in a shared library are not seen
    /// (SwiftPM links a package's targets into the program itself).
    public static var registered: [Preview] {
        guard let start = typelayout_previews_section_start(), let end = typelayout_previews_section_end(),
              end > start else { return [] }
        let count = (end - start) / MemoryLayout<Record>.stride
        let records = UnsafeBufferPointer(start: start.assumingMemoryBound(to: Record.self), count: count)
        return records.filter { $0.kind == recordKind }.map { record in
            let preview = UnsafeMutablePointer<Preview>.allocate(capacity: 1)
            defer { preview.deallocate() }
            record.make(UnsafeMutableRawPointer(preview))
            return preview.move()
        }
        .sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
    }
}
