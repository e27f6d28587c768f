#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A "now playing" bar above the tab bar: artwork, the title and artist on one line each, and
/// play and skip buttons with icon-only labels, on a rounded bar whose text stops growing at ax2.
public struct MiniPlayer: View {
    @State private var isPlaying = true
    @ScaledMetric(relativeTo: .body) private var artworkSize: CGFloat = 44

    /// The bar, at the bottom of an otherwise empty screen.
    public init() {}

    public var body: some View {
        VStack {
            Spacer()
            HStack(spacing: 12) {
                RoundedRectangle(cornerRadius: 6)
                    .fill(LinearGradient(colors: [.purple, .indigo], startPoint: .top, endPoint: .bottom))
                    .frame(width: artworkSize, height: artworkSize)
                    .accessibilityIdentifier("artwork")
                VStack(alignment: .leading, spacing: 1) {
                    Text("Slow Tides (Live at the Harbour Hall)")
                        .font(.subheadline.weight(.semibold))
                        .lineLimit(1)
                        .accessibilityIdentifier("song")
                    Text("The Lantern Quartet")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                        .lineLimit(1)
                }
                Spacer(minLength: 4)
                Button {
                    isPlaying.toggle()
                } label: {
                    Label(isPlaying ? "Pause" : "Play", systemImage: isPlaying ? "pause.fill" : "play.fill")
                }
                .labelStyle(.iconOnly)
                .accessibilityIdentifier("play")
                Button {} label: {
                    Label("Next", systemImage: "forward.fill")
                }
                .labelStyle(.iconOnly)
            }
            .font(.title3)
            .foregroundStyle(.primary)
            .padding(10)
            .background(Color(white: 0.96), in: RoundedRectangle(cornerRadius: 14, style: .continuous))
            .shadow(color: .black.opacity(0.12), radius: 10, y: 3)
            .padding(.horizontal, 8)
            .accessibilityIdentifier("player")
            // Artwork, two buttons and a title can't share a phone's width at ax3 and above
            // (the corpus test found the bar running past the edge): capped, as bars are.
            .dynamicTypeSize(...DynamicTypeSize.accessibility2)
        }
    }
}
