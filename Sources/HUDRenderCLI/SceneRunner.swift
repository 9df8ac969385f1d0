// SceneRunner: plays any SceneRenderable into the requested output.
//
// Design note: the commands only build a scene; timing (frame count from --fps and --duration,
// the still's time, contact-sheet sampling), limits, the parallel pipeline, progress and atomic
// output are all here, so every component gets the same behaviour and the same guarantees.
// Frame i is rendered at t = i / fps and shown for 1 / fps; the GIF encoder carries the
// centisecond rounding so the total length does not drift.

import HUDKit
import HUDRaster

enum SceneRunner {
    /// The frame times for an animation of `duration` seconds at `fps`.
    static func frameTimes(duration: Double, fps: Double) -> [Double] {
        let count = max(1, Int((duration * fps).rounded()))
        return (0..<count).map { Double($0) / fps }
    }

    /// Validates the job against the limits; call before any rendering.
    static func plan(scene: SceneRenderable, options: RenderOptions, command: String) throws -> (times: [Double], duration: Double) {
        let duration = options.duration ?? scene.duration
        guard duration.isFinite, duration > 0 else {
            throw RuntimeFailure("the scene has no duration (\(duration) s); give --duration SECONDS")
        }
        if duration > Limits.maxDuration {
            throw UsageError("duration \(format(duration)) s exceeds the limit of \(format(Limits.maxDuration)) s; lower --duration or shorten the storyboard", command: command)
        }
        if let at = options.at, at > duration {
            throw UsageError("--at \(format(at)) is after the end of the story (\(format(duration)) s), where nothing is left to show; use a time from 0 to \(format(duration)), or give --duration to make the story longer", command: command)
        }
        let size = scene.pixelSize
        try Limits.checkFrame(width: size.width, height: size.height, command: command)
        if let sheet = options.contactSheet {
            let n = sheet.columns * sheet.rows
            let times = (0..<n).map { (Double($0) + 0.5) * duration / Double(n) }
            return (times, duration)
        }
        if !options.destination.isAnimation || options.at != nil {
            let t = options.at ?? options.stillTime.map { min($0, duration) } ?? duration / 2
            return ([t], duration)
        }
        let count = Int((duration * options.fps).rounded())
        try Limits.checkFrameCount(count, fps: options.fps, duration: duration, command: command)
        return (frameTimes(duration: duration, fps: options.fps), duration)
    }

    /// Renders `scene` to `options.destination`. Throws RuntimeFailure, UsageError or Interrupted.
    static func run(scene: SceneRenderable, options: RenderOptions, command: String, progress shared: ProgressDisplay? = nil) throws {
        let (times, _) = try plan(scene: scene, options: options, command: command)
        try options.destination.checkWritable()
        try Cancellation.shared.check()
        if let r = options.recordFrames { try FrameRecording.write(scene, folder: r.folder, times: r.times, command: command) }

        if let sheet = options.contactSheet {
            try ContactSheet.render(scene: scene, times: times, columns: sheet.columns, rows: sheet.rows,
                                    jobs: options.jobs, quiet: options.quiet, to: options.destination.path)
            return
        }
        // `--at` with an animated destination gives a one-frame animation, which is what was asked for.
        let destination = options.destination
        let size = scene.pixelSize
        let sink: FrameSink
        do {
            sink = try FrameSinks.make(for: destination, width: size.width, height: size.height,
                                       loop: options.loop, quality: options.quality, frameCount: times.count)
        } catch let e as RuntimeFailure { throw e } catch { throw RuntimeFailure("", error) }
        let progress = shared ?? ProgressDisplay(total: times.count, label: "rendering", quiet: options.quiet)
        let frameDuration = 1 / options.fps
        do {
            if let folder = sink as? PNGFolderSink {
                // Compress each PNG on the worker that rendered it; only the writes are in order.
                let pipeline = FramePipeline<[UInt8]>(count: times.count, jobs: options.jobs) { index in
                    try PNGFolderSink.encode(try renderFrame(scene, times, index))
                }
                try pipeline.run { _, bytes in
                    try folder.append(encoded: bytes)
                    progress.advance()
                }
            } else {
                try stream(scene: scene, times: times, jobs: options.jobs) { _, image in
                    try sink.append(image, duration: frameDuration)
                    progress.advance()
                }
            }
            try Cancellation.shared.check()
            try sink.finish()
            if shared == nil { progress.finish() }
        } catch {
            sink.discard()
            if shared == nil { progress.finish() }
            throw wrap(error)
        }
    }

    /// Renders the frames at `times` on `jobs` threads and hands them to `consume` in order.
    static func stream(scene: SceneRenderable, times: [Double], jobs: Int, consume: (Int, Image) throws -> Void) throws {
        let pipeline = FramePipeline<Image>(count: times.count, jobs: jobs) { index in
            try renderFrame(scene, times, index)
        }
        try pipeline.run(consume)
    }

    /// Frame `index`, with the frame and time named in any error.
    static func renderFrame(_ scene: SceneRenderable, _ times: [Double], _ index: Int) throws -> Image {
        try Cancellation.shared.check()
        do {
            return try scene.render(at: times[index])
        } catch let e as Interrupted {
            throw e
        } catch {
            throw RuntimeFailure("frame \(index) (t = \(format(times[index])) s)", error)
        }
    }

    /// Errors from encoders become RuntimeFailure; usage errors and interruptions pass through.
    static func wrap(_ error: Error) -> Error {
        if error is UsageError || error is Interrupted || error is RuntimeFailure { return error }
        return RuntimeFailure("", error)
    }
}
