#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Examples/screens/tab-bar.yaml in SwiftUI: a heading above a tab bar of four equal tabs,
/// whose labels stop growing at xxxLarge as UIKit's tab bar's do.
public struct TabBar: View {
    /// The screen.
    public init() {}

    public var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("Listen Now").font(.title2).bold()
                .padding(16)
                .accessibilityIdentifier("heading")
            HStack(spacing: 0) {
                tab("Listen Now", selected: true, id: "tab-home")
                tab("Browse", selected: false, id: "tab-browse")
                tab("Radio", selected: false, id: "tab-radio")
                tab("Library", selected: false, id: "tab-library")
            }
            .padding(.top, 6)
            .padding(.bottom, 4)
            .frame(maxWidth: .infinity)
            .background(Color(hex: 0xF9F9F9))
            .overlay(alignment: .top) { Rectangle().fill(Color.separatorGrey).frame(height: 0.5) }
            .dynamicTypeSize(...DynamicTypeSize.xxxLarge)
            .accessibilityIdentifier("tab-bar")
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        .background(Color.white)
    }

    /// One tab: an icon over a one-line label, an equal share of the bar.
    private func tab(_ title: String, selected: Bool, id: String) -> some View {
        let tint = selected ? Color(hex: 0xFA2D48) : Color(hex: 0x8E8E93)
        return VStack(spacing: 2) {
            RoundedRectangle(cornerRadius: 6).fill(tint).frame(width: 26, height: 24)
            Text(title).font(.caption2).fontWeight(.medium).lineLimit(1).foregroundColor(tint)
                .accessibilityIdentifier("\(id)-label")
        }
        .frame(maxWidth: .infinity)
        .accessibilityIdentifier(id)
    }
}
