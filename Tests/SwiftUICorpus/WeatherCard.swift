#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A weather card whose hourly strip uses ViewThatFits: six hours when they fit across the
/// card, three when they don't, and a one-line summary at the largest sizes.
public struct WeatherCard: View {
    /// The card.
    public init() {}

    private let hours: [(String, String, String)] = [
        ("Now", "sun.max.fill", "21°"), ("14", "cloud.sun.fill", "22°"), ("15", "cloud.fill", "20°"),
        ("16", "cloud.rain.fill", "18°"), ("17", "cloud.rain.fill", "17°"), ("18", "cloud.fill", "17°"),
    ]

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack(alignment: .firstTextBaseline) {
                Text("21°")
                    .font(.system(size: 56, weight: .thin))
                VStack(alignment: .leading) {
                    Text("Bergen").font(.headline)
                    Text("Showers later").font(.subheadline).foregroundStyle(.secondary)
                }
            }
            ViewThatFits(in: .horizontal) {
                strip(count: 6).accessibilityIdentifier("six-hours")
                strip(count: 3).accessibilityIdentifier("three-hours")
                Text("Rain from 16:00, around 18°")
                    .font(.subheadline)
                    .accessibilityIdentifier("summary")
            }
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(Color(red: 0.86, green: 0.93, blue: 1.0), in: RoundedRectangle(cornerRadius: 20))
        .padding()
    }

    private func strip(count: Int) -> some View {
        HStack(spacing: 18) {
            ForEach(hours.prefix(count), id: \.0) { hour in
                VStack(spacing: 6) {
                    Text(hour.0).font(.caption)
                    Image(systemName: hour.1).symbolRenderingMode(.multicolor)
                    Text(hour.2).font(.callout.weight(.medium))
                }
                .fixedSize()
            }
        }
    }
}
