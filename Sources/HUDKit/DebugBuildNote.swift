// DebugBuildNote: one line on stderr when HUDKit renders from a debug build.
//
// Design note: the pixel loops are many times slower without optimisation, and a user running
// `swift run` or `swift test` from their own package gets a debug build of HUDKit without asking
// for one; a render that takes most of a minute instead of seconds looks like a bug. So a debug
// build says so, once per process, the first time a screen hands out a canvas. Release builds
// (what `-c release` gives) compile the note out. HUDRENDER_NO_DEBUG_NOTE=1 silences it.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum DebugBuildNote {
    /// The note for a build of this configuration, or nil when there is nothing to say.
    static func message(isDebugBuild: Bool) -> String? {
        guard isDebugBuild else { return nil }
        return "hudrender: note: HUDKit was built without optimisation (a debug build), where rendering is many times slower; build with -c release (swift run -c release, swift test -c release) for full speed. HUDRENDER_NO_DEBUG_NOTE=1 hides this note."
    }

    static var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// Printed at most once per process (a global's initialiser runs once, thread-safely).
    static let printed: Bool = {
        guard let text = message(isDebugBuild: isDebugBuild), getenv("HUDRENDER_NO_DEBUG_NOTE") == nil else { return false }
        fputs(text + "\n", stderr)
        return true
    }()
}
