// ReadmeSwiftSectionTests: every Swift section of the README is compiled, because each one stands
// verbatim in the example consumer package (Examples/UploadHUD), which CI builds and tests.
//
// Design note: the README is what users copy; checking the text against a package that really
// builds against hudrender by path is the only way a README example cannot rot.

import Foundation
import XCTest

final class ReadmeSwiftSectionTests: XCTestCase {
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testEverySwiftSectionStandsVerbatimInTheExampleConsumer() throws {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let sections = Self.swiftSections(of: readme)
        XCTAssertGreaterThanOrEqual(sections.count, 4, "the README shows the manifest, a HUD, a GIF and a golden test")

        let example = root.appendingPathComponent("Examples/UploadHUD")
        var sources: [String] = []
        let walker = FileManager.default.enumerator(at: example, includingPropertiesForKeys: nil)
        while let url = walker?.nextObject() as? URL {
            if url.path.contains("/.build") { walker?.skipDescendants(); continue }
            if url.pathExtension == "swift" { sources.append(try String(contentsOf: url, encoding: .utf8)) }
        }
        XCTAssertFalse(sources.isEmpty, "Examples/UploadHUD has no Swift sources")
        for (index, section) in sections.enumerated() {
            XCTAssertTrue(sources.contains { $0.contains(section) },
                          "README Swift section \(index + 1) is not verbatim in Examples/UploadHUD:\n\(section)")
        }
    }

    func testSectionsAreFoundBetweenFences() {
        let text = "a\n```swift\nlet x = 1\n```\nb\n```sh\nls\n```\n```swift\nlet y = 2\nlet z = 3\n```\n"
        XCTAssertEqual(Self.swiftSections(of: text), ["let x = 1\n", "let y = 2\nlet z = 3\n"])
    }

    /// The text between each "```swift" fence and the next "```".
    static func swiftSections(of markdown: String) -> [String] {
        var sections: [String] = []
        var current: String?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = ""
            } else if current != nil, line == "```" {
                sections.append(current!)
                current = nil
            } else if current != nil {
                current! += line + "\n"
            }
        }
        return sections
    }
}
