#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A stack that is horizontal at the standard sizes and vertical at the accessibility sizes,
/// through AnyLayout so that its children keep their identity: the "AdaptiveStack" many apps write.
public struct AdaptiveStack<Content: View>: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize
    let spacing: CGFloat
    let content: Content

    /// A stack of `content`.
    public init(spacing: CGFloat = 12, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    public var body: some View {
        let layout = dynamicTypeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: spacing))
            : AnyLayout(HStackLayout(alignment: .center, spacing: spacing))
        layout { content }
    }
}

/// Checkout's shipping options, each an adaptive stack of the method, its delivery estimate
/// and its price.
public struct ShippingOptions: View {
    /// The options.
    public init() {}

    private let options = [("Standard", "Arrives Thu 12 – Mon 16", "Free"),
                           ("Express", "Arrives tomorrow by 18:00", "€9.90")]

    public var body: some View {
        // A checkout screen scrolls: outside a scroll view the spacer of a vertical row takes
        // half the screen and cuts the estimate short at ax5 (the corpus test found it).
        ScrollView {
            optionRows
        }
    }

    private var optionRows: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(options, id: \.0) { option in
                AdaptiveStack {
                    Image(systemName: option.0 == "Express" ? "bolt.fill" : "shippingbox")
                        .foregroundStyle(Color.accentColor)
                    VStack(alignment: .leading, spacing: 2) {
                        Text(option.0).font(.headline)
                        Text(option.1).font(.subheadline).foregroundStyle(.secondary)
                    }
                    .accessibilityIdentifier("method-\(option.0)")
                    Spacer(minLength: 0)
                    Text(option.2).font(.headline)
                        .accessibilityIdentifier("price-\(option.0)")
                }
                .padding()
                Divider()
            }
        }
    }
}
