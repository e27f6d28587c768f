import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// The APIs the corpus tally found missing and that were added: accepted modifiers change no
/// frame, gradients fill as a colour, the short shape names, `ContentUnavailableView`.
@Suite
@MainActor
struct AcceptedAPITests {
    private struct Row: View {
        let decorated: Bool
        var body: some View {
            HStack {
                Image(systemName: "star").accessibilityIdentifier("icon")
                Text("Favourites").accessibilityIdentifier("title")
            }
            .padding()
            .accessibilityIdentifier("row")
        }
    }

    private struct DecoratedRow: View {
        @State private var count = 0
        var body: some View {
            HStack {
                Image(systemName: "star")
                    .symbolRenderingMode(.hierarchical)
                    .symbolVariant(.fill)
                    .accessibilityHidden(true)
                    .accessibilityIdentifier("icon")
                Text("Favourites")
                    .monospacedDigit()
                    .fontDesign(.rounded)
                    .accessibilityIdentifier("title")
            }
            .padding()
            .shadow(color: .black.opacity(0.2), radius: 8, x: 0, y: 4)
            .contentShape(Rectangle())
            .onTapGesture { count += 1 }
            .onLongPressGesture {}
            .onAppear {}
            .onDisappear {}
            .task {}
            .onChange(of: count) { _, _ in }
            .animation(.snappy, value: count)
            .accessibilityElement(children: .combine)
            .accessibilityLabel("Favourites")
            .accessibilityAddTraits(.isButton)
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .buttonBorderShape(.capsule)
            .scrollBounceBehavior(.basedOnSize)
            .gridCellUnsizedAxes(.horizontal)
            .mask { Rectangle() }
            .accessibilityIdentifier("row")
        }
    }

    @Test func acceptedModifiersChangeNoFrame() throws {
        let plain = try layouts(of: Row(decorated: false), categories: [.large, .accessibilityLarge])
        let decorated = try layouts(of: DecoratedRow(), categories: [.large, .accessibilityLarge])
        for (a, b) in zip(plain, decorated) {
            for id in ["row", "icon", "title"] {
                #expect(a.rect(id) == b.rect(id), "\(id) at \(a.category.shortName)")
            }
        }
    }

    @Test func withAnimationRunsItsBody() {
        var ran = false
        let result = withAnimation(.spring()) { ran = true; return 3 }
        #expect(ran && result == 3)
    }

    @Test func linearGradientFillsAsTheMeanOfItsColours() throws {
        let gradient = LinearGradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                      startPoint: .top, endPoint: .bottom)
        let layout = try layouts(of: VStack(spacing: 0) {
            gradient.frame(height: 100).accessibilityIdentifier("view")
            Circle().fill(gradient).frame(width: 50, height: 50).accessibilityIdentifier("fill")
        }, categories: [.large])[0]
        // As a view it takes the width it is offered, as a colour does.
        #expect(try #require(layout.rect("view")).width == 393)
        let mean = TypeLayout.Color(red: 128, green: 0, blue: 128)
        let view = try #require(layout.nodes.first { $0.frame.height == 100 && $0.style.backgroundColor != nil })
        #expect(view.style.backgroundColor == mean)
        let fill = try #require(layout.nodes.first { $0.frame.width == 50 && $0.style.backgroundColor != nil })
        #expect(fill.style.backgroundColor == mean)
    }

    @Test func shortShapeNamesAndBackgroundInShape() throws {
        let short = try layouts(of: Text("Tag").padding(8).background(Color.blue, in: .rect(cornerRadius: 6))
            .clipShape(.capsule).accessibilityIdentifier("tag"), categories: [.large])[0]
        let long = try layouts(of: Text("Tag").padding(8).background { RoundedRectangle(cornerRadius: 6).fill(Color.blue) }
            .clipShape(Capsule()).accessibilityIdentifier("tag"), categories: [.large])[0]
        #expect(short.rect("tag") == long.rect("tag"))
        #expect(short.nodes.map(\.frame) == long.nodes.map(\.frame))
        #expect(short.nodes.map(\.style.backgroundColor) == long.nodes.map(\.style.backgroundColor))
    }

    @Test func edgesIgnoringSafeAreaOnTheRootTakesTheWholeScreen() throws {
        let layout = try layouts(of: Color.teal.edgesIgnoringSafeArea(.all), categories: [.large])[0]
        let root = try #require(layout.nodes.first)
        #expect(root.frame.y == 0 && root.frame.height == 852)
    }

    @Test func contentUnavailableViewWithAndWithoutDescription() throws {
        let with = try layouts(of: ContentUnavailableView("No Favourites", systemImage: "star",
                                                          description: Text("Tap the star on a recipe to keep it here.")),
                               categories: [.large])[0]
        let title = try #require(with.textNode(showing: "No Favourites"))
        let description = try #require(with.textNode(showing: "Tap the star on a recipe to keep it here."))
        #expect(description.frame.y > title.frame.y + title.frame.height)
        #expect(title.text!.size.height > description.text!.size.height)
        let without = try layouts(of: ContentUnavailableView("No Favourites", systemImage: "star"), categories: [.large])[0]
        #expect(without.nodes.filter { $0.kind == .text }.count == with.nodes.filter { $0.kind == .text }.count - 1)
    }
}

