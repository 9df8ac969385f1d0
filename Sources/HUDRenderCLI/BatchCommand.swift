// BatchCommand: `hudrender batch MANIFEST.json` renders a whole gallery, or checks it is current.
//
// Design note: every entry is validated before anything renders (a typo in entry 40 must not
// surface after 39 renders). Entries then render concurrently, one per worker, with a single
// progress display over all frames; an entry whose stamp and file are current is skipped. With
// --check nothing in the gallery is touched: each output is rendered into a private temporary
// folder and compared byte for byte with the file on disk, and every stale or missing file is
// named (exit 1), which is what CI needs to catch docs that no longer match the code.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Synchronization
import HUDCodecs

enum BatchCommand: Command {
    static let name = "batch"
    static let abstract = "Render every output listed in a JSON manifest (docs galleries); --check for CI."
    static let usage = "hudrender batch MANIFEST.json [--check] [--force] [--list] [--shard K/N] [--jobs N] [--quiet]"
    static let discussion = """
        MANIFEST FORMAT (paths are relative to the manifest's folder):
          {
            "defaults": { "background": "mock-light" },
            "outputs": [
              { "out": "hud-balloon.gif", "command": "hud", "options": { "style": "balloon" } },
              { "out": "ring.png", "command": "ring", "options": { "progress": 0.75 } },
              { "out": "upload.gif", "storyboard": "../Fixtures/storyboards/upload.json" }
            ]
          }
        "options" takes any option of the command without the dashes ("contact-sheet": "4x2" for a
        sheet). Stamps of what was rendered are kept in .MANIFEST.stamps.json beside the manifest; an
        output is skipped when its options, input files, hudrender version and bytes on disk are unchanged.
        Prints a one-line summary on stdout; exit 0 ok, 1 if any output failed (or is stale with --check),
        2 for manifest errors (nothing is rendered then).

        GALLERIES PAST ONE MACHINE: --shard K/N renders only shard K of N, a deterministic share
        balanced by estimated work (frames x pixels), so N CI jobs render a large gallery in parallel;
        every output is in exactly one shard. --list prints what would be rendered (with --shard, the
        shard's share) and renders nothing. Gather the shards' files into one folder and run
        hudrender batch MANIFEST --check there to verify the whole gallery (see the README).
        """
    static let examples: [(command: String, comment: String)] = [
        ("hudrender batch docs/assets.json", "render what changed"),
        ("hudrender batch docs/assets.json --check", "CI: exit 1 naming every file that differs from what the code renders"),
        ("hudrender batch docs/assets.json --force --jobs 2", "render everything on two workers"),
        ("hudrender batch docs/assets.json --list --shard 2/3", "what the second of three CI jobs renders"),
    ]
    static let options: [OptionSpec] = [
        .flag("check", "Render to a temporary folder and compare with the files on disk; change nothing."),
        .flag("force", "Render every output even when its stamp says it is current."),
        .flag("list", "Print the outputs that would be rendered, with frames and estimated work; render nothing."),
        .value("shard", "K/N", "Render only shard K of N (1 <= K <= N), balanced by estimated work (frames x pixels)."),
        .value("jobs", "N", "Outputs rendered at once (default: all cores). Output is identical for any value.", short: "j"),
        .flag("quiet", "No progress bar and no summary (errors are still printed).", short: "q"),
    ]

