#if canImport(Glibc)
import Glibc
#endif
import PositionedDocuments
import TypeLayout

/// Turns a screen file's positioned tree into a ``Screen``, checking every key, kind and range
/// where it is written so that each error names its line and column.
struct ScreenFileReader {
    let file: String
    /// The screen file's folder with a trailing slash ("" for a bare name): relative image and
    /// font paths start there.
    let folder: String
    /// Each id and where it was first given: ids name nodes in tests and dumps, so one may
    /// be used once.
    private var ids: [String: TextFileLocation] = [:]

    init(file: String) {
        self.file = file
        folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
    }

    // MARK: The screen

    mutating func screen(_ document: JSONNode) throws(ScreenFileError) -> Screen {
        let fields = try object(document, "a screen", keys: ["device", "background", "root", "samples"])
        guard let deviceNode = fields["device"] else {
            throw fail(document, "missing 'device': a preset name such as 'iPhone 16', or { width, height, safeArea }")
        }
        guard let rootNode = fields["root"] else { throw fail(document, "missing 'root': the screen's outermost node") }
        let device = try self.device(deviceNode)
        let background = try fields["background"].map { node throws(ScreenFileError) in try color(node, for: "background") }
        var screen = Screen(device: device, background: background, root: try node(rootNode))
        if let samples = fields["samples"] { screen.samples = try self.samples(samples) }
        return screen
    }

    /// `samples: { string: "Maximilian", number: 12345, keys: { greeting: [Jo] } }`: what
    /// localized texts' placeholders show.
    private func samples(_ json: JSONNode) throws(ScreenFileError) -> FormatSamples {
        let fields = try object(json, "format samples", keys: ["string", "number", "keys"])
        var samples = FormatSamples()
        if let string = fields["string"] {
            guard let text = string.string else { throw fail(string, "expected 'string' to be a string; got \(Self.spelled(string))") }
            samples.string = text
        }
        if let number = fields["number"] {
            let value = try self.number(number, for: "number", minimum: nil)
            guard value == value.rounded(), abs(value) <= 1e15 else {
                throw fail(number, "expected 'number' to be a whole number; got \(Self.spelled(number))")
            }
            samples.number = Int(value)
        }
        if let keys = fields["keys"] {
            guard let members = keys.members else {
                throw fail(keys, "expected 'keys' to map catalog keys to lists of values; got \(Self.spelled(keys))")
            }
            for member in members { samples.arguments[member.key] = try arguments(member.value) }
        }
        return samples
    }

    /// A list of a format's values: strings, or numbers written as whole numbers where they are.
    private func arguments(_ json: JSONNode) throws(ScreenFileError) -> [String] {
        guard case let .array(items) = json.value else {
            throw fail(json, "expected a list of the format's values; got \(Self.spelled(json))")
        }
        var values: [String] = []
        for item in items {
            switch item.value {
            case let .string(value): values.append(value)
            case let .number(value) where value == value.rounded() && abs(value) <= 1e15: values.append(String(Int(value)))
            case let .number(value): values.append(String(value))
            default: throw fail(item, "expected an argument to be a string or a number; got \(Self.spelled(item))")
            }
        }
        return values
    }

    private func device(_ json: JSONNode) throws(ScreenFileError) -> Device {
        if let name = json.string {
            do { return try Device.named(name) } catch {
                // The layout's message, with the name escaped and the file's place.
                guard case let ScreenError.unknownDevice(_, validNames) = error else { throw fail(json, "\(error)") }
                throw fail(json, "unknown device \(TextDecoding.quoted(name))\(NameSuggestion.phrase(for: name, among: validNames)); "
                    + "expected one of \(validNames.joined(separator: ", ")) or { width, height, safeArea }")
            }
        }
        guard case .object = json.value else {
            throw fail(json, "expected a device: a preset name or { width, height, safeArea }; got \(Self.spelled(json))")
        }
        let fields = try object(json, "a device", keys: ["width", "height", "safeArea"])
        func size(_ key: String) throws(ScreenFileError) -> Double {
            guard let value = fields[key] else { throw fail(json, "missing '\(key)': the device's \(key) in points") }
            return try number(value, for: key, minimum: .positive)
        }
        let width = try size("width"), height = try size("height")
        var insets = (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0)
        if let safeArea = fields["safeArea"] {
            let edges = try object(safeArea, "safe-area insets", keys: ["top", "left", "bottom", "right"])
            func inset(_ key: String) throws(ScreenFileError) -> Double {
                try edges[key].map { node throws(ScreenFileError) in try number(node, for: "safeArea.\(key)", minimum: .zero) } ?? 0
            }
            insets = (try inset("top"), try inset("left"), try inset("bottom"), try inset("right"))
        }
        // The layout's own check, for what a field at a time can't see (insets wider than the device).
        do { return try Device(width: width, height: height, safeArea: insets).validated() } catch {
            throw fail(json, "\(error)")
        }
    }

