import ArgumentParser
import TypeLayout

/// The plain label render (`render-cli --font F --size 17 --text … out.png`) read without
/// ArgumentParser's parse, which reflects every option struct with `Mirror`, demangles each
/// field's type and scans the binary's protocol conformance records for each new type: about
/// 14 M of a one-label run's 20 M instructions (BENCHMARKS.md, "Start-up, second round").
///
/// It takes only `--name value` pairs of the options below and one output path, fills in the
/// same structs ArgumentParser would (through the same transforms, `init(argument:)`s and
/// declared defaults), and calls the same `validate()`s. Anything else (another subcommand, a
/// flag it doesn't know, `--name=value`, a value starting with `-`, a repeated option, a value
/// a transform refuses, a failed validation, `--help`, `--json`) returns nil, and ArgumentParser
/// parses the command line as always, with its own messages: this path never reports an error.
enum RenderFastPath {
    /// The render command `arguments` (the program's name left out) describe, or nil to leave
    /// them to ArgumentParser.
    static func command(from arguments: ArraySlice<String>) -> RenderCommand? {
        var arguments = arguments
        if arguments.first == "render" {
            arguments.removeFirst()
        } else if let first = arguments.first, !first.hasPrefix("--") {
            return nil  // a subcommand's name, or an output path before the options: ArgumentParser decides
        }
        var given = GivenOptions()
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
                given.boldText = true
                continue
            }
            guard let value = remaining.next(), !value.hasPrefix("-"),
                  (try? given.set(name, to: value)) == true
            else { return nil }
        }
        guard let output else { return nil }
        return try? given.command(output: output)
    }
}

/// The values of the options ``RenderFastPath`` reads; nil where the command line didn't give one.
private struct GivenOptions {
    var font: String?, faceIndex: Int?, weight: FontWeight?, size: Double?, style: TextStyle?
    var category: ContentSizeCategory?, categories: [ContentSizeCategory]?
    var scaling: ScalingMode?, platform: PlatformName?, fontScale: Double?, boldText = false
    var text: String?, textFile: String?, width: Double?, maxLines: Int?, align: TextAlignment?, truncation: TruncationMode?
    var color: Color?, background: Color?, padding: Double?, scale: Int?

    /// Reads one option's value as ArgumentParser would: false for an option this path leaves to
    /// ArgumentParser (or a value ArgumentParser would refuse); throws what a transform throws.
    mutating func set(_ name: Substring, to value: String) throws -> Bool {
        switch name {
        case "font": font = value
        case "face-index": faceIndex = try Int(argument: value).orThrow()
        case "weight": weight = try ArgumentTransform.weight(value)
        case "size": size = try ArgumentTransform.pointSize(value)
        case "style": style = try ArgumentTransform.style(value)
        case "category": category = try ArgumentTransform.category(value)
        case "categories": categories = try ArgumentTransform.categories(value)
        case "scaling": scaling = try ScalingMode(argument: value).orThrow()
        case "platform": platform = try ArgumentTransform.platform(value)
        case "font-scale": fontScale = try ArgumentTransform.fontScale(value)
        case "text": text = value
        case "text-file": textFile = value
        case "width": width = try ArgumentTransform.width(value)
        case "max-lines": maxLines = try Int(argument: value).orThrow()
        case "align": align = try TextAlignment(argument: value).orThrow()
        case "truncation": truncation = try TruncationMode(argument: value).orThrow()
        case "color": color = try ArgumentTransform.color(value)
        case "background": background = try ArgumentTransform.color(value)
        case "padding": padding = try ArgumentTransform.padding(value)
        case "scale": scale = try ArgumentTransform.scale(value)
        default: return false
        }
        return true
    }

    /// The command with every property set (an unset one would stop the run), validated group by
    /// group as ArgumentParser's decoding does.
    func command(output: String) throws -> RenderCommand {
        var dynamicType = DynamicTypeOptions()
        dynamicType.givenScaling = scaling
        dynamicType.givenPlatform = platform
        dynamicType.fontScale = fontScale
        dynamicType.boldText = boldText
        try dynamicType.validate()
        var categoryOptions = CategoryOptions()
        categoryOptions.category = category
        categoryOptions.categories = categories
        try categoryOptions.validate()
        var fontOptions = FontOptions()
        fontOptions.font = font
        fontOptions.givenFaceIndex = faceIndex
        fontOptions.weight = weight
        fontOptions.size = size
        fontOptions.style = style
        fontOptions.categoryOptions = categoryOptions
        fontOptions.dynamicType = dynamicType
        try fontOptions.validate()
        var label = LabelOptions()
        label.fontOptions = fontOptions
        label.text = text
        label.textFile = textFile
        label.width = width ?? LabelOptions.defaultWidth
        label.givenMaxLines = maxLines
        label.givenAlign = align
        label.givenTruncation = truncation
        label.fallback = []
        try label.validate()
        var command = RenderCommand()
        command.label = label
        command.color = color ?? RenderCommand.defaultColor
        command.background = background ?? RenderCommand.defaultBackground
        command.padding = padding ?? RenderCommand.defaultPadding
        command.scale = scale ?? RenderCommand.defaultScale
        command.comparePlatforms = nil
        command.fontScales = nil
        command.json = false
        command.output = output
        try command.validate()
        // Debug builds (the tests') check that no property was left unset, which would stop
        // the run: a property added to the options must be set above too.
        assert(!String(describing: command).contains("*definition*"), "RenderFastPath left a property unset: \(command)")
        return command
    }
}

private struct RefusedValue: Error {}

extension Optional {
    /// The value, or an error for `init(argument:)`'s nil (ArgumentParser's "invalid value").
    fileprivate func orThrow() throws -> Wrapped {
        guard let self else { throw RefusedValue() }
        return self
    }
}