    struct Prepared {
        var entry: Manifest.Entry
        var job: RenderJob
        var frames: Int
        var key: String
        /// Estimated work: frames x pixels per frame.
        var work: Int
        var pixelSize: (width: Int, height: Int)
    }

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try args.expectPositionals(1...1, usage: usage)
        let check = args.flag("check"), force = args.flag("force"), quiet = args.flag("quiet")
        let jobs = try args.int("jobs", in: 1...Limits.maxJobs, what: "a worker count") ?? ProcessInfoCores.count
        let shard = try args.string("shard").map { try BatchShard.parse($0, label: args.label("shard"), command: name) }
        let manifest = try Manifest.load(args.positionals[0])
        var prepared = try prepare(manifest)
        let total = prepared.count
        if let shard {
            let shardOf = BatchShard.assign(work: prepared.map(\.work), shards: shard.count)
            prepared = prepared.indices.filter { shardOf[$0] == shard.index - 1 }.map { prepared[$0] }
        }
        if args.flag("list") {
            list(prepared, of: total, shard: shard)
            return 0
        }
        return try render(prepared, manifest: manifest, check: check, force: force, quiet: quiet, jobs: jobs)
    }

    /// `--list`: one line per output (file, command, frames, frame size, work), then the total.
    static func list(_ items: [Prepared], of total: Int, shard: (index: Int, count: Int)?) {
        for item in items {
            Console.out("\(item.entry.out)\t\(item.entry.command.name)\t\(item.frames) frames\t\(item.pixelSize.width)x\(item.pixelSize.height) px\twork \(item.work)")
        }
        let work = items.reduce(0) { $0 + $1.work }
        let which = shard.map { "shard \($0.index)/\($0.count): " } ?? ""
        Console.out("# \(which)\(items.count) of \(total) outputs, estimated work \(work) (frames x pixels)")
    }

    /// Every entry validated and planned (a usage error for the first bad one); nothing renders.
    static func prepare(_ manifest: Manifest) throws -> [Prepared] {
        var prepared: [Prepared] = []
        for entry in manifest.entries {
            var a = entry.arguments
            a.set("quiet", "true", label: "\(entry.path)")
            a.set("jobs", "1", label: "\(entry.path)")
            let job: RenderJob
            do {
                job = try entry.command.job(a)
            } catch let e as UsageError {
                let place = e.message.hasPrefix(entry.path) ? "" : "\(entry.path) (\(entry.out)): "
                throw UsageError("manifest \(manifest.file): \(place)\(e.message)", command: name)
            } catch {
                throw RuntimeFailure("\(entry.path) (\(entry.out))", error)
            }
            let plan = try SceneRunner.plan(scene: job.scene, options: job.options, command: entry.command.name)
            let size = job.scene.pixelSize
            prepared.append(Prepared(entry: entry, job: job, frames: plan.times.count, key: Manifest.key(of: entry),
                                     work: plan.times.count * size.width * size.height, pixelSize: size))
        }
        return prepared
    }

    /// Renders (or with `check` compares) `prepared`, the manifest's outputs or a shard of them.
    static func render(_ prepared: [Prepared], manifest: Manifest, check: Bool, force: Bool, quiet: Bool,
                       jobs: Int) throws -> Int32 {

        var stamps = StampFile(manifest: manifest.file)
        let todo = prepared.filter { check || force || !stamps.isCurrent(out: $0.entry.out, resolvedOut: $0.entry.resolvedOut, key: $0.key) }
        let progress = ProgressDisplay(total: todo.reduce(0) { $0 + $1.frames }, label: check ? "checking" : "rendering", quiet: quiet)

        // A gallery's folders are part of the manifest: create the ones its outputs go into
        // (a single render's --out still has to name an existing folder, to catch typos).
        if !check {
            for item in todo {
                let folder = PathText.parent(item.entry.resolvedOut)
                guard !folder.isEmpty else { continue }
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw RuntimeFailure("\(item.entry.path) (\(item.entry.out)): cannot create folder \(folder); check that no file is in the way and that its parent is writable")
                }
            }
        }

        var scratch: String?
        if check {
            scratch = FileOperation.makeTemporaryFolder(in: FileManager.default.temporaryDirectory.path, prefix: "hudrender-check-")
            if scratch == nil { throw RuntimeFailure("cannot create a temporary folder for --check; check TMPDIR is writable") }
        }
        defer { if let scratch { try? FileManager.default.removeItem(atPath: scratch) } }

        // Render concurrently: workers claim entries by index; results land in their own slots.
        let lock = Mutex(())
        var next = 0
        var failures: [Int: Error] = [:]
        var outputs: [Int: String] = [:]
        let workers = max(1, min(jobs, todo.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let i: Int = lock.withLock { _ in
                    defer { next += 1 }
                    return next
                }
                if i >= todo.count || Cancellation.shared.isCancelled { return }
                var options = todo[i].job.options
                if let scratch {
                    let ext = PathText.fileExtension(todo[i].entry.resolvedOut)
                    let tmp = "\(scratch)/\(i).\(ext)"
                    options.destination = ext == "gif" ? .gif(tmp) : ext == "webp" ? .webp(tmp) : ext == "apng" ? .apng(tmp) : .png(tmp)
                }
                do {
                    try SceneRunner.run(scene: todo[i].job.scene, options: options, command: todo[i].entry.command.name, progress: progress)
                    let data = FileManager.default.contents(atPath: options.destination.path).map { [UInt8]($0) } ?? []
                    lock.withLock { _ in outputs[i] = ContentHash.of(data) }
                } catch {
                    lock.withLock { _ in failures[i] = error }
                }
            }
        }
        progress.finish()
        try Cancellation.shared.check()
        if let interrupted = failures.values.first(where: { $0 is Interrupted }) { throw interrupted }

        for (i, error) in failures.sorted(by: { $0.key < $1.key }) {
            Console.error("\(todo[i].entry.path) (\(todo[i].entry.out)): \(SceneRunner.wrap(error))")
        }
        if check {
            var stale: [String] = []
            for (i, item) in todo.enumerated() where failures[i] == nil {
                let onDisk = FileManager.default.contents(atPath: item.entry.resolvedOut).map { [UInt8]($0) }
                if onDisk == nil {
                    stale.append("missing: \(item.entry.resolvedOut)")
                } else if ContentHash.of(onDisk!) != outputs[i] {
                    stale.append("differs: \(item.entry.resolvedOut)")
                }
            }
            for s in stale { Console.out(s) }
            if !stale.isEmpty {
                Console.error("\(stale.count) of \(todo.count) outputs differ from what this hudrender renders; run hudrender batch \(manifest.file) and commit the result")
                return 1
            }
            if !quiet { Console.out("batch: all \(todo.count) outputs are current") }
            return failures.isEmpty ? 0 : 1
        }

        for (i, item) in todo.enumerated() where failures[i] == nil {
            stamps.stamps[item.entry.out] = StampFile.Stamp(key: item.key, output: outputs[i]!)
        }
        do { try stamps.save() } catch {
            Console.error("cannot save stamps (outputs were written): \(error)")
        }
        if !quiet {
            let rendered = todo.count - failures.count
            Console.out("batch: \(prepared.count) outputs: \(rendered) rendered, \(prepared.count - todo.count) up to date" + (failures.isEmpty ? "" : ", \(failures.count) failed"))
        }
        return failures.isEmpty ? 0 : 1
    }
}
