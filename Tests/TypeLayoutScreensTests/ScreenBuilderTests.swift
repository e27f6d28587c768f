import Testing
import TypeLayout
@testable import TypeLayoutScreens

/// The builders' mapping onto nodes and style declarations, checked on the nodes themselves.
@Suite struct ScreenBuilderTests {
    /// The value `property` has at `category` after all of `node`'s declarations, if any sets it.
    func value(_ property: StyleProperty, of node: ScreenNode, at category: ContentSizeCategory = .large) -> StyleValue? {
        node.style.declarations.last { $0.property == property }?.value.value(at: category)
    }

    @Test func vStackIsAColumnWithGapAndAlignment() {
        let node = VStack(alignment: .leading, spacing: 12) {
            Text("One")
            Text("Two")
        }.node
        #expect(value(.flexDirection, of: node) == .keyword("column"))
        #expect(value(.alignItems, of: node) == .keyword("flex-start"))
        #expect(value(.gap, of: node) == .length(.points(12)))
        #expect(node.children.count == 2)
        // Text in a column keeps React Native's flexShrink 0: a screen grows taller rather than squeezing.
        #expect(value(.flexShrink, of: node.children[0]) == nil)
    }

    @Test func hStackIsARowWhoseTextShrinksAndImagesDont() {
        let node = HStack(alignment: .top) {
            Text("A title that may wrap")
            Image(placeholder: .black, width: 20, height: 20)
            Text("Fixed").frame(width: 60)
        }.node
        #expect(value(.flexDirection, of: node) == .keyword("row"))
        #expect(value(.alignItems, of: node) == .keyword("flex-start"))
        #expect(value(.gap, of: node) == .length(.points(StackDescription.defaultSpacing)))
        #expect(value(.flexShrink, of: node.children[0]) == .number(1))
        #expect(value(.flexShrink, of: node.children[1]) == nil)
        #expect(value(.flexShrink, of: node.children[2]) == nil)
        #expect(value(.width, of: node.children[2]) == .length(.points(60)))
    }

    @Test func infiniteMaxWidthGrowsInARowAndStretchesInAColumn() {
        let row = HStack { Text("Left").frame(maxWidth: .infinity); Text("Right").frame(maxWidth: .infinity) }.node
        for child in row.children {
            #expect(value(.flexGrow, of: child) == .number(1))
            #expect(value(.flexBasis, of: child) == .length(.points(0)))
            #expect(value(.maxWidth, of: child) == nil)
        }
        let column = VStack { Text("Wide").frame(maxWidth: .infinity) }.node
        #expect(value(.alignSelf, of: column.children[0]) == .keyword("stretch"))
        #expect(value(.flexGrow, of: column.children[0]) == nil)
        let tall = VStack { Text("Tall").frame(maxHeight: .infinity) }.node
        #expect(value(.flexGrow, of: tall.children[0]) == .number(1))
        #expect(value(.alignSelf, of: tall.children[0]) == nil)
    }

    @Test func flexibilityPropagatesThroughStacksAndPaddingAsInSwiftUI() {
        // The row holds a Spacer, so it takes the column's width; its padding box does too.
        let column = VStack {
            HStack { Text("Title"); Spacer(); Text("Value") }.padding(8).background(.white).padding(4)
        }.node
        let wrapper = column.children[0]
        #expect(value(.alignSelf, of: wrapper) == .keyword("stretch"))
        #expect(value(.padding, of: wrapper) == .length(.points(4)))
        #expect(value(.alignSelf, of: wrapper.children[0]) == .keyword("stretch"))
        // A finite maxWidth is a bound, not flexibility.
        let bounded = VStack { Text("Narrow").frame(maxWidth: 200) }.node
        #expect(value(.maxWidth, of: bounded.children[0]) == .length(.points(200)))
        #expect(value(.alignSelf, of: bounded.children[0]) == nil)
    }

    @Test func spacerGrowsWithItsMinimumAlongTheStackAxis() {
        let row = HStack { Text("A"); Spacer(minLength: 20); Text("B") }.node
        #expect(value(.flexGrow, of: row.children[1]) == .number(1))
        #expect(value(.minWidth, of: row.children[1]) == .length(.points(20)))
        #expect(value(.minHeight, of: row.children[1]) == .length(.auto))
        let column = VStack { Text("A"); Spacer(); Text("B") }.node
        #expect(value(.minHeight, of: column.children[1]) == .length(.points(8)))
        #expect(value(.minWidth, of: column.children[1]) == .length(.auto))
    }

