import ArgumentParser
import TypeLayout

@main
struct RenderCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-cli",
        abstract: "Dynamic Type text layout and rendering on Linux.")
}
