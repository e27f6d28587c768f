import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
@testable import TypeLayoutSwiftUI

/// A hosting screen's layouts at several categories keep what didn't read the category:
/// each must give the frames dump that resolving the views afresh at each category gives.
@MainActor
struct ResolutionReuseTests {

    /// The frames dumps at the 12 categories, kept between categories and afresh.
    static func dumps<V: View>(_ view: V, device: Device = .iPhone16, language: String? = nil) throws -> (kept: String, fresh: String) {
        let host = HostingScreen(rootView: view, device: device)
        let kept = try host.layouts(categories: allCategories, language: language, reusingResolution: true)
        let fresh = try host.layouts(categories: allCategories, language: language, reusingResolution: false)
        return (ScreenLayout.framesJSON(kept), ScreenLayout.framesJSON(fresh))
    }

    @Test func aBodyBranchingOnAccessibilitySizes() throws {
        let (kept, fresh) = try Self.dumps(BranchingRow())
        #expect(kept == fresh)
        // The branch is taken: the text moves under the icon at the accessibility sizes.
        #expect(kept.contains("\"branch-stacked\"") && kept.contains("\"branch-beside\""))
        // Beside a text that doesn't read the size, the further categories are replayed (the
        // text kept), none redone afresh; the row alone reads the size at its root: nothing to
        // keep, nothing replayed.
        let beside = try HostingScreen(rootView: VStack { Text("Kept"); BranchingRow() }, device: .iPhone16)
            .replayedLayouts(categories: allCategories, language: nil).summary
        #expect(beside == ReplaySummary(replayed: 11, redoneAfresh: 0))
        let alone = try HostingScreen(rootView: BranchingRow(), device: .iPhone16)
            .replayedLayouts(categories: allCategories, language: nil).summary
        #expect(alone == ReplaySummary(replayed: 0, redoneAfresh: 0))
    }

    @Test func aScaledMetric() throws {
        let (kept, fresh) = try Self.dumps(ScaledIconRow())
        #expect(kept == fresh)
        let layouts = try HostingScreen(rootView: ScaledIconRow(), device: .iPhone16)
            .layouts(categories: [.large, .accessibilityExtraExtraExtraLarge])
        let large = try #require(layouts[0]["scaled-icon"]?.frame.width)
        let largest = try #require(layouts[1]["scaled-icon"]?.frame.width)
        #expect(large == 30 && largest > 60)
    }

    @Test func aViewThatFits() throws {
        let (kept, fresh) = try Self.dumps(FittingLabel())
        #expect(kept == fresh)
        // Both candidates are chosen at some category.
        #expect(kept.contains("\"fits-wide\"") && kept.contains("\"fits-narrow\""))
    }

    @Test func aSizeSetByAView() throws {
        // Text under `.dynamicTypeSize(.large)` keeps its size; text under a range is clamped.
        let (kept, fresh) = try Self.dumps(VStack {
            Text("Fixed at large").dynamicTypeSize(.large)
            Text("Clamped").dynamicTypeSize(...DynamicTypeSize.xxLarge)
            Text("Free")
        })
        #expect(kept == fresh)
    }

    @Test func aGeometryReader() throws {
        // Its content resolves while the nodes are laid out, in the environment it kept.
        let (kept, fresh) = try Self.dumps(VStack {
            GeometryReader { proxy in ScaledIconRow().frame(width: proxy.size.width / 2) }
            BranchingRow()
        })
        #expect(kept == fresh)
        // The valve: nothing replayed, every category resolved afresh.
        let summary = try HostingScreen(rootView: GeometryReader { _ in BranchingRow() }, device: .iPhone16)
            .replayedLayouts(categories: allCategories, language: nil).summary
        #expect(summary == ReplaySummary(replayed: 0, redoneAfresh: 0))
    }

    @Test func stateInANavigationStack() throws {
        let (kept, fresh) = try Self.dumps(NavigationStack { StateForm() })
        #expect(kept == fresh)
    }

    @Test func rightToLeftText() throws {
        let (kept, fresh) = try Self.dumps(BranchingRow(), language: "ar")
        #expect(kept == fresh)
    }

    @Test func whatIsKeptAndWhatIsRedone() throws {
        // Recorded at the first category: the row that branches is redone, the text beside it kept.
        let root = try Self.recorded(VStack { BranchingRow(); Text("Plain") })
        let stack = try #require(root.children.first)
        #expect(stack.hasReadsBelow && !stack.readsCategory)
        let reads = Self.flattened(stack).filter(\.readsCategory)
        #expect(reads.count == 1 && reads.first?.viewType == ObjectIdentifier(BranchingRow.self))
        #expect(Self.flattened(stack).contains { $0.viewType == ObjectIdentifier(Text.self) && !$0.dependsOnCategory })
    }

