// SnapshotMismatch: a failed snapshot assertion as an error value, for Swift Testing.
//
// Design note: Swift Testing prints an issue recorded with an error as one line holding the
// error's description, so the mismatch message (which file, how many pixels, where the artifacts
// are) is what the user reads first.

/// The message of a failed snapshot assertion, recorded as a Swift Testing issue.
public struct SnapshotMismatch: Error, CustomStringConvertible, Sendable {
    /// What differed and where the reference and artifacts are.
    public let message: String
    public var description: String { message }
}
