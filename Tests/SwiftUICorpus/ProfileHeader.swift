#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A social profile header: an avatar with a ring, the name and handle, a bio, and the three
/// counts side by side, which an AnyLayout stacks vertically at the accessibility sizes.
public struct ProfileHeader: View {
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    /// The header.
    public init() {}

    private var countsLayout: AnyLayout {
        dynamicTypeSize.isAccessibilitySize ? AnyLayout(VStackLayout(spacing: 8)) : AnyLayout(HStackLayout(spacing: 24))
    }

    public var body: some View {
        ScrollView {
            header
        }
    }

    private var header: some View {
        VStack(spacing: 12) {
            Circle()
                .fill(LinearGradient(colors: [.orange, .pink], startPoint: .top, endPoint: .bottom))
                .frame(width: 96, height: 96)
                .overlay(Circle().stroke(Color.white, lineWidth: 4))
                .shadow(radius: 6)
                .overlay {
                    Text("JL").font(.title.bold()).foregroundColor(.white)
                }
                .accessibilityIdentifier("avatar")
            VStack(spacing: 2) {
                Text("Jonas Lindqvist")
                    .font(.title2.bold())
                    .accessibilityIdentifier("name")
                Text("@jonas.makes")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
            }
            Text("Furniture maker in Malmö. Oak, ash and the occasional chair that wobbles on purpose.")
                .font(.callout)
                .multilineTextAlignment(.center)
                .padding(.horizontal)
            countsLayout {
                count("248", "Posts").accessibilityIdentifier("posts")
                count("12.4K", "Followers").accessibilityIdentifier("followers")
                count("301", "Following").accessibilityIdentifier("following")
            }
            Button("Follow") {}
                .buttonStyle(.borderedProminent)
        }
        .padding()
    }

    private func count(_ value: String, _ label: String) -> some View {
        VStack(spacing: 0) {
            Text(value).font(.headline)
            Text(label).font(.caption).foregroundStyle(.secondary)
        }
    }
}

struct ProfileHeader_Previews: PreviewProvider {
    static var previews: some View { ProfileHeader() }
}
