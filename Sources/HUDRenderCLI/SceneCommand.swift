// SceneCommand: a command that renders one component (hud, ring, bar, gg, indicator).
//
// Design note: all such commands share the same life cycle (parse, merge the storyboard's options
// under the command line's, resolve shared options, build the scene, run it), so that lives here
// once; a command supplies only its component's options, defaults and a `makeScene`. Batch builds
// jobs through the same `job(_:)`, so a manifest entry renders exactly what the command line would.

import HUDKit

/// A validated, ready-to-run rendering: the scene and where and how to play it.
struct RenderJob {
    var scene: SceneRenderable
    var options: RenderOptions
    var command: String
    var storyboard: Storyboard?
}

protocol SceneCommand: Command {
    /// The component's own options (shared ones are added).
    static var componentOptions: [OptionSpec] { get }
    static var defaults: RenderOptions.Defaults { get }
    /// Builds the scene from validated options and, when given, a storyboard.
    static func makeScene(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?) throws -> SceneRenderable
    /// Starts, on another thread, slow loading that `makeScene` will need (the default: none), so
    /// that it overlaps resolving the options. It must not change what the scene is.
    static func prefetch(_ args: ParsedArguments)
}

extension SceneCommand {
    static var options: [OptionSpec] {
        componentOptions + RenderOptions.shared.map { $0.name == "scale" ? RenderOptions.scaleOption(default: defaults.scale) : $0 }
    }

    static var discussion: String { Limits.helpText }

    static func prefetch(_ args: ParsedArguments) {}

    /// Parses everything and builds the scene; nothing is rendered yet.
    static func job(_ arguments: ParsedArguments) throws -> RenderJob {
        try arguments.expectPositionals(0...0, usage: usage)
        var args = arguments
        var storyboard: Storyboard?
        if let path = args.string("storyboard") {
            let story = try Storyboard.load(path: path, command: name, options: options)
            var merged = story.options
            merged.merge(overriding: arguments)
            merged.positionals = arguments.positionals
            args = merged
            storyboard = story
        }
        prefetch(args)
        var options = try RenderOptions.resolve(args, defaults: defaults)
        if options.duration == nil, let d = storyboard?.duration { options.duration = d }
        let scene: SceneRenderable
        do {
            scene = try makeScene(args, options: options, storyboard: storyboard)
        } catch let e as UsageError { throw e } catch let e as RuntimeFailure { throw e } catch {
            throw RuntimeFailure("", error)
        }
        return RenderJob(scene: scene, options: options, command: name, storyboard: storyboard)
    }

    static func run(_ arguments: ParsedArguments) throws -> Int32 {
        let job = try job(arguments)
        try SceneRunner.run(scene: job.scene, options: job.options, command: name)
        return 0
    }
}