    // MARK: Nodes

    private static let contentKeys = ["children", "text", "image", "firstThatFits"]
    private static let nodeKeys = ["id", "role", "style", "minimumContentSizeCategory", "maximumContentSizeCategory"] + contentKeys

    private mutating func node(_ json: JSONNode) throws(ScreenFileError) -> ScreenNode {
        let fields = try object(json, "a node", keys: Self.nodeKeys)
        let location = self.location(json)
        var id: String?
        if let idNode = fields["id"] {
            guard let name = idNode.string, !name.isEmpty else {
                throw fail(idNode, "expected an id (a non-empty string); got \(Self.spelled(idNode))")
            }
            if let first = ids[name] { throw fail(idNode, "duplicate id \(TextDecoding.quoted(name)) (first given at \(first))") }
            ids[name] = self.location(idNode)
            id = name
        }
        let style = try fields["style"].map { node throws(ScreenFileError) in try self.style(node) } ?? ScreenStyle()
        let minimum = try fields["minimumContentSizeCategory"].map { node throws(ScreenFileError) in
            try category(node, for: "minimumContentSizeCategory")
        }
        let maximum = try fields["maximumContentSizeCategory"].map { node throws(ScreenFileError) in
            try category(node, for: "maximumContentSizeCategory")
        }
        if let minimum, let maximum, maximum < minimum, let maximumNode = fields["maximumContentSizeCategory"] {
            throw fail(maximumNode, "maximumContentSizeCategory \(maximum.shortName) is below "
                + "minimumContentSizeCategory \(minimum.shortName)")
        }
        let given = fields.members.filter { Self.contentKeys.contains($0.key) }
        if given.count > 1 {
            throw fail(given[1], "a node holds one of children, text, image or firstThatFits, "
                + "but this one has '\(given[0].key)' and '\(given[1].key)'")
        }
        let content: ScreenNode.Content
        switch given.first?.key {
        case "children": content = .box(children: try children(given[0].value, for: "children"))
        case "firstThatFits": content = .firstThatFits(children: try children(given[0].value, for: "firstThatFits"))
        case "text": content = .text(try text(given[0].value))
        case "image": content = .image(try image(given[0].value))
        default: content = .box(children: [])
        }
        let role: ScreenRole? = try fields["role"].map { node throws(ScreenFileError) in try keyword(node, for: "role") }
        return ScreenNode(
            id: id, style: style, content: content, minimumContentSizeCategory: minimum,
            maximumContentSizeCategory: maximum, sourceLocation: location, role: role)
    }

    private mutating func children(_ json: JSONNode, for key: String) throws(ScreenFileError) -> [ScreenNode] {
        guard case let .array(items) = json.value else {
            throw fail(json, "expected '\(key)' to be a list of nodes; got \(Self.spelled(json))")
        }
        if key == "firstThatFits" && items.isEmpty { throw fail(json, "firstThatFits needs at least one node to choose from") }
        var nodes: [ScreenNode] = []
        nodes.reserveCapacity(items.count)
        for item in items { nodes.append(try node(item)) }
        return nodes
    }

    // MARK: Text and images

    private static let textKeys = ["text", "key", "arguments", "font", "numberOfLines", "truncation", "alignment", "color"]

