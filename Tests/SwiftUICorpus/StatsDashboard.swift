#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A health dashboard: stat tiles in an adaptive grid (as many 150-point columns as fit),
/// each with a tinted symbol, a value in rounded digits and a caption.
public struct StatsDashboard: View {
    /// The dashboard.
    public init() {}

    private struct Stat: Identifiable {
        let id: String
        let symbol: String
        let value: String
        let unit: String
        let color: Color
    }

    private let stats = [
        Stat(id: "Steps", symbol: "figure.walk", value: "8,412", unit: "steps", color: .orange),
        Stat(id: "Heart Rate", symbol: "heart.fill", value: "72", unit: "bpm", color: .red),
        Stat(id: "Sleep", symbol: "bed.double.fill", value: "7:25", unit: "hours", color: .indigo),
        Stat(id: "Water", symbol: "drop.fill", value: "1.6", unit: "litres", color: .blue),
    ]

    public var body: some View {
        ScrollView {
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 150), spacing: 12)], spacing: 12) {
                ForEach(stats) { stat in
                    VStack(alignment: .leading, spacing: 6) {
                        Label(stat.id, systemImage: stat.symbol)
                            .font(.subheadline.weight(.semibold))
                            .foregroundStyle(stat.color)
                        HStack(alignment: .firstTextBaseline, spacing: 4) {
                            Text(stat.value)
                                .font(.title.bold())
                                .fontDesign(.rounded)
                            Text(stat.unit)
                                .font(.caption)
                                .foregroundStyle(.secondary)
                        }
                    }
                    .frame(maxWidth: .infinity, alignment: .leading)
                    .padding()
                    .background(Color.white, in: RoundedRectangle(cornerRadius: 14))
                    .accessibilityElement(children: .combine)
                    .accessibilityIdentifier("stat-\(stat.id)")
                }
            }
            .padding()
        }
        .background(Color(red: 0.95, green: 0.95, blue: 0.97))
    }
}
