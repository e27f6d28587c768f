import Foundation
import SnapshotTesting
import Testing
import TypeLayout
import TypeLayoutRendering
import TypeLayoutScreens
import TypeLayoutSwiftUI
import TypeLayoutTesting

extension Snapshotting where Value: TypeLayoutSwiftUI.View, Format == RGBAImage {
    /// A SwiftUI view hosted on `device` (as TypeLayoutSwiftUI's `HostingScreen` hosts it), laid
    /// out at `category` and drawn into one PNG: `assertSnapshot(of: MyView(), as:
    /// .typeLayout(device: .iPhone16, category: .accessibility3))` on Linux.
    ///
    /// Call it on the main actor, where the views are laid out (a `@MainActor` test).
    ///
    /// - Parameters:
    ///   - device: the screen; `Device(width:height:)` for a plain container.
    ///   - category: the Dynamic Type size, by SwiftUI's names (`.accessibility3`), one to one
    ///     with the content size categories.
    ///   - language: the language the text is laid out in (a BCP 47 tag).
    ///   - scale: pixels per point: 1, 2 or 3.
    ///   - typeContext: the Dynamic Type settings other than the category.
    ///   - perChannelTolerance: how much any R, G, B or A value (0–255) may differ before a pixel
    ///     counts as differing.
    ///   - maximumDifferingPixelFraction: the fraction of pixels (0–1) that may differ beyond
    ///     the tolerance.
    /// - Returns: the strategy.
    @MainActor
    public static func typeLayout(
        device: Device, category: DynamicTypeSize = .large, language: String? = nil, scale: Int = 2,
        typeContext: DynamicTypeContext = DynamicTypeContext(),
        perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0
    ) -> Snapshotting {
        drawn(diffing: .typeLayoutImage(perChannelTolerance: perChannelTolerance,
                                        maximumDifferingPixelFraction: maximumDifferingPixelFraction)) { view in
            let layout = try HostingScreen(rootView: view, device: device, typeContext: typeContext)
                .layout(category: category.contentSizeCategory, language: language)
            // The device's own size: no gutter for the fold's caption, as a screenshot.
            return try ScreenRenderer(scale: scale, marksFold: false).render(layout)
        }
    }

    /// A SwiftUI view laid out at each of `categories` (all twelve by default) and drawn into one
    /// sheet, a captioned cell per category (TypeLayoutScreens' `ScreenSheet`).
    ///
    /// Call it on the main actor, where the views are laid out.
    ///
    /// - Parameters:
    ///   - device: the screen; `Device(width:height:)` for a plain container.
    ///   - categories: the cells, in order, by SwiftUI's names.
    ///   - language: the language the text is laid out in (a BCP 47 tag).
    ///   - columns: cells per row.
    ///   - scale: pixels per point: 1, 2 or 3.
    ///   - typeContext: the Dynamic Type settings other than the category.
    ///   - perChannelTolerance: how much any R, G, B or A value (0–255) may differ before a pixel
    ///     counts as differing.
    ///   - maximumDifferingPixelFraction: the fraction of pixels (0–1) that may differ beyond
    ///     the tolerance.
    /// - Returns: the strategy.
    @MainActor
    public static func typeLayoutSheet(
        device: Device, categories: [DynamicTypeSize] = DynamicTypeSize.allCases, language: String? = nil,
        columns: Int = 6, scale: Int = 1, typeContext: DynamicTypeContext = DynamicTypeContext(),
        perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0
    ) -> Snapshotting {
        drawn(diffing: .typeLayoutImage(perChannelTolerance: perChannelTolerance,
                                        maximumDifferingPixelFraction: maximumDifferingPixelFraction)) { view in
            let layouts = try HostingScreen(rootView: view, device: device, typeContext: typeContext)
                .layouts(categories: categories.map(\.contentSizeCategory), language: language)
            return try ScreenSheet(renderer: ScreenRenderer(scale: scale), columns: columns).render(layouts)
        }
    }

    /// A strategy whose snapshot is `draw(view)` on the main actor; a view that can't be laid out
    /// is reported as an issue and snapshots as a 1 × 1 transparent picture, which matches no
    /// reference.
    @MainActor
    private static func drawn(diffing: Diffing<RGBAImage>, _ draw: @escaping @MainActor (Value) throws -> RGBAImage) -> Snapshotting {
        Snapshotting(pathExtension: "png", diffing: diffing) { view in
            // assertSnapshot takes the snapshot at once on the caller's thread: the main actor,
            // which this strategy was made on.
            MainActor.assumeIsolated {
                do {
                    return try draw(view)
                } catch {
                    Issue.record(error, "Can't lay out or draw the view for its snapshot")
                    return RGBAImage.unreadable
                }
            }
        }
    }
}

extension Diffing where Value == RGBAImage {
    /// Pictures stored as PNG and compared pixel by pixel (TypeLayoutTesting's
    /// `ImageComparison`); a failure's message gives the differing pixels, and its attachments
    /// the reference, the new picture and a difference picture.
    ///
    /// - Parameters:
    ///   - perChannelTolerance: how much any R, G, B or A value (0–255) may differ before a pixel
    ///     counts as differing.
    ///   - maximumDifferingPixelFraction: the fraction of pixels (0–1) that may differ beyond
    ///     the tolerance.
    /// - Returns: the diffing.
    public static func typeLayoutImage(perChannelTolerance: Int = 0, maximumDifferingPixelFraction: Double = 0) -> Diffing {
        .diff(
            toData: { image in Data((try? PNGCodec.encode(image)) ?? []) },
            // A reference that isn't a PNG reads as a picture that matches nothing.
            fromData: { data in (try? PNGCodec.decode([UInt8](data))) ?? .unreadable },
            diffV2: { reference, actual in
                let comparison = ImageComparison(reference: reference, actual: actual, perChannelTolerance: perChannelTolerance)
                guard !comparison.matches(maximumDifferingPixelFraction: maximumDifferingPixelFraction) else { return nil }
                var attachments: [DiffAttachment] = []
                for (name, image) in [("reference", reference), ("actual", actual)] {
                    if let png = try? PNGCodec.encode(image) { attachments.append(.data(Data(png), name: "\(name).png")) }
                }
                if comparison.sizesMatch,
                   let difference = try? ImageComparison.differenceImage(reference: reference, actual: actual,
                                                                         perChannelTolerance: perChannelTolerance),
                   let png = try? PNGCodec.encode(difference) {
                    attachments.append(.data(Data(png), name: "difference.png"))
                }
                return (comparison.sizesMatch
                    ? "\(comparison.differingPixelCount) of \(comparison.pixelCount) pixels differ (largest channel difference \(comparison.largestChannelDelta))"
                    : "the picture is \(comparison.actualSize), the reference \(comparison.referenceSize)",
                    attachments)
            })
    }
}

extension RGBAImage {
    /// One transparent pixel: what a snapshot that couldn't be drawn, or a reference that
    /// couldn't be read, becomes.
    fileprivate static var unreadable: RGBAImage {
        // 1 × 1 with its 4 bytes is always a valid size.
        try! RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0])
    }
}
