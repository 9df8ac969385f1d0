// RuntimeFailure: the work itself failed (a file could not be read or written, a render threw).
//
// Design note: library errors (CodecError, FontError, RasterError ...) already say what went wrong
// and how to fix it; this type only adds the CLI's context (which file, which frame) in front of
// them so the user sees one line: `hudrender: error: frame 12: ...`.

/// A failure while doing the work. Exit status 1; the previous output file is left as it was.
struct RuntimeFailure: Error, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    /// Wraps any error with context, keeping its own message (`CustomStringConvertible` if it has one).
    init(_ context: String, _ error: Error) {
        if let e = error as? RuntimeFailure {
            message = context.isEmpty ? e.message : "\(context): \(e.message)"
        } else {
            let text = String(describing: error)
            message = context.isEmpty ? text : "\(context): \(text)"
        }
    }

    var description: String { message }
}
