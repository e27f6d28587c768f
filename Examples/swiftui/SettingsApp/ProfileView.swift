#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// The Profile tab: the account's details in a navigation stack of its own, with an Edit
/// button in the bar.
public struct ProfileView: View {
    /// The tab's root screen.
    public init() {}

    public var body: some View {
        NavigationStack {
            ProfileDetails()
                .toolbar {
                    ToolbarItem(placement: .topBarTrailing) {
                        Button("Edit") {}
                            .accessibilityIdentifier("edit")
                    }
                }
        }
    }
}

/// The account's details: a header with the picture and name, the editable fields, sharing
/// settings and signing out. Shown as the Profile tab and pushed from the Settings form's
/// account row.
public struct ProfileDetails: View {
    @State private var name = SampleAccount.name
    @State private var email = SampleAccount.email
    @State private var shareActivity = true
    @State private var showEmail = false

    /// The screen.
    public init() {}

    public var body: some View {
        Form {
            Section {
                VStack(spacing: 8) {
                    Circle()
                        .fill(Color.accentColor)
                        .frame(width: 80, height: 80)
                        .overlay { Text(verbatim: SampleAccount.initials).font(.system(size: 32, weight: .medium)).foregroundColor(.white) }
                    Text(verbatim: name).font(.title2).bold()
                        .accessibilityIdentifier("profile-name")
                    Text("Member since 2019").font(.subheadline).foregroundStyle(.secondary)
                        .accessibilityIdentifier("member-since")
                }
                .frame(maxWidth: .infinity)
                .listRowBackground(Color.clear)
            }
            Section("Contact") {
                TextField("Name", text: $name)
                    .accessibilityIdentifier("name-field")
                TextField("Email", text: $email)
                    .accessibilityIdentifier("email-field")
            }
            Section {
                Toggle("Share Activity with Friends", isOn: $shareActivity)
                    .accessibilityIdentifier("share-activity")
                Toggle("Show Email on Profile", isOn: $showEmail)
                    .accessibilityIdentifier("show-email")
            } header: {
                Text("Privacy")
            } footer: {
                Text("Friends see your activity only while sharing is on.")
            }
            Section {
                Button("Sign Out", role: .destructive) {}
                    .accessibilityIdentifier("sign-out")
            }
        }
        .navigationTitle("Profile")
    }
}
