import Foundation
import Testing
import TypeLayout
@testable import TypeLayoutScreens
import TypeLayoutRendering

/// The device's status bar and home indicator (`ScreenRenderer.showsDeviceChrome`): drawn over
/// a preset's insets, the same pixels as no chrome at all when turned off or on a device without
/// a safe area, and never part of the layout.
@Suite struct DeviceChromeTests {
    /// An empty white screen on `device`, laid out `direction`.
    static func blank(on device: Device, direction: Direction = .ltr) -> ScreenLayout {
        let root = ScreenLayout.Node(id: "root", path: "0", kind: .box, parent: nil,
                                     frame: BoxRect(x: 0, y: 0, width: device.width, height: device.height),
                                     style: BoxStyle(), category: .large)
        return ScreenLayout(category: .large, device: device, background: .white, nodes: [root], direction: direction)
    }

    static func render(_ layout: ScreenLayout, chrome: Bool = true) throws -> RGBAImage {
        try ScreenRenderer(scale: 1, marksFold: false, showsDeviceChrome: chrome).render(layout)
    }

    /// The columns of `image` with a dark pixel in rows `rows`.
    static func darkColumns(_ image: RGBAImage, rows: Range<Int>) -> [Int] {
        (0..<image.width).filter { x in rows.contains { image.pixel(x: x, y: $0).red < 128 } }
    }

    @Test func aPresetGetsAStatusBarAroundTheIslandAndAHomeIndicator() throws {
        let image = try Self.render(Self.blank(on: .iPhone16))
        let dark = Self.darkColumns(image, rows: 0..<59)
        // The clock in the island's left side, the glyphs in its right side; none under the
        // island (x 133.5 … 259.5).
        #expect(dark.contains { $0 < 133 } && dark.contains { $0 > 260 })
        #expect(!dark.contains { (140..<253).contains($0) })
        #expect(dark.min()! > 20 && dark.max()! < 393 - 20)
        // The home indicator: a dark 134 × 5 capsule whose bottom is 8 pt above the screen's.
        let middle = image.pixel(x: 196, y: 852 - 8 - 3)
        #expect(middle.red < 40 && middle.green < 40 && middle.blue < 40)
        #expect(image.pixel(x: 196, y: 852 - 4).red == 255 && image.pixel(x: 196, y: 852 - 15).red == 255)
        let indicator = Self.darkColumns(image, rows: (852 - 13)..<(852 - 8))
        #expect(indicator.count >= 132 && indicator.count <= 136)
        // The rest of the screen is untouched.
        #expect(Self.darkColumns(image, rows: 59..<(852 - 34)).isEmpty)
    }

    @Test func theClockHasAFixedSizeAtEveryCategory() throws {
        let blank = Self.blank(on: .iPhone16)
        let small = ScreenLayout(category: .extraSmall, device: blank.device, background: .white, nodes: blank.nodes)
        let large = ScreenLayout(category: .accessibilityExtraExtraExtraLarge, device: blank.device, background: .white,
                                 nodes: blank.nodes)
        #expect(try Self.render(small) == Self.render(large))
    }

    @Test func turnedOffOrWithoutASafeAreaItIsTheLayoutAlone() throws {
        let preset = Self.blank(on: .iPhone16)
        let plain = Self.blank(on: Device(width: 393, height: 852))
        let off = try Self.render(preset, chrome: false)
        #expect(off == (try Self.render(plain, chrome: false)))
        #expect(off == (try Self.render(plain)))
        #expect(off != (try Self.render(preset)))
        #expect(ScreenRenderer(scale: 1).chrome(of: plain) == nil)
        #expect(ScreenRenderer(scale: 1, showsDeviceChrome: false).chrome(of: preset) == nil)
    }

