#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A photo sheet: a remote picture (AsyncImage, with a spinner until it loads), a close button
/// that calls @Environment(\.dismiss), a caption on a material that a stored setting
/// (@AppStorage) turns on or off.
public struct PhotoSheet: View {
    @Environment(\.dismiss) private var dismiss
    @AppStorage("showsCaptions") private var showsCaptions = true

    /// The sheet.
    public init() {}

    public var body: some View {
        ZStack(alignment: .bottom) {
            AsyncImage(url: URL(string: "https://example.com/photos/harbour-at-dusk.jpg")) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                ZStack {
                    Color(white: 0.9)
                    ProgressView()
                }
            }
            .accessibilityIdentifier("photo")
            if showsCaptions {
                VStack(alignment: .leading, spacing: 4) {
                    Text("Harbour at dusk")
                        .font(.headline)
                    Text("Taken on 3 September from the old lighthouse.")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding()
                .background(.ultraThinMaterial)
                .accessibilityIdentifier("caption")
            }
        }
        .overlay(alignment: .topTrailing) {
            Button {
                dismiss()
            } label: {
                Image(systemName: "xmark")
                    .font(.headline)
                    .padding(10)
                    .background(.regularMaterial, in: Circle())
            }
            .padding()
            .accessibilityLabel("Close")
            .accessibilityIdentifier("close")
        }
    }
}
