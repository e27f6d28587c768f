#if canImport(SwiftUI)
import SwiftUI
#else
import TypeLayoutSwiftUI
#endif

/// Notification preferences: a segmented picker, a stepper and switches whose labels have
/// a subtitle under the title, in an inset grouped list.
public struct NotificationPreferences: View {
    @State private var delivery = 0
    @State private var reminderCount = 3
    @State private var badges = true
    @State private var previews = false

    /// The preferences.
    public init() {}

    public var body: some View {
        List {
            Section {
                Picker("Delivery", selection: $delivery) {
                    Text("Immediate").tag(0)
                    Text("Summary").tag(1)
                }
                .pickerStyle(.segmented)
                .accessibilityIdentifier("delivery")
                Stepper("Reminders per day: \(reminderCount)", value: $reminderCount, in: 1...10)
                    .accessibilityIdentifier("stepper")
            }
            Section("Lock Screen") {
                Toggle(isOn: $badges) {
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Badges")
                        Text("Show the number of unread items on the app icon")
                            .font(.footnote)
                            .foregroundStyle(.secondary)
                    }
                }
                .accessibilityIdentifier("badges")
                Toggle("Show Previews", isOn: $previews)
            }
        }
        .listStyle(.insetGrouped)
    }
}
