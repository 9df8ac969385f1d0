// UsageError: a mistake in how hudrender was invoked (exit status 2), as opposed to a failure while
// doing the work (RuntimeFailure, exit status 1).
//
// Design note: keeping the two apart in the type system is what lets `main` pick the exit status
// without string matching, and lets every parser helper throw a message that names the offending
// option (or storyboard path) and how to fix it.

/// A command-line or storyboard mistake. Exit status 2; nothing is written.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    /// The command whose help the user should read, when there is one (`hudrender ring --help`).
    var command: String?

    init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    var description: String { message }
}