    /// The valid shapes of a node's text, for errors about one: `key:` goes beside `font:`,
    /// never inside `text:`.
    static let textShapes = "a node's text is `text: Hello`, `text: { text: Hello, font: { style: body } }` "
        + "or, from a string catalog, `text: { key: settings.title, font: { style: body } }` (key beside font, not inside text)"

    private func text(_ json: JSONNode) throws(ScreenFileError) -> ScreenText {
        if let string = json.string { return ScreenText(string) }
        guard case .object = json.value else {
            throw fail(json, "expected text: a string, or { text, font, numberOfLines, truncation, alignment, color }; "
                + "got \(Self.spelled(json))")
        }
        let fields = try object(json, "a text", keys: Self.textKeys)
        // A catalog key stands for the text; `text` is then what shows where no catalog has it.
        let keyNode = fields["key"]
        guard let stringNode = fields["text"] ?? keyNode else {
            throw fail(json, "missing 'text' (the string shown) or 'key' (a string catalog key)")
        }
        guard let string = stringNode.string else {
            throw fail(stringNode, "expected '\(fields["text"] == nil ? "key" : "text")' to be a string; got \(Self.spelled(stringNode)); "
                + Self.textShapes)
        }
        var text = ScreenText(fields["text"] == nil ? "" : string)
        if let keyNode {
            guard let key = keyNode.string, !key.isEmpty else {
                throw fail(keyNode, "expected 'key' to be a string catalog key; got \(Self.spelled(keyNode))")
            }
            text.key = key
        }
        if let arguments = fields["arguments"] { text.arguments = try self.arguments(arguments) }
        if let font = fields["font"] { text.font = try self.font(font) }
        if let lines = fields["numberOfLines"] {
            let count = try number(lines, for: "numberOfLines", minimum: .zero)
            guard count == count.rounded(), count <= Double(Int32.max) else {
                throw fail(lines, "expected 'numberOfLines' to be a whole number of 0 or more (0: no limit); got \(Self.spelled(lines))")
            }
            text.numberOfLines = Int(count)
        }
        if let truncation = fields["truncation"] { text.truncation = try keyword(truncation, for: "truncation") }
        if let alignment = fields["alignment"] { text.alignment = try keyword(alignment, for: "alignment") }
        if let color = fields["color"] { text.color = try self.color(color, for: "color") }
        return text
    }

    private static let styleFontKeys = ["style", "weight"]
    private static let fileFontKeys = ["file", "size", "relativeTo", "maximumPointSize"]

    private func font(_ json: JSONNode) throws(ScreenFileError) -> ScreenText.FontSource {
        if json.string != nil { return .textStyle(try textStyle(json, for: "font"), weight: nil) }
        guard let members = json.members else {
            throw fail(json, "expected a font: a text style such as body, { style, weight } or { file, size, relativeTo }; "
                + "got \(Self.spelled(json))")
        }
        if members.contains(where: { $0.key == "file" }) {
            let fields = try object(json, "a font from a file", keys: Self.fileFontKeys)
            guard let sizeNode = fields["size"] else { throw fail(json, "missing 'size': the font's point size at the large category") }
            let path = try file(fields["file"]!, for: "font")
            let size = try number(sizeNode, for: "size", minimum: .positive)
            let relativeTo = try fields["relativeTo"].map { node throws(ScreenFileError) in try textStyle(node, for: "relativeTo") }
            let maximum = try fields["maximumPointSize"].map { node throws(ScreenFileError) in
                try number(node, for: "maximumPointSize", minimum: .positive)
            }
            return .file(path: path, size: size, relativeTo: relativeTo, maximumPointSize: maximum)
        }
        let fields = try object(json, "a font", keys: Self.styleFontKeys + Self.fileFontKeys)
        if let stray = fields.members.first(where: { Self.fileFontKeys.contains($0.key) }) {
            throw fail(stray, "'\(stray.key)' belongs to a font from a file; add 'file', or use 'style' and 'weight'")
        }
        guard let styleNode = fields["style"] else {
            throw fail(json, "missing 'style': a font is { style, weight } or { file, size, relativeTo }")
        }
        let weight = try fields["weight"].map { node throws(ScreenFileError) in try fontWeight(node) }
        return .textStyle(try textStyle(styleNode, for: "style"), weight: weight)
    }

