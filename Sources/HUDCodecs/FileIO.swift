// FileIO: reading whole files into memory with errors that name the path.
//
// Design note: every decoder works on bytes in memory (PNG and GIF files here are small next to the
// images they hold), so reading is one function and the decoders never touch the file system.
import HUDSupport

enum FileIO {
    /// Largest input read (256 MB): far above any real PNG/GIF/APNG, and it stops `/dev/zero` or an
    /// endless pipe from filling memory.
    static let maxInputSize = 256 * 1024 * 1024

    /// The whole contents of `path`, at most `limit` bytes.
    static func readAll(_ path: String, limit: Int = maxInputSize) throws -> [UInt8] {
        do { return try FileBytes.read(path, limit: limit) } catch {
            let reason = error == .tooLarge(limit: limit) ? error.reason + "; give an image file" : error.reason
            throw CodecError.readFailed(path: path, reason: reason)
        }
    }
}