    @Test func valueCellsAndChevronsChooseWhenMeasured() throws {
        let form = Form {
            LabeledContent { Text("128 GB of 256 GB").accessibilityIdentifier("value") } label: {
                Text("Storage used on this device").accessibilityIdentifier("label")
            }
            NavigationLink("General") { Text("General") }
        }
        let (kept, fresh) = try Self.dumps(form)
        #expect(kept == fresh)
        // Neither reads the category while it resolves: the whole form is kept.
        let root = try Self.recorded(form)
        #expect(root.children.count == 1 && !root.dependsOnCategory)
        // Kept, the cell and the chevron still take each category's arrangement and size (a
        // choice or size kept from the last layout would show the large size's).
        let layouts = try HostingScreen(rootView: form, device: .iPhone16)
            .layouts(categories: [.large, .accessibilityExtraExtraExtraLarge, .large])
        func frame(_ id: String, _ index: Int) throws -> BoxRect { try #require(layouts[index][id]?.frame) }
        let (label, value) = (try frame("label", 0), try frame("value", 0))
        #expect(value.y < label.y + label.height && value.x > label.x)
        let (largestLabel, largestValue) = (try frame("label", 1), try frame("value", 1))
        #expect(largestValue.y >= largestLabel.y + largestLabel.height && largestValue.x == largestLabel.x)
        #expect(try frame("chevron", 0).width == 8 && frame("chevron", 1).width > 8 && frame("chevron", 2).width == 8)
        #expect(ScreenLayout.framesJSON([layouts[0]]) == ScreenLayout.framesJSON([layouts[2]]))
    }

    @Test func traitsOfKeptViewsAreNotAddedTwice() throws {
        // The toolbar's modifier reads the size below it, so it is redone at each category; the
        // text under it is kept, and its toolbar items must not pile up at each category.
        let view = NavigationStack {
            Group {
                Text("Kept")
                BranchingRow()
            }
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) { Button("Add") {}.accessibilityIdentifier("add") }
            }
        }
        let (kept, fresh) = try Self.dumps(view)
        #expect(kept == fresh)
        let layouts = try HostingScreen(rootView: view, device: .iPhone16).layouts(categories: allCategories)
        let counts = layouts.map { layout in layout.nodes.filter { $0.id == "add" }.count }
        let freshCounts = try allCategories.map { category in
            try HostingScreen(rootView: view, device: .iPhone16).layout(category: category).nodes.filter { $0.id == "add" }.count
        }
        #expect(counts == freshCounts, "\(counts) \(freshCounts)")
    }

    /// The record of `view`'s calls, resolved once at the large size as a hosting screen's first
    /// category records them.
    static func recorded<V: View>(_ view: V) throws -> ResolutionRecord {
        let session = LayoutSession(engine: .shared, typeContext: DynamicTypeContext(), language: nil, maximumDepth: 100)
        var environment = EnvironmentValues()
        environment.categoryReads = session.categoryReads
        environment.setLayoutDynamicTypeSize(.large)
        let root = ResolutionRecord(viewType: nil)
        session.categoryReads.current = root
        session.resolution = .recording
        _ = try ResolveContext(environment: environment, stackAxis: nil, session: session).resolve(view)
        return root
    }

    static func flattened(_ record: ResolutionRecord) -> [ResolutionRecord] {
        [record] + record.children.flatMap(flattened)
    }
}

/// A row that puts its text under its icon at the accessibility sizes, as apps do.
private struct BranchingRow: View {
    @Environment(\.dynamicTypeSize) private var size

    var body: some View {
        if size.isAccessibilitySize {
            VStack(alignment: .leading) {
                Color.blue.frame(width: 20, height: 20)
                Text("A title that is long enough to wrap at the largest sizes")
            }
            .accessibilityIdentifier("branch-stacked")
        } else {
            HStack {
                Color.blue.frame(width: 20, height: 20)
                Text("A title that is long enough to wrap at the largest sizes")
            }
            .accessibilityIdentifier("branch-beside")
        }
    }
}

/// An icon sized by `@ScaledMetric` beside a text.
private struct ScaledIconRow: View {
    @TypeLayoutSwiftUI.ScaledMetric private var icon: CGFloat = 30

    var body: some View {
        HStack {
            Color.green.frame(width: icon, height: icon).accessibilityIdentifier("scaled-icon")
            Text("Scaled")
            Spacer()
        }
    }
}

/// A label that gives way to a shorter one when it doesn't fit.
private struct FittingLabel: View {
    var body: some View {
        HStack {
            ViewThatFits(in: .horizontal) {
                Text("Notifications and sounds")
                    .lineLimit(1).accessibilityIdentifier("fits-wide")
                Text("Short").accessibilityIdentifier("fits-narrow")
            }
            Text("Trailing")
        }
        .padding()
    }
}

/// A form with a toggle bound to state, in a navigation stack's inline bar.
private struct StateForm: View {
    @State private var on = true
    var body: some View {
        Form {
            Section {
                Toggle("Allow Notifications", isOn: $on)
            } footer: {
                Text("Get a summary of your notifications at the times you choose.")
            }
        }
        .navigationTitle("Notifications")
        .navigationBarTitleDisplayMode(.inline)
    }
}