    private static let weightNames = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    private func fontWeight(_ json: JSONNode) throws(ScreenFileError) -> FontWeight {
        switch json.value {
        case let .number(value) where value.isFinite && value >= 1 && value <= 1000:
            return FontWeight(rawValue: value)
        case let .string(name):
            if let weight = FontWeight(parsing: name) { return weight }
            throw fail(json, "unknown weight \(TextDecoding.quoted(name))\(NameSuggestion.phrase(for: name, among: Self.weightNames)); "
                + "expected one of \(Self.weightNames.joined(separator: ", ")) or a number from 1 to 1000")
        default:
            throw fail(json, "expected a weight: a name such as semibold or a number from 1 to 1000; got \(Self.spelled(json))")
        }
    }

    private static let imageKeys = ["file", "width", "height", "color", "scaling"]

    private func image(_ json: JSONNode) throws(ScreenFileError) -> ScreenImage {
        let fields = try object(json, "an image", keys: Self.imageKeys)
        let width = try fields["width"].map { node throws(ScreenFileError) in try number(node, for: "width", minimum: .zero) }
        let height = try fields["height"].map { node throws(ScreenFileError) in try number(node, for: "height", minimum: .zero) }
        let source: ScreenImage.Source
        switch (fields["file"], fields["color"]) {
        case let (file?, nil):
            source = .file(path: try self.file(file, for: "image"))
        case let (nil, color?):
            guard width != nil, height != nil else {
                throw fail(json, "a placeholder image needs 'width' and 'height' as well as 'color'")
            }
            source = .placeholder(color: try self.color(color, for: "color"))
        case (_?, let color?):
            throw fail(color, "an image has 'file' (a PNG) or 'color' (a placeholder), not both")
        case (nil, nil):
            throw fail(json, "missing 'file' or 'color': an image is { file, width, height, scaling } or { width, height, color, scaling }")
        }
        let scaling = try fields["scaling"].map { node throws(ScreenFileError) in try imageScaling(node) } ?? ScreenImage.Scaling.none
        return ScreenImage(source, width: width, height: height, scaling: scaling)
    }

    private func imageScaling(_ json: JSONNode) throws(ScreenFileError) -> ScreenImage.Scaling {
        let expected = "none, accessibility or { relativeTo: <text style> }"
        switch json.value {
        case .string("none"): return .none
        case .string("accessibility"): return .accessibility
        case let .string(name):
            throw fail(json, "unknown scaling \(TextDecoding.quoted(name))\(NameSuggestion.phrase(for: name, among: ["none", "accessibility", "relativeTo"])); expected \(expected)")
        case .object:
            let fields = try object(json, "an image scaling", keys: ["relativeTo"])
            guard let style = fields["relativeTo"] else { throw fail(json, "missing 'relativeTo': the text style the image grows with") }
            return .relativeTo(try textStyle(style, for: "relativeTo"))
        default:
            throw fail(json, "expected scaling: \(expected); got \(Self.spelled(json))")
        }
    }

