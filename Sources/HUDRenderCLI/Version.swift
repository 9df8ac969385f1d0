// Version: the one place the release number lives (printed by --version, stored in batch stamps).
//
// Design note: batch manifests record the version beside each output's option hash, so a new
// release re-renders assets whose pixels may have changed even when their options did not.

enum Version {
    static let string = "0.1.0"
}
