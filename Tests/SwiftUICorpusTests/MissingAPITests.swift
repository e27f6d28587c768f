import Foundation
import Testing
import TypeLayout
import TypeLayoutScreens
import TypeLayoutSwiftUI

/// The APIs corpus27 still found missing, as real apps write them: UIKit's system colours and
/// images, custom label and text field styles, the UIKit-typed field modifiers, `.tint` as a
/// style.
@Suite
@MainActor
struct MissingAPITests {
    /// The fill of the first node `width` points wide.
    private func fill(_ layout: ScreenLayout, width: Double) -> TypeLayout.Color? {
        layout.nodes.first { $0.frame.width == width && $0.style.backgroundColor != nil }?.style.backgroundColor
    }

    @Test func uiKitSystemColoursAreIOSLightValues() throws {
        let layout = try layouts(of: VStack(spacing: 0) {
            Color(.systemGray6).frame(width: 11, height: 10)
            Color(uiColor: .secondaryLabel).frame(width: 12, height: 10)
            Rectangle().fill(Color(UIColor.systemGroupedBackground)).frame(width: 13, height: 10)
            Color(uiColor: UIColor.systemBlue.withAlphaComponent(0.5)).frame(width: 14, height: 10)
        }, categories: [.large])[0]
        #expect(fill(layout, width: 11) == TypeLayout.Color(red: 242, green: 242, blue: 247))
        #expect(fill(layout, width: 12) == TypeLayout.Color(red: 60, green: 60, blue: 67, alpha: 153))
        #expect(fill(layout, width: 13) == TypeLayout.Color(red: 242, green: 242, blue: 247))
        #expect(fill(layout, width: 14) == TypeLayout.Color(red: 0, green: 122, blue: 255, alpha: 128))
    }

    private struct StackedLabelStyle: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            VStack(spacing: 4) {
                configuration.icon.accessibilityIdentifier("icon")
                configuration.title.accessibilityIdentifier("title")
            }
        }
    }

    private struct BadgeLabelStyle: LabelStyle {
        func makeBody(configuration: Configuration) -> some View {
            Label(configuration).padding(8).background(Color.yellow).accessibilityIdentifier("badge")
        }
    }

    @Test func aCustomLabelStyleArrangesIconAndTitle() throws {
        let layout = try layouts(of: Label("Downloads", systemImage: "arrow.down").labelStyle(StackedLabelStyle()),
                                 categories: [.large, .accessibilityLarge])
        for size in layout {
            let icon = try #require(size.rect("icon")), title = try #require(size.rect("title"))
            #expect(icon.maxY + 4 <= title.minY + 0.01, "\(size.category)")
            #expect(abs(icon.midX - title.midX) < 0.5)
        }
        // A style that wraps `Label(configuration)`: the plain label, side by side, in its padding.
        let badge = try layouts(of: Label("Downloads", systemImage: "arrow.down").labelStyle(BadgeLabelStyle()),
                                categories: [.large])[0]
        let plain = try layouts(of: Label("Downloads", systemImage: "arrow.down").accessibilityIdentifier("plain"),
                                categories: [.large])[0]
        let text = try #require(badge.textNode(showing: "Downloads")), plainText = try #require(plain.textNode(showing: "Downloads"))
        #expect(text.frame.width == plainText.frame.width)
        let badgeHeight = try #require(badge.rect("badge")).height, plainHeight = try #require(plain.rect("plain")).height
        #expect(abs(badgeHeight - (plainHeight + 16)) < 0.5)
    }

    private struct FilledFieldStyle: TextFieldStyle {
        func _body(configuration: TextField<Self._Label>) -> some View {
            configuration
                .padding(12)
                .background(RoundedRectangle(cornerRadius: 10).fill(Color(.secondarySystemBackground)))
                .accessibilityIdentifier("styled")
        }
    }

    @Test func aCustomTextFieldStyleDecoratesTheField() throws {
        let email = Binding.constant("")
        let styled = try layouts(of: TextField("Email", text: email).textFieldStyle(FilledFieldStyle()), categories: [.large])[0]
        let plain = try layouts(of: TextField("Email", text: email), categories: [.large])[0]
        let field = try #require(styled.rect("styled")), prompt = try #require(styled.textNode(showing: "Email"))
        let plainPrompt = try #require(plain.textNode(showing: "Email"))
        #expect(abs(field.height - (plainPrompt.frame.height + 24)) < 0.5)
        #expect(abs(prompt.frame.x - (field.minX + 12)) < 0.5)
        #expect(fill(styled, width: field.width) == TypeLayout.Color(red: 242, green: 242, blue: 247))
        // The built-in styles still draw as before.
        let rounded = try layouts(of: SecureField("Password", text: email).textFieldStyle(.roundedBorder), categories: [.large])[0]
        #expect(rounded.nodes.contains { $0.style.backgroundColor == TypeLayout.Color.white })
    }

    @Test func uiKitTypedFieldModifiersChangeNoFrame() throws {
        let email = Binding.constant("")
        let plain = try layouts(of: TextField("Email", text: email).accessibilityIdentifier("field"), categories: [.large])[0]
        let decorated = try layouts(of: TextField("Email", text: email)
            .keyboardType(.emailAddress)
            .textContentType(.emailAddress)
            .autocapitalization(.none)
            .textInputAutocapitalization(.never)
            .accessibilityIdentifier("field"), categories: [.large])[0]
        #expect(plain.rect("field") == decorated.rect("field"))
    }

    @Test func imageFromAUIImageIsAPlaceholderOfItsSize() throws {
        // A PNG's signature and IHDR: 40 × 30 pixels.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 0, 40, 0, 0, 0, 30]
        let picture = try #require(UIImage(data: Data(png)))
        #expect(UIImage(data: Data("not a png, just text".utf8)) == nil)
        let layout = try layouts(of: VStack {
            Image(uiImage: picture).accessibilityIdentifier("picture")
            Image(uiImage: UIImage(named: "avatar")!).accessibilityIdentifier("named")
            Image(uiImage: picture).resizable().frame(width: 80, height: 60).accessibilityIdentifier("stretched")
        }, categories: [.large])[0]
        #expect(layout.rect("picture")?.size == CGSize(width: 40, height: 30))
        #expect(layout.rect("named")?.size == CGSize(width: 24, height: 24))
        #expect(layout.rect("stretched")?.size == CGSize(width: 80, height: 60))
        #expect(layout["picture"]?.kind == .image)
    }

    @Test func tintAsAStyleIsTheEnvironmentsTint() throws {
        let red = TypeLayout.Color(red: 255, green: 59, blue: 48), blue = TypeLayout.Color(red: 0, green: 122, blue: 255)
        let layout = try layouts(of: VStack {
            Circle().foregroundStyle(.tint).frame(width: 21, height: 21)
            Circle().fill(.tint).frame(width: 22, height: 22).tint(.red)
            Text("Tinted").foregroundStyle(.tint).accessibilityIdentifier("text")
            Text("Inherited").accessibilityIdentifier("inherited").foregroundStyle(.tint).tint(.red)
        }, categories: [.large])[0]
        #expect(fill(layout, width: 21) == blue)
        #expect(fill(layout, width: 22) == red)
        #expect(layout.textNode(showing: "Tinted")?.text?.glyphs.first?.color == blue)
        #expect(layout.textNode(showing: "Inherited")?.text?.glyphs.first?.color == red)
    }
}
