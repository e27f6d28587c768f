import ArgumentParser
import TypeLayout
import TypeLayoutScreens
import TypeLayoutRendering

struct ScreenCommand: ParsableCommand, ScreenSettings {
    static let configuration = CommandConfiguration(
        commandName: "screen",
        abstract: "Lay out a screen file (JSON or YAML) and render it to PNG at a content size category, or a sheet of several.",
        discussion: """
            The whole content is drawn, however tall; a dashed line and a "fold" caption in a gutter \
            on the right mark the device's bottom edge. On a device with a safe area (the presets), \
            its status bar and home indicator are drawn over the content unless --no-device-chrome \
            is given; they are not in the JSON. With --json, every node's frame is printed \
            (one document per category, in a list with --categories) after the PNG, if one is \
            named, is written; without an output file, only the JSON is made. With --platform \
            android, each category lays out at its nearest Android font scale (xs, s: 0.85; m, l: 1; \
            xl: 1.15; xxl, xxxl: 1.3; ax1: 1.5; ax2 and up: 2), or --font-scale gives one for the screen.

            render-cli screen Examples/screens/settings.yaml --category ax3 settings.png
            render-cli screen Examples/screens/settings.yaml --categories all --device iphone-se sheet.png
            render-cli screen Examples/screens/settings.yaml --json
            """)

    @Argument(help: "The screen file: .json, .yaml or .yml.")
    var file: String

    @Argument(help: "The PNG file to write; may be left out with --json.")
    var output: String?

    @OptionGroup var categoryOptions: CategoryOptions

    @Option(help: "A device preset (\(Device.presetNames.prefix(5).joined(separator: ", ")), …) instead of the file's device.")
    var device: String?

    @Option(name: .customLong("scale"), parsing: .unconditional,
            help: "Pixels per point: 1, 2 or 3. Default: 2 for one screen, 1 for a sheet (twelve screens at @2x are over 100 MB of pixels).",
            transform: ArgumentTransform.scale)
    var givenScale: Int?

    @Flag(help: "Print every node's frame (x, y, width, height in points; text's lines, truncation and sizes) as JSON.")
    var json = false

    @Flag(name: .customLong("debug-frames"), help: "Outline every node's frame, in a colour per depth.")
    var debugFrames = false

    @Flag(name: .customLong("no-device-chrome"),
          help: "Leave out the device's status bar and home indicator (drawn on devices with a safe area, such as the presets).")
    var noDeviceChrome = false

    @OptionGroup var dynamicType: DynamicTypeOptions

    // Checked when run, not in `validate()`, for the reason RenderCommand gives: an unknown
    // option is reported as such, not its value as a wrong output name.
    func run() throws {
        try categoryOptions.validateCombination()
        try dynamicType.validateCombination()
        try validateCombination()
        try renderScreen()
    }
}

/// The values of ``ScreenCommand``'s options, as ArgumentParser parses them or
/// ``ScreenFastPath`` reads them, and what they mean (written once, for both).
protocol ScreenSettings {
    associatedtype CategoryChoice: CategorySettings
    associatedtype DynamicTypeChoice: DynamicTypeSettings
    var file: String { get }
    var output: String? { get }
    var categoryOptions: CategoryChoice { get }
    var device: String? { get }
    var givenScale: Int? { get }
    var json: Bool { get }
    var debugFrames: Bool { get }
    var noDeviceChrome: Bool { get }
    var dynamicType: DynamicTypeChoice { get }
}

extension ScreenSettings {
    var scale: Int { givenScale ?? (categoryOptions.categories == nil ? 2 : 1) }

    func validateCombination() throws {
        try dynamicType.validate(with: categoryOptions)
        if let output {
            try OutputName.requirePNG(output)
        } else if !json {
            throw ValidationError("give the PNG file to write, or --json to print the frames only")
        }
    }

    /// Lays out the screen at each category and writes the PNG (a sheet for several), then the
    /// frames with --json.
    func renderScreen() throws {
        var screen = try ScreenFile.read(atPath: file)
        if let device { screen.device = try Device.named(device) }
        let context = try dynamicType.context
        let categories = categoryOptions.list(in: context)
        // Android's font scale follows the category: a context each.
        let layouts = dynamicType.fontScaleFollowsCategory
            ? try categories.flatMap { try screen.layouts(at: [$0], in: dynamicType.context(at: $0)) }
            : try screen.layouts(at: categories, in: context)
        // Everything is laid out and drawn before anything is written: a bad file leaves no PNG.
        if let output {
            let renderer = ScreenRenderer(scale: scale, debugFrames: debugFrames, showsDeviceChrome: !noDeviceChrome)
            if categoryOptions.categories == nil {
                try PNGCodec.write(renderer.render(layouts[0]), to: output)
            } else {
                try ScreenSheet(renderer: renderer, columns: min(6, layouts.count)).writePNG(layouts, to: output)
            }
        }
        if json {
            print(categoryOptions.categories == nil
                ? layouts[0].framesJSON()
                : ScreenLayout.framesJSON(layouts))
        }
    }
}
