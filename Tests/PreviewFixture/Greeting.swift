import TypeLayoutSwiftUI

// A provider in a file of its own, as teams write them: the report names this file and line,
// not main.swift where it is registered.

/// A greeting looked up in the catalogs (`Hello` → `مرحبا` in Arabic).
struct Greeting_Previews: PreviewProvider {
    static var previews: some View {
        Text("Hello").font(.title).padding().accessibilityIdentifier("greeting")
    }
}