    @Test func adaptiveAxisSwitchesAtAccessibilityMedium() {
        let node = HStack(spacing: 8) {
            Text("Larger Text").frame(maxWidth: .infinity)
            Image(placeholder: .black, width: 51, height: 31)
        }.axis(.horizontal, accessibility: .vertical).node
        #expect(value(.flexDirection, of: node, at: .extraExtraExtraLarge) == .keyword("row"))
        #expect(value(.flexDirection, of: node, at: .accessibilityMedium) == .keyword("column"))
        #expect(value(.alignItems, of: node, at: .large) == .keyword("center"))
        #expect(value(.alignItems, of: node, at: .accessibilityLarge) == .keyword("flex-start"))
        let title = node.children[0]
        #expect(value(.flexGrow, of: title, at: .large) == .number(1))
        #expect(value(.flexGrow, of: title, at: .accessibilityMedium) == .number(0))
        #expect(value(.flexBasis, of: title, at: .accessibilityMedium) == .length(.auto))
        #expect(value(.alignSelf, of: title, at: .large) == .keyword("auto"))
        #expect(value(.alignSelf, of: title, at: .accessibilityMedium) == .keyword("stretch"))
        #expect(value(.flexShrink, of: title, at: .large) == .number(1))
        #expect(value(.flexShrink, of: title, at: .accessibilityExtraExtraExtraLarge) == .number(0))
        // Any threshold: a VStack that becomes a row from xxLarge, say.
        let custom = VStack { Text("A") }.axis(Responsive(base: .vertical, thresholds: [(.extraExtraLarge, .horizontal)])).node
        #expect(value(.flexDirection, of: custom, at: .extraLarge) == .keyword("column"))
        #expect(value(.flexDirection, of: custom, at: .extraExtraLarge) == .keyword("row"))
    }

    @Test func paddingGoesOnABoxUnlessItWouldChangeWhatCameBefore() {
        // On a plain box, padding on different edges adds up on the one node.
        let box = VStack { Text("A") }.padding(.horizontal, 16).padding(.vertical, .scaled(11, relativeTo: .body)).node
        #expect(value(.paddingHorizontal, of: box) == .length(.points(16)))
        #expect(value(.paddingVertical, of: box) == .length(.scaled(11, relativeTo: .body)))
        #expect(value(.flexDirection, of: box) == .keyword("column"))
        // Padding the same edge twice adds a box, as SwiftUI's two paddings add up.
        let twice = VStack { Text("A") }.padding(8).padding(8).node
        #expect(value(.padding, of: twice) == .length(.points(8)))
        #expect(value(.flexDirection, of: twice.children[0]) == .keyword("column"))
        // A text takes its padding itself (it is drawn inside it); a background after it covers it.
        let text = Text("A").padding(.leading, 4).background(.white).id("padded").node
        #expect(text.id == "padded")
        #expect(value(.paddingStart, of: text) == .length(.points(4)))
        #expect(value(.backgroundColor, of: text) == .color(.white))
        guard case .text = text.content else {
            Issue.record("the padded text should stay a text leaf")
            return
        }
        // A background before the padding is inside it: the padding is a box around the text.
        let inside = Text("A").background(.white).padding(4).node
        #expect(value(.padding, of: inside) == .length(.points(4)))
        #expect(value(.backgroundColor, of: inside) == nil)
        #expect(value(.backgroundColor, of: inside.children[0]) == .color(.white))
        // Padding around a background or a fixed size goes outside it.
        let framed = VStack {}.frame(width: 100).padding(10).node
        #expect(value(.width, of: framed) == nil)
        #expect(value(.width, of: framed.children[0]) == .length(.points(100)))
    }

    @Test func frameWithAnAlignmentPlacesTheViewInANewBox() {
        let node = Text("Leading").frame(maxWidth: .infinity, minHeight: 44, alignment: .bottomLeading).node
        #expect(value(.alignItems, of: node) == .keyword("flex-start"))
        #expect(value(.justifyContent, of: node) == .keyword("flex-end"))
        #expect(value(.minHeight, of: node) == .length(.points(44)))
        guard case .text(let text) = node.children.first?.content else {
            Issue.record("the text should be the frame's only child")
            return
        }
        #expect(text.string == "Leading")
    }

    @Test func backgroundsCornersBordersAndRawStyles() {
        let node = VStack {}.background(.white).cornerRadius(12).border(.black, width: 2)
            .style(.flexWrap, .keyword("wrap")).node
        #expect(value(.backgroundColor, of: node) == .color(.white))
        #expect(value(.borderRadius, of: node) == .number(12))
        #expect(value(.borderWidth, of: node) == .number(2))
        #expect(value(.borderColor, of: node) == .color(.black))
        #expect(value(.flexWrap, of: node) == .keyword("wrap"))
        // A second background is another box around the first.
        let layered = VStack {}.background(.white).background(.black).node
        #expect(value(.backgroundColor, of: layered) == .color(.black))
        #expect(value(.backgroundColor, of: layered.children[0]) == .color(.white))
        // A raw per-category value.
        let responsive = VStack {}.style(
            .flexDirection, Responsive(base: .keyword("row"), thresholds: [(.accessibilityMedium, .keyword("column"))])).node
        #expect(value(.flexDirection, of: responsive, at: .large) == .keyword("row"))
        #expect(value(.flexDirection, of: responsive, at: .accessibilityExtraLarge) == .keyword("column"))
    }

