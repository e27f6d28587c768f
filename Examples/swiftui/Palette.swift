#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

// The colours of Examples/screens, as the screen files write them.
extension Color {
    /// A colour from its `0xRRGGBB` hex value, as the screen files give colours.
    init(hex: UInt32) {
        self.init(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255)
    }

    static let groupedBackground = Color(hex: 0xF2F2F7)
    static let secondaryLabel = Color(hex: 0x8A8A8E)
    static let chevron = Color(hex: 0xC4C4C7)
    static let separatorGrey = Color(hex: 0xC6C6C8)
    static let toggleGreen = Color(hex: 0x34C759)
}

/// A row that is a row at the standard sizes and a column at the accessibility sizes, as the
/// screen files' `flexDirection: { default: row, accessibility: column }`.
struct AdaptiveRow<Content: View>: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    var spacing: CGFloat
    @ViewBuilder var content: Content

    var body: some View {
        let layout = dynamicTypeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: spacing))
            : AnyLayout(HStackLayout(alignment: .center, spacing: spacing))
        layout { content }
    }
}
