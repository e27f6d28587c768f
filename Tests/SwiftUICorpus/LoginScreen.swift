#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// A sign-in screen: a logo, rounded text fields, a full-width button and a text link,
/// in a scroll view so that the accessibility sizes can scroll.
public struct LoginScreen: View {
    @State private var email = ""
    @State private var password = ""

    /// The screen.
    public init() {}

    public var body: some View {
        ScrollView {
            VStack(spacing: 16) {
                Image(systemName: "leaf.circle.fill")
                    .font(.system(size: 64))
                    .foregroundStyle(.green)
                    .padding(.top, 40)
                Text("Welcome back")
                    .font(.largeTitle.bold())
                    .accessibilityIdentifier("title")
                Text("Sign in to sync your plants and watering reminders.")
                    .font(.subheadline)
                    .foregroundStyle(.secondary)
                    .multilineTextAlignment(.center)
                TextField("Email address", text: $email)
                    .textFieldStyle(.roundedBorder)
                    .accessibilityIdentifier("email")
                SecureField("Password", text: $password)
                    .textFieldStyle(.roundedBorder)
                Button {
                } label: {
                    Text("Sign In")
                        .font(.headline)
                        .frame(maxWidth: .infinity)
                }
                .buttonStyle(.borderedProminent)
                .controlSize(.large)
                .accessibilityIdentifier("sign-in")
                Button("Forgot password?") {}
                    .font(.footnote)
            }
            .padding(.horizontal, 24)
        }
    }
}
