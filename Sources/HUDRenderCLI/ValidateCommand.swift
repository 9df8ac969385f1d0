// ValidateCommand: `hudrender validate FILE...` checks storyboards and manifests without rendering.
//
// Design note: for editors and pre-commit hooks. Each file goes through the very code a render
// runs up to the first frame (CommandLineTool.checkStoryboard for a storyboard, the manifest's
// load and every entry's plan for a manifest), so what passes here renders. Every file is checked
// and every problem printed with its file and JSON path; a manifest is told from a storyboard by
// its "outputs" key.


enum ValidateCommand: Command {
    static let name = "validate"
    static let abstract = "Check storyboards and batch manifests without rendering (exit 2 naming each error)."
    static let usage = "hudrender validate FILE.json [FILE.json ...]"
    static let discussion = """
        Prints "FILE: ok" for each valid file and "hudrender: error: FILE: PATH: problem" for each
        invalid one. Exit 0 when all are valid, 2 when any has a mistake (or does not exist), 1 when
        a file could not be read for another reason.
        """
    static let examples: [(command: String, comment: String)] = [
        ("hudrender validate Fixtures/storyboards/*.json", "every storyboard"),
        ("hudrender validate docs/assets.json", "a manifest and every storyboard it renders"),
    ]
    static let options: [OptionSpec] = [.flag("quiet", "Print only the errors.", short: "q")]

    static func run(_ args: ParsedArguments) throws -> Int32 {
        try args.expectPositionals(1...Int.max, usage: usage)
        var status: Int32 = 0
        for file in args.positionals {
            do {
                try check(file)
                if !args.flag("quiet") { Console.out("\(file): ok") }
            } catch {
                let code = CommandLineTool.exitStatus(for: error)
                let message = (error as? UsageError)?.message ?? String(describing: error)
                Console.error(message.contains(file) ? message : "\(file): \(message)")
                status = max(status, code)
            }
        }
        return status
    }

    static func check(_ file: String) throws {
        let bytes = try InputFile.read(file, label: "file")
        if case .object(let members)? = try? JSONReader.parse(bytes), members.contains(where: { $0.key == "outputs" }) {
            _ = try BatchCommand.prepare(try Manifest.load(file))
        } else {
            try CommandLineTool.checkStoryboard(bytes, file: file)
        }
    }
}
