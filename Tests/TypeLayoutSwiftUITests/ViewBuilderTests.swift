import Foundation
import Testing
import TypeLayoutSwiftUI

struct Contact: Identifiable {
    let id: Int
    let name: String
}

struct ContactRow: View {
    let contact: Contact
    var showsBadge: Bool
    var subtitle: String?

    var body: some View {
        HStack {
            Text(contact.name)
            if let subtitle {
                Text(subtitle).font(.caption)
            }
            if showsBadge {
                Circle().fill(.red).frame(width: 8, height: 8)
            } else {
                EmptyView()
            }
        }
    }
}

enum Tier { case free, pro, team }

struct TierLabel: View {
    let tier: Tier
    var body: some View {
        switch tier {
        case .free: Text("Free")
        case .pro: Text("Pro").bold()
        case .team: Text("Team").foregroundColor(.blue)
        }
    }
}

struct Card: ViewModifier {
    func body(content: Content) -> some View {
        content.padding(12).background(Color.gray.opacity(0.2))
    }
}

struct AccentKey: EnvironmentKey {
    static let defaultValue: CGFloat = 4
}

extension EnvironmentValues {
    var accentWidth: CGFloat {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

struct AccentBar: View {
    @Environment(\.accentWidth) private var width
    @Environment(\.dynamicTypeSize) private var size

    var body: some View {
        Color.red.frame(width: size.isAccessibilitySize ? width * 2 : width, height: 10)
    }
}

struct Counter: View {
    @State private var count = 3
    var body: some View {
        Text("Count: \(count)")
    }
}

struct Endless: View {
    var body: some View {
        VStack { AnyView(Endless()) }
    }
}

/// Result builders, composition and the environment.
@MainActor
struct ViewBuilderTests {
    @Test func ifLetAndIfElseChooseTheirViews() throws {
        let with = try layOut(ContactRow(contact: Contact(id: 1, name: "Ada"), showsBadge: true, subtitle: "Admin"))
        let without = try layOut(ContactRow(contact: Contact(id: 1, name: "Ada"), showsBadge: false, subtitle: nil))
        #expect(with.nodes.filter { $0.kind == .text }.count == 2)
        #expect(with.nodes.contains { $0.style.backgroundColor != nil })
        #expect(without.nodes.filter { $0.kind == .text }.count == 1)
        #expect(!without.nodes.contains { $0.style.backgroundColor != nil })
    }

    @Test func switchChoosesACase() throws {
        let texts = try [Tier.free, .pro, .team].map { tier in
            try layOut(TierLabel(tier: tier)).nodes.compactMap(\.text).map(\.string)
        }
        #expect(texts == [["Free"], ["Pro"], ["Team"]])
    }

    @Test func forEachOverRangesCollectionsAndIdentifiableData() throws {
        let contacts = [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")]
        let view = VStack {
            ForEach(0..<3) { Text("Row \($0)") }
            ForEach(["a", "b"], id: \.self) { Text($0) }
            ForEach(contacts) { Text($0.name) }
        }
        let strings = try layOut(view).nodes.compactMap(\.text).map(\.string)
        #expect(strings == ["Row 0", "Row 1", "Row 2", "a", "b", "Ada", "Grace"])
    }

    @Test func moreThanTenChildren() throws {
        let view = VStack(spacing: 0) {
            Text("1"); Text("2"); Text("3"); Text("4"); Text("5"); Text("6")
            Text("7"); Text("8"); Text("9"); Text("10"); Text("11"); Text("12")
        }
        #expect(try layOut(view).nodes.filter { $0.kind == .text }.count == 12)
    }

    @Test func groupsAndAnyViewLayOutTheirViews() throws {
        let view = HStack(spacing: 0) {
            Group {
                Color.red.frame(width: 10, height: 10)
                Color.blue.frame(width: 10, height: 10)
            }
            .padding(1)
            AnyView(Color.green.frame(width: 10, height: 10))
        }
        .accessibilityIdentifier("row")
        // The padding applies to each view of the group.
        let width = try layOut(view).rect("row")?.width, padded: CGFloat = 12 + 12 + 10
        #expect(close(width, padded))
    }

    @Test func customModifiersApplyTheirBody() throws {
        let layout = try layOut(Color.red.frame(width: 20, height: 20).modifier(Card()).accessibilityIdentifier("card"))
        #expect(close(layout.rect("card")?.width, 44))
    }

    @Test func environmentValuesReachTheViewsBelow() throws {
        let view = VStack {
            AccentBar().accessibilityIdentifier("default")
            AccentBar().environment(\.accentWidth, 30).accessibilityIdentifier("set")
        }
        let large = try layOut(view)
        #expect(close(large.rect("default")?.width, 4) && close(large.rect("set")?.width, 30))
        let huge = try layOut(view, category: .accessibilityLarge)
        #expect(close(huge.rect("set")?.width, 60))
    }

    @Test func stateRendersItsInitialValue() throws {
        #expect(try layOut(Counter()).nodes.compactMap(\.text).map(\.string) == ["Count: 3"])
    }

    @Test func endlessRecursionIsAClearError() throws {
        #expect(throws: SwiftUILayoutError.self) { try layOut(Endless()) }
    }

    @Test func duplicateIdsInForEachAreAnError() throws {
        let view = VStack { ForEach(["a", "a"], id: \.self) { Text($0) } }
        #expect(throws: SwiftUILayoutError.self) { try layOut(view) }
    }
}
