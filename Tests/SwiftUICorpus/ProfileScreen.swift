#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// An account tab: a header row with the person's picture and name as the first section of a
/// grouped list, navigation rows with labels, a badge, and a sign-out button.
public struct ProfileScreen: View {
    /// The screen.
    public init() {}

    public var body: some View {
        NavigationStack {
            List {
                Section {
                    HStack(spacing: 14) {
                        Image(systemName: "person.crop.circle.fill")
                            .font(.system(size: 56))
                            .foregroundStyle(.gray)
                        VStack(alignment: .leading, spacing: 2) {
                            Text("Priya Raman").font(.title3.weight(.semibold))
                            Text("Member since 2019").font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                    .padding(.vertical, 6)
                    .accessibilityIdentifier("header")
                }
                Section {
                    NavigationLink { Text("Orders") } label: {
                        Label("Orders", systemImage: "shippingbox")
                    }
                    .badge(2)
                    NavigationLink { Text("Addresses") } label: {
                        Label("Addresses", systemImage: "house")
                    }
                    NavigationLink { Text("Payment") } label: {
                        Label("Payment Methods", systemImage: "creditcard")
                    }
                    .accessibilityIdentifier("payment")
                }
                Section {
                    Button("Sign Out", role: .destructive) {}
                        .frame(maxWidth: .infinity)
                        .accessibilityIdentifier("sign-out")
                }
            }
            .navigationTitle("Account")
        }
    }
}
