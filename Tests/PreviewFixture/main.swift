import Foundation
import TypeLayoutPreviewRunner
import TypeLayoutSwiftUI

// Previews as a team writes them, and three that go wrong: the preview command must report
// each failure with its reason and still render the rest.

/// A title squeezed into one line's height: the audit finds it truncated.
struct Cramped_Previews: PreviewProvider {
    static var previews: some View {
        Text("Notifications from every app you have installed, grouped by app")
            .frame(height: 22)
            .accessibilityIdentifier("title")
            .padding(.horizontal, 16)
    }
}

/// Traps in its body (an index out of range), as a preview with a bug in its sample data does.
struct Trapping_Previews: PreviewProvider {
    static var previews: some View {
        let names = CommandLine.arguments.filter { $0 == "no such argument" }
        return Text(names[0])
    }
}

/// A layout that answers a size of NaN: the layout throws, and says why.
struct NaNLayout: Layout {
    func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {
        CGSize(width: CGFloat.nan, height: 10)
    }
    func placeSubviews(in bounds: CGRect, proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) {}
}

struct Throwing_Previews: PreviewProvider {
    static var previews: some View {
        NaNLayout { Text("Never laid out") }
    }
}

/// A preview recorded as `#Preview("Recorded") { … }` records it (the macro is in the separate
/// TypeLayoutPreviews package): found through `Preview.registered`, with no list.
enum RecordedPreview {
    nonisolated static func make() -> Preview {
        Preview("Recorded", fileID: "PreviewFixture/main.swift", line: 52) { AnyView(Text("Found in the section")) }
    }
}

@section("typelayout_previews") @used
private let recordedPreview: Preview.Record = (
    kind: 0x746C_7076, reserved: 0,
    make: { $0.initializeMemory(as: Preview.self, repeating: RecordedPreview.make(), count: 1) })

/// Never finishes its body: stopped by the command's `--timeout`. Listed only when the test that
/// checks the timeout asks for it (PREVIEW_FIXTURE_HANG), so that the other runs stay quick.
struct Hanging_Previews: PreviewProvider {
    static var previews: some View {
        while CommandLine.arguments.count > 0 { usleep(10_000) }
        return Text("Never")
    }
}

let hanging = ProcessInfo.processInfo.environment["PREVIEW_FIXTURE_HANG"] != nil ? [Preview(Hanging_Previews.self)] : []
PreviewCommand.main([
    Preview(Greeting_Previews.self), Preview(Cramped_Previews.self), Preview(Trapping_Previews.self),
    Preview(Throwing_Previews.self),
] + hanging)
