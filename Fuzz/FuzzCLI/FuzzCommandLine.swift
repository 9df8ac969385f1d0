// FuzzCommandLine: command dispatch, the argument parser and every option converter, up to the
// validated job and its frame plan (limits), exactly as `hudrender` runs before rendering
// (`CommandLineTool.check`). Input: the arguments separated by NUL bytes. Nothing is rendered and
// nothing is written. Runs when FuzzCLI is called as FuzzCommandLine (see FuzzCLI.swift).
//
// Design note: inputs naming absolute paths or climbing with ".." are skipped: a fuzzer that finds
// `--font /dev/stdin` would block, and reading system files says nothing about the parser. Relative
// names resolve in the working folder, where only small repository files can match.
import HUDRenderCLI

enum FuzzCommandLine {
    static func run(_ bytes: [UInt8]) {
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard arguments.count <= 64 else { return }
        if arguments.contains(where: { $0.hasPrefix("/") || $0.contains("=/") || $0.contains("..") || $0.contains("~") }) { return }
        do { try CommandLineTool.check(arguments) } catch {
            _ = String(describing: error)
        }
    }
}
