import ArgumentParser
import TypeLayout

/// The plain label render (`render-cli --font F --size 17 --text … out.png`) read without
/// ArgumentParser, whose parse reflects every option struct with `Mirror`, demangles each
/// field's type and scans the binary's protocol conformance records for each new type (about
/// 14 M of a one-label run's 20 M instructions), and whose option structs cost 0.4 M
/// instructions and 50 page faults just to construct (BENCHMARKS.md, "Start-up, second round").
///
/// It takes only `--name value` pairs of the options below and one output path, and reads them
/// into plain values of the same settings protocols the option structs conform to, through the
/// same transforms, `init(argument:)`s and defaults, checked by the same validations; the
/// render is the same code. Anything else (another subcommand, a flag it doesn't know,
/// `--name=value`, a value starting with `-`, a repeated option, a value a transform refuses, a
/// failed validation, `--help`, `--json`) returns nil, and ArgumentParser parses the command
/// line as always, with its own messages: this path never reports an error.
enum RenderFastPath {
    /// The render `arguments` (the program's name left out) describe, or nil to leave them to
    /// ArgumentParser.
    static func render(from arguments: ArraySlice<String>) -> GivenRender? {
        var arguments = arguments
        if arguments.first == "render" {
            arguments.removeFirst()
        } else if let first = arguments.first, !first.hasPrefix("--") {
            return nil  // a subcommand's name, or an output path before the options: ArgumentParser decides
        }
        var render = GivenRender()
        var seen: [Substring] = []
        var output: String?
        var remaining = arguments.makeIterator()
        while let argument = remaining.next() {
            guard argument.hasPrefix("-") else {
                guard output == nil else { return nil }
                output = argument
                continue
            }
            let name = argument.dropFirst(2)
            guard argument.hasPrefix("--"), !seen.contains(name) else { return nil }
            seen.append(name)
            if name == "bold-text" {
                render.label.fontOptions.dynamicType.boldText = true
                continue
            }
            guard let value = remaining.next(), !value.hasPrefix("-"),
                  (try? render.set(name, to: value)) == true
            else { return nil }
        }
        guard let output else { return nil }
        render.output = output
        // The validations ArgumentParser's decoding runs, innermost group first.
        guard (try? render.label.validateGroups()) != nil, (try? render.validateCombination()) != nil
        else { return nil }
        return render
    }
}

/// A render command's settings as ``RenderFastPath`` read them; the defaults are the options'.
struct GivenRender: RenderSettings {
    var label = GivenLabel()
    var color = RenderCommand.defaultColor
    var background = RenderCommand.defaultBackground
    var padding = RenderCommand.defaultPadding
    var scale = RenderCommand.defaultScale
    var comparePlatforms: [PlatformName]?
    var fontScales: [Double]?
    var json = false
    var output = ""

    /// Reads one option's value as ArgumentParser would: false for an option this path leaves to
    /// ArgumentParser (or a value ArgumentParser would refuse); throws what a transform throws.
    mutating func set(_ name: Substring, to value: String) throws -> Bool {
        switch name {
        case "font": label.fontOptions.font = value
        case "face-index": label.fontOptions.givenFaceIndex = try Int(argument: value).orThrow()
        case "weight": label.fontOptions.weight = try ArgumentTransform.weight(value)
        case "size": label.fontOptions.size = try ArgumentTransform.pointSize(value)
        case "style": label.fontOptions.style = try ArgumentTransform.style(value)
        case "category": label.fontOptions.categoryOptions.category = try ArgumentTransform.category(value)
        case "categories": label.fontOptions.categoryOptions.categories = try ArgumentTransform.categories(value)
        case "scaling": label.fontOptions.dynamicType.givenScaling = try ScalingMode(argument: value).orThrow()
        case "platform": label.fontOptions.dynamicType.givenPlatform = try ArgumentTransform.platform(value)
        case "font-scale": label.fontOptions.dynamicType.fontScale = try ArgumentTransform.fontScale(value)
        case "text": label.text = value
        case "text-file": label.textFile = value
        case "language": label.language = try ArgumentTransform.language(value)
        case "width": label.width = try ArgumentTransform.width(value)
        case "max-lines": label.givenMaxLines = try Int(argument: value).orThrow()
        case "align": label.givenAlign = try TextAlignment(argument: value).orThrow()
        case "truncation": label.givenTruncation = try TruncationMode(argument: value).orThrow()
        case "color": color = try ArgumentTransform.color(value)
        case "background": background = try ArgumentTransform.color(value)
        case "padding": padding = try ArgumentTransform.padding(value)
        case "scale": scale = try ArgumentTransform.scale(value)
        default: return false
        }
        return true
    }
}

// The groups of options, as plain values: each settings protocol makes sure they hold every
// value its rules read.
struct GivenLabel: LabelSettings {
    var fontOptions = GivenFont()
    var text: String?
    var textFile: String?
    var width = LabelOptions.defaultWidth
    var givenMaxLines: Int?
    var givenAlign: TextAlignment?
    var givenTruncation: TruncationMode?
    var fallback: [String] = []
    var language: String?
}

struct GivenFont: FontSettings {
    var font: String?
    var givenFaceIndex: Int?
    var weight: FontWeight?
    var size: Double?
    var style: TextStyle?
    var categoryOptions = GivenCategories()
    var dynamicType = GivenDynamicType()
}

struct GivenCategories: CategorySettings {
    var category: ContentSizeCategory?
    var categories: [ContentSizeCategory]?
}

struct GivenDynamicType: DynamicTypeSettings {
    var givenScaling: ScalingMode?
    var givenPlatform: PlatformName?
    var fontScale: Double?
    var boldText = false
}

private struct RefusedValue: Error {}

extension Optional {
    /// The value, or an error for `init(argument:)`'s nil (ArgumentParser's "invalid value").
    fileprivate func orThrow() throws -> Wrapped {
        guard let self else { throw RefusedValue() }
        return self
    }
}
