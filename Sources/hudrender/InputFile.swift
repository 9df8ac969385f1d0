// InputFile: reading a user-named input file with a message that says what to do when it fails.
//
// Design note: "no such file", "is a folder" and "permission denied" need different fixes, so they
// are told apart here rather than reported as one generic read failure.

import Foundation

enum InputFile {
    static func read(_ path: String, label: String) throws -> [UInt8] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw RuntimeFailure("\(label) \(path): no such file; check the path")
        }
        if isDir.boolValue { throw RuntimeFailure("\(label) \(path): is a folder; give a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RuntimeFailure("\(label) \(path): cannot be read (permission denied?); check its permissions")
        }
        return [UInt8](data)
    }
}