    /// A font or image path, relative to the screen file's folder, that must name a file.
    private func file(_ json: JSONNode, for what: String) throws(ScreenFileError) -> String {
        guard let path = json.string, !path.isEmpty else {
            throw fail(json, "expected the \(what) file's path (a string); got \(Self.spelled(json))")
        }
        let resolved = path.hasPrefix("/") ? path : folder + path
        var info = stat()
        guard stat(resolved, &info) == 0 else {
            throw fail(json, "\(what) file \(TextDecoding.quoted(path)) not found (looked for \(TextDecoding.quoted(resolved)))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw fail(json, "\(what) file \(TextDecoding.quoted(path)) is a folder or a device, not a file (looked at \(TextDecoding.quoted(resolved)))")
        }
        return resolved
    }

    // MARK: Style

    private func style(_ json: JSONNode) throws(ScreenFileError) -> ScreenStyle {
        guard let members = json.members else {
            throw fail(json, "expected 'style' to be an object of style properties; got \(Self.spelled(json))")
        }
        try checkRepeatedKeys(members)
        var style = ScreenStyle()
        style.declarations.reserveCapacity(members.count)
        for member in members {
            guard let property = StyleProperty(rawValue: member.key) else {
                throw fail(member, "unknown style property \(TextDecoding.quoted(member.key))"
                    + NameSuggestion.phrase(for: member.key, among: StyleProperty.allCases.map(\.rawValue)))
            }
            style.set(property, try responsive(member.value, property))
        }
        return style
    }

    private static let responsiveKeys = ["default", "accessibility", "from", "value", "thresholds"]

    /// A value, or values by category: `{ default, accessibility }`, `{ default, from, value }`
    /// or `{ default, thresholds: [{ from, value }, …] }`.
    private func responsive(_ json: JSONNode, _ property: StyleProperty) throws(ScreenFileError) -> Responsive<StyleValue> {
        guard let members = json.members, !isScaledLength(members, property) else {
            return Responsive(try value(json, property))
        }
        let fields = try object(json, "a per-category value", keys: Self.responsiveKeys)
        guard let base = fields["default"] else {
            throw fail(json, "missing 'default': a per-category value is { default, accessibility }, { default, from, value } "
                + "or { default, thresholds }")
        }
        var thresholds: [(from: ContentSizeCategory, value: StyleValue, node: JSONNode)] = []
        if let accessible = fields["accessibility"] {
            thresholds.append((.accessibilityMedium, try value(accessible, property), accessible))
        }
        switch (fields["from"], fields["value"]) {
        case let (from?, value?): thresholds.append((try category(from, for: "from"), try self.value(value, property), from))
        case (_?, nil): throw fail(json, "missing 'value': the value from the category 'from' names")
        case let (nil, value?): throw fail(value, "missing 'from': the category from which 'value' applies")
        case (nil, nil): break
        }
        if let list = fields["thresholds"] {
            guard case let .array(items) = list.value, !items.isEmpty else {
                throw fail(list, "expected 'thresholds' to be a list of { from, value }; got \(Self.spelled(list))")
            }
            for item in items {
                let entry = try object(item, "a threshold", keys: ["from", "value"])
                guard let from = entry["from"], let value = entry["value"] else {
                    throw fail(item, "a threshold needs 'from' (a category) and 'value'")
                }
                thresholds.append((try category(from, for: "from"), try self.value(value, property), from))
            }
        }
        var seen: [ContentSizeCategory: JSONNode] = [:]
        for threshold in thresholds {
            if let first = seen[threshold.from] {
                throw fail(threshold.node, "a second value from \(threshold.from.rawValue) (the first is at \(location(first)))")
            }
            seen[threshold.from] = threshold.node
        }
        return Responsive(base: try value(base, property), thresholds: thresholds.map { ($0.from, $0.value) })
    }

    /// Whether an object is a scaled length rather than values by category.
    private func isScaledLength(_ members: [JSONNode.Member], _ property: StyleProperty) -> Bool {
        switch property.valueKind {
        case .points, .length:
            !members.contains { Self.responsiveKeys.contains($0.key) }
                && members.contains { $0.key == "scaled" || $0.key == "relativeTo" }
        case .keyword, .number, .color:
            false
        }
    }

    /// One value of the kind `property` takes.
    private func value(_ json: JSONNode, _ property: StyleProperty) throws(ScreenFileError) -> StyleValue {
        let name = property.rawValue
        switch property.valueKind {
        case let .keyword(valid):
            return .keyword(try word(json, for: name, among: valid))
        case let .number(minimum):
            return .number(try number(json, for: name, minimum: minimum))
        case .points:
            if case .number = json.value { return .number(try number(json, for: name, minimum: .zero)) }
            if let scaled = try scaledLength(json, for: name, allowsNegative: false) { return .length(scaled) }
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be a length in points of 0 or more (a number or { scaled, relativeTo }); "
                + "got \(Self.spelled(json))")
        case let .length(allowsNegative):
            return .length(try length(json, for: name, allowsNegative: allowsNegative))
        case .color:
            return .color(try color(json, for: name))
        }
    }

