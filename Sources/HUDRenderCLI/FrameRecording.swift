// FrameRecording: `--record-frames DIR --at T[,T...]`, chosen frames of a render as display lists.
//
// Design note: recording runs before the render, on one thread, through
// `SceneRenderable.displayList(at:)`; files are named after the command and the time
// (DIR/hud-t1.2.hdl) and written atomically, so a failed run leaves no partial list behind.

import HUDCodecs
import HUDKit
import HUDRaster

enum FrameRecording {
    /// The folder and times of `--record-frames`, nil without it; `--at` is then a list of seconds.
    static func option(_ args: ParsedArguments) throws -> (folder: String, times: [Double])? {
        guard let folder = args.string("record-frames") else { return nil }
        guard let raw = args.string("at") else {
            throw UsageError("--record-frames needs --at SECONDS[,SECONDS...]: the times of the frames to record, e.g. --at 0.5,1.5", command: args.command)
        }
        let times = try raw.split(separator: ",").map { part -> Double in
            guard let v = Double(TextFormat.trimmed(part)), v.isFinite, v >= 0, v <= Limits.maxDuration else {
                throw UsageError("\(args.label("at")): \"\(part)\" is not a time; give seconds from 0 to \(Int(Limits.maxDuration)) separated by commas, e.g. 0.5,1.5", command: args.command)
            }
            return v
        }
        guard FileKind.isDirectory(folder) else {
            throw UsageError("--record-frames \(folder): no such folder; create it first (mkdir -p \(folder))", command: args.command)
        }
        return (folder, times)
    }

    /// Writes the frames of `scene` at `times` into `folder`.
    static func write(_ scene: SceneRenderable, folder: String, times: [Double], command: String) throws {
        for t in times {
            let list: DisplayList
            do { list = try scene.displayList(at: t) } catch { throw RuntimeFailure("recording the frame at t = \(t) s", error) }
            let path = PathText.appending(folder, "\(command)-t\(t).hdl")
            do {
                let file = try AtomicFile(path: path)
                try file.commit(after: { try file.write(Array(list.text.utf8)) })
            } catch { throw RuntimeFailure("cannot write \(path)", error) }
        }
    }
}
