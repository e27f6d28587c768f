#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// An account editing form: text fields, a secure field, a compact date picker and a
/// destructive button, under an inline navigation title with toolbar buttons.
public struct AccountForm: View {
    @State private var name = "Amelia Hartley"
    @State private var email = "amelia@example.com"
    @State private var password = ""
    @State private var birthday = Date(timeIntervalSince1970: 631_152_000)

    /// The form.
    public init() {}

    public var body: some View {
        NavigationStack {
            Form {
                Section("Profile") {
                    TextField("Name", text: $name)
                        .textInputAutocapitalization(.words)
                        .accessibilityIdentifier("name")
                    TextField("Email", text: $email)
                        .textInputAutocapitalization(.never)
                        .autocorrectionDisabled()
                    DatePicker("Birthday", selection: $birthday, displayedComponents: .date)
                        .accessibilityIdentifier("birthday")
                }
                Section {
                    SecureField("New Password", text: $password)
                } footer: {
                    Text("Use at least 12 characters, with a number and a symbol.")
                }
                Section {
                    Button("Delete Account", role: .destructive) {}
                        .accessibilityIdentifier("delete")
                }
            }
            .navigationTitle("Account")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") {} }
                ToolbarItem(placement: .confirmationAction) { Button("Save") {} }
            }
        }
    }
}
