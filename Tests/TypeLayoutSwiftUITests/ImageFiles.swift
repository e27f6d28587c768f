import Foundation
import TypeLayout
import TypeLayoutRendering
import TypeLayoutScreens
import TypeLayoutSwiftUI

// Beside Hosting.swift: the image tests' helpers that name TypeLayout's and TypeLayoutScreens'
// types (whose names clash with the views').

/// A `width` × `height` pixel PNG of one colour at `path`.
func writeSolidPNG(_ path: String, width: Int, height: Int, rgb: [UInt8]) throws {
    let pixels = [UInt8]((0..<(width * height)).flatMap { _ in rgb + [255] })
    try PNGCodec.write(try RGBAImage(width: width, height: height, pixels: pixels), to: path)
}

/// `view` laid out with images from `folder`.
@MainActor
func layOut<V: TypeLayoutSwiftUI.View>(_ view: V, images folder: String, width: Double = 390, height: Double = 844)
    throws -> ScreenLayout {
    try HostingScreen(rootView: view, device: Device(width: width, height: height), imagesFolder: folder).layout()
}

/// The layout drawn at 1 ×: the RGB of the pixel at a point.
@MainActor
func pixelReader(_ layout: ScreenLayout) throws -> (CGFloat, CGFloat) -> [UInt8] {
    let image = try ScreenRenderer(scale: 1, marksFold: false).render(layout)
    return { x, y in
        let offset = (Int(y) * image.width + Int(x)) * 4
        return Array(image.pixels[offset..<offset + 3])
    }
}