    private func length(_ json: JSONNode, for name: String, allowsNegative: Bool) throws(ScreenFileError) -> ScreenLength {
        let range = allowsNegative ? "" : " of 0 or more"
        let expected = "a length\(range) (a number of points, a percentage such as \"50%\", \"auto\" or { scaled, relativeTo })"
        switch json.value {
        case let .number(points) where points.isFinite && (allowsNegative || points >= 0):
            return .points(points)
        case .string("auto"):
            return .auto
        case let .string(text) where text.hasSuffix("%"):
            guard let percent = Double(text.dropLast()), percent.isFinite, allowsNegative || percent >= 0 else {
                throw fail(json, "expected \(TextDecoding.quoted(name)) to be \(expected); got \(Self.spelled(json))")
            }
            return .percent(percent)
        default:
            if let scaled = try scaledLength(json, for: name, allowsNegative: allowsNegative) { return scaled }
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be \(expected); got \(Self.spelled(json))")
        }
    }

    /// `{ scaled: 16, relativeTo: body }` (`relativeTo` defaults to body, as `@ScaledMetric`'s
    /// does), or `nil` for anything that isn't an object.
    private func scaledLength(_ json: JSONNode, for name: String, allowsNegative: Bool) throws(ScreenFileError) -> ScreenLength? {
        guard case .object = json.value else { return nil }
        let fields = try object(json, "a scaled length", keys: ["scaled", "relativeTo"])
        guard let points = fields["scaled"] else { throw fail(json, "missing 'scaled': the length in points at the large category") }
        let value = try number(points, for: name, minimum: allowsNegative ? nil : .zero)
        let style = try fields["relativeTo"].map { node throws(ScreenFileError) in try textStyle(node, for: "relativeTo") } ?? .body
        return .scaled(value, relativeTo: style)
    }

    // MARK: Scalars

    typealias Minimum = StyleProperty.Minimum

    /// A finite number, at least 0 or above 0 when `minimum` says so.
    private func number(_ json: JSONNode, for name: String, minimum: Minimum?) throws(ScreenFileError) -> Double {
        let expected = switch minimum {
        case nil: "a number"
        case .zero: "a number of 0 or more"
        case .positive: "a number greater than 0"
        }
        guard case let .number(value) = json.value else {
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be \(expected); got \(Self.spelled(json))")
        }
        guard value.isFinite else { throw fail(json, "expected \(TextDecoding.quoted(name)) to be \(expected); got \(Self.spelled(json))") }
        switch minimum {
        case .zero where value < 0, .positive where value <= 0:
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be \(expected); got \(Self.spelled(json))")
        default: return value
        }
    }

    private func color(_ json: JSONNode, for name: String) throws(ScreenFileError) -> Color {
        let expected = "a colour such as \"#RRGGBB\" or \"#RRGGBBAA\""
        guard let text = json.string else {
            // A plain `#` starts a comment in YAML, so an unquoted colour reads as nothing.
            let hint = if case .null = json.value { " (quote colours in YAML: a plain # starts a comment)" } else { "" }
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be \(expected); got \(Self.spelled(json))\(hint)")
        }
        guard let color = try? Color(hex: text) else {
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be \(expected); got \(Self.spelled(json))")
        }
        return color
    }

    private func category(_ json: JSONNode, for name: String) throws(ScreenFileError) -> ContentSizeCategory {
        guard let text = json.string else {
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be a content size category such as xxxl or accessibilityMedium; got \(Self.spelled(json))")
        }
        guard let category = try? ContentSizeCategory(parsing: text), category != .unspecified else {
            let hint = NameSuggestion.phrase(for: text, among: ContentSizeCategory.validNames)
            throw fail(json, "unknown content size category \(TextDecoding.quoted(text))\(hint); expected one of "
                + ContentSizeCategory.allCases.map(\.shortName).joined(separator: ", ") + " or their full names")
        }
        return category
    }

