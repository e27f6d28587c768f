#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// The "What's New" sheet many apps show on first launch: a title, feature rows (a tinted
/// symbol in a fixed-width column beside a title and a description), and a Continue button.
public struct WelcomeFeatures: View {
    /// The sheet.
    public init() {}

    private struct Feature: Identifiable {
        var id: String { title }
        let symbol: String
        let title: String
        let detail: String
    }

    private let features = [
        Feature(symbol: "square.and.arrow.down", title: "Offline maps", detail: "Download a region and navigate without a signal."),
        Feature(symbol: "figure.hiking", title: "Trail difficulty", detail: "Every route shows its climb, surface and time."),
        Feature(symbol: "person.2", title: "Share with friends", detail: "Invite others to a trip and plan it together."),
    ]

    @ScaledMetric private var symbolColumn: CGFloat = 36

    public var body: some View {
        VStack(spacing: 28) {
            Text("Welcome to Trailhead")
                .font(.largeTitle.bold())
                .multilineTextAlignment(.center)
                .padding(.top, 48)
                .accessibilityIdentifier("title")
            ScrollView {
                featureList
            }
            .scrollBounceBehavior(.basedOnSize)
            Button("Continue") {}
                .buttonStyle(.borderedProminent)
                .buttonBorderShape(.roundedRectangle(radius: 14))
                .controlSize(.large)
                .accessibilityIdentifier("continue")
        }
        .padding(.horizontal, 28)
        .padding(.bottom, 24)
    }

    private var featureList: some View {
        VStack(alignment: .leading, spacing: 22) {
            ForEach(features) { feature in
                HStack(alignment: .top, spacing: 16) {
                    Image(systemName: feature.symbol)
                        .font(.title2)
                        .foregroundStyle(.blue)
                        .frame(width: symbolColumn)
                        .accessibilityIdentifier("symbol-\(feature.title)")
                    VStack(alignment: .leading, spacing: 2) {
                        Text(feature.title).font(.headline)
                        Text(feature.detail).font(.subheadline).foregroundStyle(.secondary)
                    }
                    .accessibilityIdentifier("feature-\(feature.title)")
                }
            }
        }
    }
}
