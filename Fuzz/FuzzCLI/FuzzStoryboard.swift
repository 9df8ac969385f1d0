// FuzzStoryboard: the strict JSON reader and storyboard validation for every component, then the
// job the storyboard describes (options merged, scene built, frame plan and limits checked), all
// without rendering a frame or writing a file.
// Runs when FuzzCLI is called as FuzzStoryboard (see FuzzCLI.swift).
//
// Design note: as for the command line, storyboards whose options name absolute paths or climb with
// ".." are only validated, not built: `"font": "/dev/stdin"` would block the fuzzer.
import HUDKit

enum FuzzStoryboard {
    static func run(_ bytes: [UInt8]) {
        let document: JSONValue
        do { document = try JSONReader.parse(bytes) } catch { _ = String(describing: error); return }
        _ = document.summary
        for command in CommandLineTool.commands {
            if let scene = command as? any SceneCommand.Type { open(scene, document) }
        }
    }

    /// Storyboard.load's steps after reading, then SceneCommand.job's, for one component
    /// (generic, so the static members are called on a concrete type).
    private static func open<C: SceneCommand>(_ command: C.Type, _ document: JSONValue) {
        let story: Storyboard
        do {
            story = try Storyboard.parse(document, file: "fuzz.json", command: C.name, options: allOptions(of: command))
        } catch {
            _ = String(describing: error)
            return
        }
        if C.self == HUDCommand.self {
            _ = try? HUDCommand.script(from: story, story: ProgressHUDStory(), confirm: true)
        }
        var args = story.options
        if args.allValues.contains(where: { $0.1.hasPrefix("/") || $0.1.contains("..") || $0.1.contains("~") }) { return }
        args.set("out", "fuzz.gif", label: "--out")
        args.set("quiet", "true", label: "--quiet")
        guard var options = try? RenderOptions.resolve(args, defaults: C.defaults) else { return }
        if options.duration == nil, let d = story.duration { options.duration = d }
        guard let scene = try? C.makeScene(args, options: options, storyboard: story) else { return }
        _ = try? SceneRunner.plan(scene: scene, options: options, command: C.name)
    }
}
