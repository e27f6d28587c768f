import TypeLayoutSwiftUI

/// Issue 27's speed goal's screen: a settings `Form` of 30 rows (10 switches, 10 navigation
/// rows, 10 value rows) in three sections under a navigation bar with a large title.
struct Form30: View {
    var body: some View {
        NavigationStack {
            Form {
                Section("Switches") {
                    ForEach(0..<10) { index in
                        Toggle("Setting \(index)", isOn: .constant(index % 2 == 0))
                    }
                }
                Section("Pages") {
                    ForEach(0..<10) { index in
                        NavigationLink("Page \(index)") { Text("Page") }
                    }
                }
                Section("Values") {
                    ForEach(0..<10) { index in
                        LabeledContent("Value \(index)", value: "\(index * 7) GB")
                    }
                }
            }
            .navigationTitle("Settings")
        }
    }
}