    @Test func textModifiersSetTheLeaf() throws {
        let node = Text("Title").font(.custom("Fonts/Cabin-Regular.otf", size: 20, relativeTo: .title3))
            .lineLimit(2).truncationMode(.middle).multilineTextAlignment(.center).foregroundColor(.white).node
        guard case .text(let text) = node.content else {
            Issue.record("a Text should be a text leaf")
            return
        }
        #expect(text.font == .file(path: "Fonts/Cabin-Regular.otf", size: 20, relativeTo: .title3, maximumPointSize: nil))
        #expect(text.numberOfLines == 2)
        #expect(text.truncation == .middle)
        #expect(text.alignment == .center)
        #expect(text.color == .white)
        guard case .text(let bold) = Text("Bold").font(.headline).fontWeight(.bold).node.content else { return }
        #expect(bold.font == .textStyle(.headline, weight: .bold))
        guard case .text(let plain) = Text("Plain").node.content else { return }
        #expect(plain.font == .textStyle(.body, weight: nil))
        #expect(plain.numberOfLines == 0)
    }

    @Test func imagesKeepTheirSourceSizeAndScaling() {
        guard case .image(let image) = Image(file: "icon.png", width: 29, height: 29).imageScaling(.accessibility).node.content
        else {
            Issue.record("an Image should be an image leaf")
            return
        }
        #expect(image.source == .file(path: "icon.png"))
        #expect(image.width == 29)
        #expect(image.scaling == .accessibility)
    }

    @Test func dynamicTypeSizeClampsTheSubtreeAndNestedLimitsIntersect() {
        let capped = HStack { Text("Tab") }.dynamicTypeSize(...DynamicTypeSize.xxxLarge).node
        #expect(capped.maximumContentSizeCategory == .extraExtraExtraLarge)
        #expect(capped.minimumContentSizeCategory == nil)
        let range = Text("A").dynamicTypeSize(.large ... .accessibility1).node
        #expect(range.minimumContentSizeCategory == .large)
        #expect(range.maximumContentSizeCategory == .accessibilityMedium)
        // The later (outer) limit wins where the two don't overlap, as in SwiftUI.
        let nested = Text("A").dynamicTypeSize(.accessibility2...).dynamicTypeSize(...DynamicTypeSize.xLarge).node
        #expect(nested.minimumContentSizeCategory == .extraLarge)
        #expect(nested.maximumContentSizeCategory == .extraLarge)
        let fixed = Text("A").dynamicTypeSize(.small).node
        #expect(fixed.minimumContentSizeCategory == .small)
        #expect(fixed.maximumContentSizeCategory == .small)
    }

    @Test func zStackKeepsTheFirstChildInTheFlowAndCentresTheRest() {
        let node = ZStack {
            Image(placeholder: .black, width: 60, height: 60)
            Text("Badge")
            VStack {}.frame(maxWidth: .infinity)
        }.node
        #expect(value(.alignItems, of: node) == .keyword("center"))
        #expect(value(.justifyContent, of: node) == .keyword("center"))
        #expect(value(.position, of: node.children[0]) == nil)
        #expect(value(.position, of: node.children[1]) == .keyword("absolute"))
        #expect(value(.left, of: node.children[1]) == nil)
        #expect(value(.left, of: node.children[2]) == .length(.points(0)))
        #expect(value(.right, of: node.children[2]) == .length(.points(0)))
    }

    @Test func viewThatFitsListsItsAlternativesInOrder() {
        let node = ViewThatFits {
            HStack { Text("A"); Text("B") }.id("row")
            VStack { Text("A"); Text("B") }.id("column")
        }.node
        guard case .firstThatFits(let children) = node.content else {
            Issue.record("ViewThatFits should be a firstThatFits node")
            return
        }
        #expect(children.map(\.id) == ["row", "column"])
    }

    @Test func rawBoxesPlaceChildrenAlongTheirDirection() {
        let node = Box([StyleDeclaration(.flexDirection, .keyword("row"))]) {
            Text("Shrinks")
        }.node
        #expect(value(.flexShrink, of: node.children[0]) == .number(1))
        let column = Box { Text("Stays") }.node
        #expect(value(.flexShrink, of: column.children[0]) == nil)
    }

    @Test func builderClosuresTakeConditionsAndLoops() {
        let showsValue = false
        let node = VStack {
            for index in 0..<3 { Text("Row \(index)") }
            if showsValue { Text("Value") } else { Spacer() }
        }.node
        #expect(node.children.count == 4)
        let screen = Screen(device: Device(width: 320, height: 480)) {
            Text("One")
            Text("Two")
        }
        #expect(screen.root.children.count == 2)
        #expect(value(.gap, of: screen.root) == .length(.points(0)))
    }

    @Test func theSettingsExampleHasAtLeast25Nodes() {
        func count(_ node: ScreenNode) -> Int { 1 + node.children.map(count).reduce(0, +) }
        #expect(count(ExampleScreens.settings.root) >= 25)
        #expect(ExampleScreens.settings.device.width == 375)
    }
}
