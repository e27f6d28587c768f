import Foundation
import TypeLayout
import TypeLayoutRendering
import TypeLayoutScreens

/// An image, as SwiftUI's `Image`.
///
/// A named image is read from the folder the hosting screen names
/// (``HostingScreen/imagesFolder``): an asset catalog's `name.imageset`, or `name@3x.png`,
/// `name@2x.png`, `name.png`, its pixels over its scale being its size in points. With no
/// folder it is a 24-point grey square. There are no SF Symbols here: a symbol is a grey box
/// sized as the symbol is beside text in the surrounding font (see ``init(systemName:)``), with
/// its name inside when that fits.
nonisolated public struct Image: View, PrimitiveView, Equatable, Sendable {
    /// The body of a primitive view.
    public typealias Body = Never

    enum Source: Equatable, Sendable {
        case symbol(String)
        case named(String)
        /// A grey box of this size in points (`Image(uiImage:)`).
        case placeholder(CGSize)
    }

    let source: Source
    var isResizable = false

    /// A system symbol: a box of 1.2 × the surrounding font's point size, times 0.8 at
    /// ``Image/Scale/small`` and 1.3 at ``Image/Scale/large`` (Apple's "approximately 20 % smaller" and
    /// "30 % larger" than medium), rounded to whole points.
    public init(systemName: String) { source = .symbol(systemName) }
    /// An image from the app's assets: here, from the hosting screen's images folder.
    public init(_ name: String, bundle: Bundle? = nil) { source = .named(name) }
    /// An image that accessibility ignores.
    public init(decorative name: String, bundle: Bundle? = nil) { source = .named(name) }

    /// How a resizable image stretches.
    public enum ResizingMode: Hashable, Sendable {
        /// Tiled.
        case tile
        /// Stretched.
        case stretch
    }

    /// How an image is coloured.
    public enum TemplateRenderingMode: Hashable, Sendable {
        /// As drawn.
        case original
        /// In the foreground colour.
        case template
    }

    /// The size of a symbol relative to the text around it.
    public enum Scale: Hashable, CaseIterable, Sendable {
        /// About 20 % smaller than medium.
        case small
        /// The default.
        case medium
        /// About 30 % larger than medium.
        case large

        /// The symbol's size over medium's (Apple's `NSImage.SymbolScale` documentation).
        var factor: CGFloat {
            switch self {
            case .small: return 0.8
            case .medium: return 1
            case .large: return 1.3
            }
        }
    }

    /// The image stretched to the size it is proposed (drawn scaled to its frame).
    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        var copy = self
        copy.isResizable = true
        return copy
    }

    /// The image drawn as given or in the foreground colour.
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }

    @MainActor func makeNodes(_ context: ResolveContext) throws -> [LayoutNode] {
        switch source {
        case .named(let name):
            guard let folder = context.session.imagesFolder else {
                return [ImageNode(natural: CGSize(width: 24, height: 24), isResizable: isResizable, fill: nil)]
            }
            let picture = try context.session.images.image(named: name, in: folder)
            return [ImageNode(natural: picture.size, isResizable: isResizable, fill: .bitmap(picture.bitmap))]
        case .placeholder(let size):
            return [ImageNode(natural: size, isResizable: isResizable, fill: nil)]
        case .symbol(let name):
            let environment = context.environment
            let weight = environment.fontWeight ?? environment.font?.weight
            let font = try (environment.font ?? .body).resolved(in: context.session.typeContext, weight: weight, italic: false)
            let pointSize = try font.resolved(for: environment.dynamicTypeSize.contentSizeCategory).pointSize
            let side = (CGFloat(pointSize) * 1.2 * environment.imageScale.factor).rounded()
            let label = try context.outsideStack.with { $0.lineLimit = 1 }.resolve(
                Text(verbatim: name).font(.system(size: symbolLabelSize, weight: weight)).foregroundColor(symbolLabelColor))
            return [SymbolNode(side: side, isResizable: isResizable, label: label.first)]
        }
    }
}

/// The size of a symbol's name inside its box: the screen audit's smallest readable size, so
/// that the label is never a finding of its own.
let symbolLabelSize: CGFloat = 11
/// The placeholder's grey, and the darker grey of a symbol's name on it.
let placeholderColor = TypeLayout.Color(red: 174, green: 174, blue: 178)
let symbolLabelColor = Color(red: 60 / 255, green: 60 / 255, blue: 67 / 255)

extension View {
    /// The symbols inside this view at `scale` relative to their text.
    public consuming func imageScale(_ scale: Image.Scale) -> some View { environment(\.imageScale, scale) }
}

