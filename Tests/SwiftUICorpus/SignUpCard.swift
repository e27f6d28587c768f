#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A sign-up card with fields drawn by hand (padding, a fill and a stroked outline), a terms
/// switch and a capsule button: the custom-field style many apps use instead of a form.
public struct SignUpCard: View {
    @State private var name = ""
    @State private var email = ""
    @State private var acceptsTerms = false

    /// The card.
    public init() {}

    public var body: some View {
        ScrollView {
            card
        }
    }

    private var card: some View {
        VStack(alignment: .leading, spacing: 14) {
            Text("Create your account")
                .font(.title2.weight(.semibold))
            field("Full name", text: $name, icon: "person")
            field("Email", text: $email, icon: "envelope")
                .accessibilityIdentifier("email-field")
            Toggle("I agree to the Terms of Service", isOn: $acceptsTerms)
                .font(.subheadline)
                .accessibilityIdentifier("terms")
            Button {
            } label: {
                Text("Create Account")
                    .fontWeight(.semibold)
                    .foregroundColor(.white)
                    .frame(maxWidth: .infinity)
                    .padding(.vertical, 14)
                    .background(Capsule().fill(Color.indigo))
            }
            .accessibilityIdentifier("create")
        }
        .padding(20)
        .background(RoundedRectangle(cornerRadius: 20).fill(Color.white))
        .shadow(color: .black.opacity(0.08), radius: 12, y: 4)
        .padding()
        .accessibilityIdentifier("card")
    }

    private func field(_ placeholder: String, text: Binding<String>, icon: String) -> some View {
        HStack(spacing: 10) {
            Image(systemName: icon)
                .foregroundStyle(.secondary)
            TextField(placeholder, text: text)
        }
        .padding(12)
        .background(Color(red: 0.96, green: 0.96, blue: 0.97))
        .overlay(
            RoundedRectangle(cornerRadius: 10)
                .stroke(Color.gray.opacity(0.3), lineWidth: 1)
        )
    }
}