    private func textStyle(_ json: JSONNode, for name: String) throws(ScreenFileError) -> TextStyle {
        let names = TextStyle.allCases.map(\.rawValue)
        guard let text = json.string else {
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be a text style (\(names.joined(separator: ", "))); got \(Self.spelled(json))")
        }
        guard let style = try? TextStyle(parsing: text) else {
            throw fail(json, "unknown text style \(TextDecoding.quoted(text))\(NameSuggestion.phrase(for: text, among: names)); "
                + "expected one of \(names.joined(separator: ", "))")
        }
        return style
    }

    private func keyword<Keyword: RawRepresentable & CaseIterable>(_ json: JSONNode, for name: String) throws(ScreenFileError) -> Keyword
    where Keyword.RawValue == String {
        // `word` checked that it is a raw value.
        Keyword(rawValue: try word(json, for: name, among: Keyword.allCases.map(\.rawValue)))!
    }

    /// One of `valid`, or the error that suggests the nearest.
    private func word(_ json: JSONNode, for name: String, among valid: [String]) throws(ScreenFileError) -> String {
        guard let word = json.string else {
            throw fail(json, "expected \(TextDecoding.quoted(name)) to be one of \(valid.joined(separator: ", ")); got \(Self.spelled(json))")
        }
        guard valid.contains(word) else {
            throw fail(json, "unknown \(name) \(TextDecoding.quoted(word))\(NameSuggestion.phrase(for: word, among: valid)); "
                + "expected one of \(valid.joined(separator: ", "))")
        }
        return word
    }

    // MARK: Objects and errors

    /// An object's members by key, with its node for "missing" errors.
    struct Fields {
        let members: [JSONNode.Member]
        subscript(key: String) -> JSONNode? {
            for member in members where member.key == key { return member.value }
            return nil
        }
    }

    /// `json` as an object whose keys are all among `keys`, each given once.
    private func object(_ json: JSONNode, _ what: String, keys: [String]) throws(ScreenFileError) -> Fields {
        guard let members = json.members else { throw fail(json, "expected \(what) (an object); got \(Self.spelled(json))") }
        for member in members where !keys.contains(member.key) {
            throw fail(member, "unknown key \(TextDecoding.quoted(member.key)) in \(what)\(NameSuggestion.phrase(for: member.key, among: keys)); "
                + "expected \(keys.map { "'\($0)'" }.joined(separator: ", "))")
        }
        try checkRepeatedKeys(members)
        return Fields(members: members)
    }

    /// JSON allows a key twice (and readers keep the last); in a screen it is a mistake.
    private func checkRepeatedKeys(_ members: [JSONNode.Member]) throws(ScreenFileError) {
        func repeated(_ member: JSONNode.Member, first: JSONNode.Member) -> ScreenFileError {
            fail(member, "\(TextDecoding.quoted(member.key)) is given twice (first at \(location(first.line, first.column)))")
        }
        // A node has a handful of keys: comparing them pairwise costs less than hashing.
        guard members.count > 1 else { return }
        if members.count <= 16 {
            for later in 1..<members.count {
                for earlier in 0..<later where members[earlier].key == members[later].key {
                    throw repeated(members[later], first: members[earlier])
                }
            }
            return
        }
        var seen: [String: JSONNode.Member] = [:]
        for member in members {
            if let first = seen[member.key] { throw repeated(member, first: first) }
            seen[member.key] = member
        }
    }

    private func location(_ line: Int, _ column: Int) -> TextFileLocation {
        TextFileLocation(file: file, line: line, column: column)
    }

    private func location(_ json: JSONNode) -> TextFileLocation { location(json.line, json.column) }

    private func fail(_ json: JSONNode, _ message: String) -> ScreenFileError {
        ScreenFileError(at: location(json), message)
    }

    private func fail(_ member: JSONNode.Member, _ message: String) -> ScreenFileError {
        ScreenFileError(at: location(member.line, member.column), message)
    }

    /// A value as errors quote it: a short string in quotes, a number, or its kind.
    static func spelled(_ json: JSONNode) -> String {
        switch json.value {
        case let .string(text): return TextDecoding.quoted(text)
        case let .number(value): return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
        case let .bool(value): return String(value)
        case .null: return "nothing (null)"
        case .object, .array: return json.kindDescription
        }
    }
}