/// An image: its natural size, or the proposal when resizable; drawn as its picture scaled to
/// the frame, or as a grey placeholder.
class ImageNode: LayoutNode {
    let natural: CGSize
    let isResizable: Bool
    let fill: ScreenLayout.ImageFill?

    init(natural: CGSize, isResizable: Bool, fill: ScreenLayout.ImageFill?, children: [LayoutNode] = []) {
        self.natural = natural
        self.isResizable = isResizable
        self.fill = fill
        super.init(children: children)
    }

    override func computeSize(_ proposal: ProposedViewSize) -> CGSize {
        isResizable ? proposal.replacingUnspecifiedDimensions(by: natural) : natural
    }

    override var kind: ScreenLayout.Node.Kind { .image }
    override var imageFill: ScreenLayout.ImageFill? { fill ?? .color(placeholderColor) }
}

/// A system symbol: a grey box with the symbol's name centred in it when the name fits.
final class SymbolNode: ImageNode {
    private var labelFits = false

    override func forgetLayout() {
        labelFits = false
        super.forgetLayout()
    }

    init(side: CGFloat, isResizable: Bool, label: LayoutNode?) {
        super.init(natural: CGSize(width: side, height: side), isResizable: isResizable, fill: nil,
                   children: label.map { [$0] } ?? [])
    }

    override var showsChildren: Bool { labelFits }

    override func placeChildren(in bounds: CGRect, proposal: ProposedViewSize) {
        guard let label = children.first else { return }
        // A point of the box on each side stays clear of the name.
        let size = label.sizeThatFits(.unspecified)
        labelFits = size.width <= bounds.width - 2 && size.height <= bounds.height - 2
        guard labelFits else { return }
        label.place(in: CGRect(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2,
                               width: size.width, height: size.height), proposal: .unspecified)
    }
}

/// A named image read from a folder: its picture, and its size in points.
struct LoadedImage {
    let bitmap: RGBAImage
    let size: CGSize
}

/// Named images read once per hosting screen (each category's layout reuses them).
@MainActor
final class ImageLibrary {
    private var loaded: [String: LoadedImage] = [:]

    /// The image `name` in `folder`: `name.imageset` (its `Contents.json`'s largest scale),
    /// else the first of `name@3x.png`, `name@2x.png`, `name.png`.
    ///
    /// - Throws: ``SwiftUILayoutError/missingImage(_:)`` naming the folder and the files
    ///   looked for, or the file that can't be read.
    func image(named name: String, in folder: String) throws -> LoadedImage {
        let key = folder + "\u{0}" + name
        if let known = loaded[key] { return known }
        let candidates = Self.candidates(named: name, in: folder)
        guard let (path, scale) = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            let tried = candidates.map { ($0.path as NSString).lastPathComponent }
            throw SwiftUILayoutError.missingImage("no image '\(name)' in \(folder) (looked for \(tried.joined(separator: ", ")))")
        }
        let bitmap: RGBAImage
        do {
            bitmap = try PNGCodec.read(contentsOf: path)
        } catch {
            throw SwiftUILayoutError.missingImage("image '\(name)' can't be read: \(error)")
        }
        let image = LoadedImage(bitmap: bitmap, size: CGSize(width: CGFloat(bitmap.width) / scale, height: CGFloat(bitmap.height) / scale))
        loaded[key] = image
        return image
    }

    /// The files that may hold `name`, best first, each with its pixels per point.
    private static func candidates(named name: String, in folder: String) -> [(path: String, scale: CGFloat)] {
        var result: [(path: String, scale: CGFloat)] = []
        let imageSet = "\(folder)/\(name).imageset"
        if let data = FileManager.default.contents(atPath: imageSet + "/Contents.json"),
           let contents = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           let images = contents["images"] as? [[String: Any]] {
            // "scale": "3x"; an entry without a file is an empty slot of the catalog.
            let files = images.compactMap { entry -> (path: String, scale: CGFloat)? in
                guard let file = entry["filename"] as? String, file.lowercased().hasSuffix(".png") else { return nil }
                let scale = (entry["scale"] as? String).flatMap { Double($0.dropLast()) } ?? 1
                return (imageSet + "/" + file, CGFloat(scale))
            }
            result += files.sorted { $0.scale > $1.scale }
        }
        result += [("\(folder)/\(name)@3x.png", 3), ("\(folder)/\(name)@2x.png", 2), ("\(folder)/\(name).png", 1)]
        return result
    }
}