    @Test func rightToLeftMirrorsTheStatusBarAsIOSDoes() throws {
        let ltr = try #require(DeviceChrome(device: .iPhone16, direction: .ltr))
        let rtl = try #require(DeviceChrome(device: .iPhone16, direction: .rtl))
        #expect(ltr.clockCenter.x < 393 / 2 && rtl.clockCenter.x > 393 / 2)
        #expect(ltr.glyphs.allSatisfy { $0.box.x > 393 / 2 } && rtl.glyphs.allSatisfy { $0.box.x + $0.box.width < 393 / 2 })
        // The battery stays outermost: at the right edge's side, mirrored to the left.
        #expect(ltr.glyphs.last?.glyph == .battery && rtl.glyphs.last?.glyph == .battery)
        #expect(rtl.glyphs.last!.box.x < rtl.glyphs.first!.box.x)
        // Drawn: the clock's text is on the right, and the home indicator stays in the middle.
        let left = try Self.render(Self.blank(on: .iPhone16))
        let right = try Self.render(Self.blank(on: .iPhone16, direction: .rtl))
        let clockRows = 20..<40
        let clockColumns = Self.darkColumns(left, rows: clockRows).filter { $0 < 196 }
        let mirroredColumns = Self.darkColumns(right, rows: clockRows).filter { $0 > 196 }
        #expect(clockColumns.count == mirroredColumns.count)
        #expect(abs((clockColumns.min()! + clockColumns.max()!) - (784 - mirroredColumns.min()! - mirroredColumns.max()!)) <= 2)
        #expect(Self.darkColumns(right, rows: 839..<844) == Self.darkColumns(left, rows: 839..<844))
    }

    @Test func eachPresetsBarFollowsItsShape() throws {
        // iPhone SE: the classic 20 pt bar, the clock in the middle, no home indicator.
        let se = try #require(DeviceChrome(device: .iPhoneSE, direction: .ltr))
        #expect(se.clockCenter.x == 375 / 2 && se.clock.pointSize == 12 && se.homeIndicator == nil)
        #expect(se.glyphs.map(\.glyph) == [.signal, .wifi, .battery] && se.glyphs[0].box.x == 6)
        // iPhone 16 Pro Max: the clock at 17 pt, the 134 × 5 capsule 8 pt above the bottom.
        let max = try #require(DeviceChrome(device: .iPhone16ProMax, direction: .ltr))
        #expect(max.clock.pointSize == 17)
        #expect(max.homeIndicator == BoxRect(x: (440 - 134) / 2, y: 956 - 13, width: 134, height: 5))
        // iPad: the clock and date at the leading edge, a wider indicator.
        let iPad = try #require(DeviceChrome(device: .iPadPro11, direction: .ltr))
        #expect(iPad.clock.text.hasPrefix("9:41 ") && !iPad.clockCenter.x.isFinite)
        #expect((iPad.homeIndicator?.width ?? 0) > 134)
        // A custom device with only a bottom inset: an indicator and no bar.
        let bottomOnly = try #require(DeviceChrome(device: Device(width: 300, height: 600, safeArea: (0, 0, 20, 0)), direction: .ltr))
        #expect(!bottomOnly.hasBar && bottomOnly.glyphs.isEmpty && bottomOnly.homeIndicator != nil)
        #expect(DeviceChrome(device: Device(width: 300, height: 600), direction: .ltr) == nil)
        // Content taller than the device: the indicator at the end of the picture, as in a
        // full-page screenshot, not across the text at the fold.
        let tall = try #require(DeviceChrome(device: .iPhone16, direction: .ltr, bottom: 1_500))
        #expect(tall.homeIndicator == BoxRect(x: (393 - 134) / 2, y: 1_487, width: 134, height: 5))
    }

    @Test func itIsNotInTheLayoutNorItsFramesDump() throws {
        let screen = try ExampleScreens.settings
        let layout = try screen.layout(at: .large)
        #expect(layout.device.safeArea.top == 20)
        let json = layout.framesJSON()
        #expect(!json.contains("9:41"))
        // Every node of the dump is a node of the screen file; the first is its root, at the top
        // of the screen, under the status bar.
        #expect(json.components(separatedBy: "\"path\"").count - 1 == layout.nodes.count)
    }

    @Test func aScreenFileLaidOutRightToLeftSaysSo() throws {
        let screen = try ExampleScreens.settings
        #expect(try screen.layout(at: .large, direction: .rtl).direction == .rtl)
        #expect(try screen.layout(at: .large).direction == .ltr)
    }

    @Test func aSheetDrawnInBandsHasTheChromesPixels() throws {
        let layouts = [Self.blank(on: .iPhone16), Self.blank(on: .iPhoneSE, direction: .rtl), Self.blank(on: .iPadPro11)]
        let sheet = ScreenSheet(renderer: ScreenRenderer(scale: 2), columns: 2)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("chrome-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try sheet.writePNG(layouts, to: path)
        #expect(try PNGCodec.read(contentsOf: path) == sheet.render(layouts))
    }
}