/// Found by the corpus (ShippingOptions): a `Spacer` inside an `AnyLayout` grew along both axes,
/// as if outside any stack, so a row of an adaptive stack took half the screen's height.
@Suite
@MainActor
struct AnyLayoutSpacerTests {
    @Test(arguments: [false, true])
    func spacerGrowsAlongTheErasedStacksAxisOnly(vertical: Bool) throws {
        let layout: AnyLayout = vertical ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())
        let plain = try layouts(of: VStack(spacing: 0) {
            Group {
                if vertical {
                    VStack { Text("Standard"); Spacer(minLength: 0); Text("Free") }
                } else {
                    HStack { Text("Standard"); Spacer(minLength: 0); Text("Free") }
                }
            }
            .accessibilityIdentifier("row")
            Color.gray.frame(height: 100)
        }, categories: [.large])[0]
        let erased = try layouts(of: VStack(spacing: 0) {
            layout { Text("Standard"); Spacer(minLength: 0); Text("Free") }
                .accessibilityIdentifier("row")
            Color.gray.frame(height: 100)
        }, categories: [.large])[0]
        #expect(erased.rect("row") == plain.rect("row"))
        if !vertical { #expect(try #require(erased.rect("row")).height < 30) }
    }
}

/// Found by the corpus (RecipeIngredients): in a `Grid` aligned on the first text baseline, a
/// cell whose text wrapped hung into the next row (its baseline was set on the row's bottom).
@Suite
@MainActor
struct GridBaselineTests {
    @Test func aWrappedCellKeepsToItsRow() throws {
        let grid = Grid(alignment: .leadingFirstTextBaseline, horizontalSpacing: 12, verticalSpacing: 8) {
            GridRow {
                Text("60 g").bold().accessibilityIdentifier("quantity")
                Text("Parmigiano Reggiano, finely grated, and a little more to serve at the table")
                    .accessibilityIdentifier("name")
            }
            GridRow {
                Text("3 tbsp").bold()
                Text("olive oil").accessibilityIdentifier("next")
            }
        }
        let layout = try layouts(of: grid.frame(width: 240), categories: [.large])[0]
        let quantity = try #require(layout.textNode(under: "quantity")), name = try #require(layout.textNode(under: "name"))
        let next = try #require(layout.rect("next"))
        // First baselines meet; the next row starts below the wrapped cell.
        let quantityBaseline = quantity.frame.y + quantity.text!.lines[0].baseline
        let nameBaseline = name.frame.y + name.text!.lines[0].baseline
        #expect(name.text!.lines.count > 1)
        #expect(abs(quantityBaseline - nameBaseline) < 0.5)
        #expect(next.minY >= name.frame.y + name.frame.height + 8 - 0.5)
    }
}

/// The app services views read: `\.dismiss`, `@AppStorage`, `AsyncImage`, materials.
@Suite
@MainActor
struct AppServicesTests {
    private struct Stored: View {
        @AppStorage("count") var count = 3
        @AppStorage("name") var name: String?
        var body: some View {
            Text("\(count) \(name ?? "none")").accessibilityIdentifier("text")
        }
    }

    @Test func appStorageStartsAtItsDefaultAndBinds() throws {
        let view = Stored()
        #expect(view.count == 3 && view.name == nil)
        view.$count.wrappedValue = 5
        #expect(view.count == 5)
        let layout = try layouts(of: Stored(), categories: [.large])[0]
        #expect(layout.textNode(showing: "3 none") != nil)
    }

    @Test func asyncImageShowsItsPlaceholderOrAGreyFill() throws {
        let url = URL(string: "https://example.com/a.png")
        let withPlaceholder = try layouts(of: AsyncImage(url: url) { $0.resizable() } placeholder: {
            Text("Loading…").accessibilityIdentifier("placeholder")
        }, categories: [.large])[0]
        #expect(withPlaceholder.textNode(showing: "Loading…") != nil)
        let plain = try layouts(of: AsyncImage(url: url).frame(width: 80, height: 60).accessibilityIdentifier("image"),
                                categories: [.large])[0]
        #expect(plain.rect("image") == CGRect(x: 156.5, y: 59 + (852 - 59 - 34 - 60) / 2, width: 80, height: 60))
        let phased = try layouts(of: AsyncImage(url: url) { phase in
            if let image = phase.image { image } else { Text("Empty").accessibilityIdentifier("empty") }
        }, categories: [.large])[0]
        #expect(phased.textNode(showing: "Empty") != nil)
    }

    @Test func materialsFillWithTranslucentWhite() throws {
        let layout = try layouts(of: Text("Caption").padding().background(.ultraThinMaterial), categories: [.large])[0]
        let fills = layout.nodes.compactMap(\.style.backgroundColor)
        #expect(fills.contains(TypeLayout.Color(red: 255, green: 255, blue: 255, alpha: 140)))
    }

    @Test func dismissDoesNothingAndNothingIsPresented() {
        let environment = EnvironmentValues()
        environment.dismiss()
        #expect(!environment.isPresented)
    }
}
