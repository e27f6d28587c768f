#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// An event page: a date tile beside the title, detail labels (time, place, price), a
/// paragraph, and a bottom bar with the call to action.
public struct EventDetail: View {
    /// The page.
    public init() {}

    public var body: some View {
        VStack(spacing: 0) {
            ScrollView {
                VStack(alignment: .leading, spacing: 16) {
                    HStack(alignment: .top, spacing: 14) {
                        VStack(spacing: 0) {
                            Text("JUN").font(.caption.bold()).foregroundStyle(.red)
                            Text("21").font(.title.bold())
                        }
                        .padding(.horizontal, 8)
                        .frame(minWidth: 56, minHeight: 60)
                        .background(RoundedRectangle(cornerRadius: 10).fill(Color(white: 0.95)))
                        .accessibilityIdentifier("date-tile")
                        Text("Midsummer Concert in the Botanical Garden")
                            .font(.title2.bold())
                            .accessibilityIdentifier("title")
                    }
                    VStack(alignment: .leading, spacing: 10) {
                        Label("Saturday, 19:30 – 22:00", systemImage: "clock")
                        Label("Palm House Lawn, Gate B", systemImage: "mappin.and.ellipse")
                        Label("From €18", systemImage: "ticket")
                    }
                    .font(.subheadline)
                    Divider()
                    Text("About")
                        .font(.headline)
                        .accessibilityAddTraits(.isHeader)
                    Text("The city orchestra plays under the trees as the light fades. Bring a blanket; chairs are available at the gate for those who need them.")
                        .font(.body)
                }
                .padding()
            }
            HStack {
                VStack(alignment: .leading) {
                    Text("€18").font(.headline)
                    Text("per person").font(.caption).foregroundStyle(.secondary)
                }
                Spacer()
                Button("Get Tickets") {}
                    .buttonStyle(.borderedProminent)
                    .accessibilityIdentifier("tickets")
            }
            .padding()
            .background(Color.white)
            .overlay(alignment: .top) { Divider() }
        }
    }
}
