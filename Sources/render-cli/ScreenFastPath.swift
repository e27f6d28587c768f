import ArgumentParser
import TypeLayout

/// `render-cli screen FILE [OUT] --name value …` read without ArgumentParser, whose parse costs
/// a screen sheet about 14 M instructions of its start-up, as ``RenderFastPath`` explains for
/// the plain render.
///
/// It takes the screen file, the output, `--name value` pairs of the options below and the
/// flags `--bold-text`, `--debug-frames` and `--no-device-chrome`, reads them into plain values of the same settings
/// protocols as ``ScreenCommand``'s options, through the same transforms and defaults, checked
/// by the same validations; the run is the same code. Anything else (`--json`, `--help`,
/// `--name=value`, a value starting with `-`, a repeated option, a third path, a value a
/// transform refuses, a failed validation) returns nil, and ArgumentParser parses the command
/// line as always, with its own messages: this path never reports an error.
enum ScreenFastPath {
    /// The screen command `arguments` (the program's name left out) describe, or nil to leave
    /// them to ArgumentParser.
    static func screen(from arguments: ArraySlice<String>) -> GivenScreen? {
        guard arguments.first == "screen" else { return nil }
        var screen = GivenScreen()
        var seen: [Substring] = []
        var paths: [String] = []
        var remaining = arguments.dropFirst().makeIterator()
        while let argument = remaining.next() {
            guard argument.hasPrefix("-") else {
                guard paths.count < 2 else { return nil }
                paths.append(argument)
                continue
            }
            let name = argument.dropFirst(2)
            guard argument.hasPrefix("--"), !seen.contains(name) else { return nil }
            seen.append(name)
            switch name {
            case "bold-text": screen.dynamicType.boldText = true
            case "debug-frames": screen.debugFrames = true
            case "no-device-chrome": screen.noDeviceChrome = true
            default:
                guard let value = remaining.next(), !value.hasPrefix("-"),
                      (try? screen.set(name, to: value)) == true
                else { return nil }
            }
        }
        guard let file = paths.first else { return nil }
        screen.file = file
        screen.output = paths.dropFirst().first
        // The validations ArgumentParser's decoding runs, groups first.
        guard (try? screen.categoryOptions.validateCombination()) != nil,
              (try? screen.dynamicType.validateCombination()) != nil, (try? screen.validateCombination()) != nil
        else { return nil }
        return screen
    }
}

/// A screen command's settings as ``ScreenFastPath`` read them; the defaults are the options'.
struct GivenScreen: ScreenSettings {
    var file = ""
    var output: String?
    var categoryOptions = GivenCategories()
    var device: String?
    var givenScale: Int?
    var json = false
    var debugFrames = false
    var noDeviceChrome = false
    var dynamicType = GivenDynamicType()

    /// Reads one option's value as ArgumentParser would: false for an option this path leaves to
    /// ArgumentParser; throws what a transform throws.
    mutating func set(_ name: Substring, to value: String) throws -> Bool {
        switch name {
        case "category": categoryOptions.category = try ArgumentTransform.category(value)
        case "categories": categoryOptions.categories = try ArgumentTransform.categories(value)
        case "device": device = value
        case "scale": givenScale = try ArgumentTransform.scale(value)
        case "scaling":
            guard let scaling = ScalingMode(argument: value) else { return false }
            dynamicType.givenScaling = scaling
        case "platform": dynamicType.givenPlatform = try ArgumentTransform.platform(value)
        case "font-scale": dynamicType.fontScale = try ArgumentTransform.fontScale(value)
        default: return false
        }
        return true
    }
}
