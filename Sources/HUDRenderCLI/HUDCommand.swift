// HUDCommand: `hudrender [hud]`, the MMProgressHUD-style HUD and the default command.
//
// Design note: with no storyboard the HUD plays HUDKit's default story (ProgressHUDStory:
// "Loading…" with the spinner, progress to 100% with the percentage as status, "Completed!"), and
// every option adjusts that story; a storyboard replaces the story with its own timed calls, mapped
// one to one onto MMProgressHUD's API (show, updateProgress/Status/Title, tap, dismissWithSuccess /
// Error). `--look` swaps in a neighbour library's look for side-by-side comparisons.

import Dispatch
import HUDCodecs
import HUDKit
import HUDRaster
import HUDSVG
import HUDText

enum HUDCommand: SceneCommand {
    static let name = "hud"
    static let abstract = "The MMProgressHUD-style HUD (default command): drop, balloon, swing, expand ..."
    static let usage = "hudrender [hud] --out PATH [options]"
    static let examples: [(command: String, comment: String)] = [
        ("hudrender --style balloon --out hud.gif", "the default story, hanging from a balloon"),
        ("hudrender --style swing-left --progress linear --result error --out fail.apng", "linear progress, ends with the error X"),
        ("hudrender --title Uploading --status 'Please wait' --progress none --at 0.9 --out still.png", "a still of the spinner"),
        ("hudrender --confirm --glow-color '#FF9500' --out confirm.gif", "a tap asks \"Cancel?\" with an orange glow"),
        ("hudrender --look svprogresshud-dark --background mock-dark --out sv.gif", "SVProgressHUD's dark look for comparison"),
        ("hudrender --contact-sheet 4x2 --out sheet.png", "eight moments of the story on one image"),
        ("hudrender --storyboard Fixtures/storyboards/upload.json --out upload.gif", "a scripted story"),
    ]
    static let styles = PresentationStyle.allCases.map(\.rawValue)
    static let progressChoices = ["radial", "linear", "none"]
    static let resultChoices = ["success", "error", "none"]
    static let overlayChoices = ["gradient", "linear", "none"]
    static let looks = ["mmprogresshud", "svprogresshud-light", "svprogresshud-dark", "mbprogresshud",
                        "mbprogresshud-pie", "mbprogresshud-annular", "mbprogresshud-bar", "mbprogresshud-text"]

    static var componentOptions: [OptionSpec] {
        [
            .value("style", "NAME", "Presentation style: \(styles.joined(separator: ", ")) (default drop).", choices: styles),
            .value("title", "TEXT", "Title, bold (default \"Loading…\"; \"\" for none)."),
            .value("status", "TEXT", "Status under the spinner before progress starts."),
            .value("progress", "KIND", "Determinate progress after the spinner: radial (default), linear, none (the spinner and the opening status throughout, no percentages).", choices: progressChoices),
            .value("result", "KIND", "How the story ends: success (default), error, none (plain dismiss).", choices: resultChoices),
            .value("result-message", "TEXT", "Status shown with the result (default \"Completed!\" / \"Failed\")."),
            .flag("confirm", "Tap once during progress: the HUD glows and asks \"Cancel?\"."),
            .value("overlay", "KIND", "What covers the app: gradient (default), linear, none.", choices: overlayChoices),
            .value("glow-color", "#RRGGBB", "Glow colour of the confirmation state (default red)."),
            .flag("border", "Draw MMProgressHUD's optional white 2 pt border."),
            .value("image", "FILE", "A PNG or SVG shown instead of the spinner while loading (100 x 100 pt)."),
            .value("font", "FONT", "A font file (.ttf, .otf, .ttc#INDEX) or family name for title and status (default: Nimbus Sans, Helvetica Neue's metrics)."),
            .value("look", "NAME", "Look: mmprogresshud (default); neighbours for comparison: svprogresshud-light, svprogresshud-dark, mbprogresshud (spinner), mbprogresshud-pie, mbprogresshud-annular, mbprogresshud-bar, mbprogresshud-text.", choices: looks),
        ]
    }
    static let defaults = RenderOptions.Defaults(fps: 30, scale: 1, backdrop: .mockLight, device: .default, size: nil, stillTime: nil)

    /// Loads MMHud's fonts (`HUDFonts.system`, or fontconfig alone for the other looks) on
    /// another thread: starting fontconfig (reading its configuration) is the longest step before
    /// the first frame, and the backdrop is drawn meanwhile. FontLibrary is shared and locked, and
    /// its choices depend on the installed fonts alone, so the scene gets the same faces.
    /// A serial queue of its own gets a thread at once; Linux's libdispatch starts the global
    /// queue's first worker late, after the main thread would have loaded the fonts itself.
    static func prefetch(_ args: ParsedArguments) {
        guard args.string("font") == nil else { return }
        let look = (try? args.choice("look", looks)) ?? nil
        DispatchQueue(label: "hudrender.prefetch").async {
            if look == nil || look == "mmprogresshud" { _ = try? HUDFonts.system() } else { _ = FontLibrary.shared }
        }
    }

    static func makeScene(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?) throws -> SceneRenderable {
        let look = try args.choice("look", looks) ?? "mmprogresshud"
        if look.hasPrefix("svprogresshud") {
            return try makeSVProgressHUD(args, options: options, storyboard: storyboard, dark: look.hasSuffix("dark"))
        }
        if look.hasPrefix("mbprogresshud") {
            return try makeMBProgressHUD(args, options: options, storyboard: storyboard, look: look)
        }
        var story = ProgressHUDStory()
        story.seed = options.seed
        if let s = try args.choice("style", styles) { story.presentationStyle = PresentationStyle(name: s) ?? .drop }
        if let t = args.string("title") { story.title = t.isEmpty ? nil : t }
        if let s = args.string("status") { story.status = s.isEmpty ? nil : s }
        if let p = try args.choice("progress", progressChoices) { story.progress = ProgressHUDStory.Progress(rawValue: p)! }
        if let r = try args.choice("result", resultChoices) { story.result = ProgressHUDStory.Result(rawValue: r)! }
        if let m = args.string("result-message") { story.resultMessage = m }
        story.confirmationTap = args.flag("confirm")
        if let o = try args.choice("overlay", overlayChoices) { story.overlayMode = ProgressHUD.OverlayMode(rawValue: o)! }
        if let c = try args.color("glow-color") { story.glowColor = c }
        story.hasBorder = args.flag("border")
        if let path = args.string("image") { story.image = try loadImage(path, label: args.label("image"), scale: options.screen.scale) }
        let fonts = try args.string("font").map { try loadFonts($0, label: args.label("font")) }

        var hud = story.makeHUD()
        if let storyboard { hud.setScript(try script(from: storyboard, story: story, confirm: args.flag("confirm"))) }
        return try ProgressHUDScene(hud: hud, screen: options.screen, fonts: fonts, duration: options.duration)
    }

    /// Maps storyboard events onto MMProgressHUD's calls.
    static func script(from storyboard: Storyboard, story: ProgressHUDStory, confirm: Bool) throws -> HUDScript {
        var hud = ProgressHUD()
        for e in storyboard.events {
            let where_ = "storyboard \(storyboard.file): \(e.path)"
            switch e.action {
            case .show:
                hud.at(e.at) { a in
                    if let p = e.progress {
                        a.showProgress(title: e.title, status: e.status, cancellable: confirm)
                        if p > 0 { a.updateProgress(p) }
                    } else if let image = story.image {
                        a.show(title: e.title, status: e.status, image: image)
                    } else if confirm {
                        a.show(title: e.title, status: e.status, confirmationMessage: nil)
                    } else {
                        a.show(title: e.title, status: e.status)
                    }
                }
            case .update:
                if e.progress == nil && e.title == nil && e.status == nil {
                    throw UsageError("\(where_): an \"update\" needs \"title\", \"status\" or \"progress\"", command: name)
                }
                hud.at(e.at) { a in
                    if let p = e.progress { a.updateProgress(p, status: e.status, title: e.title) }
                    else if let t = e.title { a.updateTitle(t, status: e.status) }
                    else if let s = e.status { a.updateStatus(s) }
                }
            case .tap:
                hud.at(e.at) { $0.tap() }
            case .dismiss:
                hud.at(e.at) { a in
                    switch e.result ?? .none {
                    case .success: a.dismiss(withSuccess: e.status ?? "Completed!", title: e.title)
                    case .error: a.dismiss(withError: e.status ?? "Failed", title: e.title)
                    case .none: a.dismiss()
                    }
                }
            }
        }
        return hud.script
    }

    /// SVProgressHUD's look: the comet while loading, then the story's result.
    static func makeSVProgressHUD(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?, dark: Bool) throws -> SceneRenderable {
        for unsupported in ["style", "confirm", "glow-color", "border", "image", "font"] where args.has(unsupported) {
            throw UsageError("\(args.label(unsupported)) applies to the MMProgressHUD look only; remove it or drop --look", command: name)
        }
        let style = SVProgressHUDStyle(appearance: dark ? .dark : .light, maskType: (try args.choice("overlay", overlayChoices)) == "none" ? .none : .black)
        var content: SVProgressHUDStyle.Content = .indeterminate
        var status: String? = args.string("status") ?? args.string("title") ?? "Loading…"
        var showAt = 0.0, dismissAt: Double? = 2.5
        switch try args.choice("result", resultChoices) {
        case "success": content = .success; status = args.string("result-message") ?? "Completed!"
        case "error": content = .error; status = args.string("result-message") ?? "Failed"
        default: if try args.choice("progress", progressChoices).map({ $0 != "none" }) == true { content = .progress(0.6) }
        }
        if let storyboard {
            dismissAt = nil
            for e in storyboard.events {
                switch e.action {
                case .show:
                    showAt = e.at
                    if let s = e.status ?? e.title { status = s }
                    if let p = e.progress { content = .progress(p) }
                case .dismiss:
                    dismissAt = e.at
                    switch e.result ?? .none {
                    case .success: content = .success
                    case .error: content = .error
                    case .none: break
                    }
                    if let s = e.status { status = s }
                case .update, .tap:
                    throw UsageError("storyboard \(storyboard.file): \(e.path).action: the SVProgressHUD look shows one state; use show and dismiss (with a result), or the MMProgressHUD look", command: name)
                }
            }
        }
        return try SVProgressHUDScene(screen: options.screen, style: style, content: content, status: status,
                                      showAt: showAt, dismissAt: dismissAt, duration: options.duration)
    }

    /// MBProgressHUD's look: a mode per look name, --title as the label and --status as the details;
    /// --style fade / expand / shrink pick MBProgressHUDAnimationFade / ZoomIn / ZoomOut.
    static func makeMBProgressHUD(_ args: ParsedArguments, options: RenderOptions, storyboard: Storyboard?, look: String) throws -> SceneRenderable {
        for unsupported in ["confirm", "glow-color", "border", "image", "font", "progress", "result", "result-message", "overlay"] where args.has(unsupported) {
            throw UsageError("\(args.label(unsupported)) applies to the MMProgressHUD look only; remove it or drop --look", command: name)
        }
        var style = MBProgressHUDStyle()
        switch try args.choice("style", styles) {
        case nil, "fade": style.animation = .fade
        case "expand": style.animation = .zoomIn
        case "shrink": style.animation = .zoomOut
        case let other?:
            throw UsageError("\(args.label("style")): \"\(other)\" is MMProgressHUD's; MBProgressHUD animates with fade, expand (zoomIn) or shrink (zoomOut)", command: name)
        }
        let mode: MBProgressHUDStyle.Mode
        switch look {
        case "mbprogresshud-pie": mode = .determinate(0)
        case "mbprogresshud-annular": mode = .annularDeterminate(0)
        case "mbprogresshud-bar": mode = .determinateHorizontalBar(0)
        case "mbprogresshud-text": mode = .text
        default: mode = .indeterminate
        }
        var label: String? = args.string("title").map { $0.isEmpty ? nil : $0 } ?? "Loading"
        var details = args.string("status")
        var showAt = 0.0, hideAt: Double? = 2.5
        if let storyboard {
            hideAt = nil
            for e in storyboard.events {
                switch e.action {
                case .show:
                    showAt = e.at
                    if let t = e.title { label = t }
                    if let s = e.status { details = s }
                case .dismiss: hideAt = e.at
                case .update, .tap:
                    throw UsageError("storyboard \(storyboard.file): \(e.path).action: the MBProgressHUD look has show and dismiss only (progress ramps from show to dismiss)", command: name)
                }
            }
        }
        return try MBProgressHUDScene(screen: options.screen, style: style, mode: mode, label: label, details: details,
                                      showAt: showAt, hideAt: hideAt, duration: options.duration)
    }

    /// A PNG or SVG for the HUD's image area (100 x 100 pt at the screen's scale).
    static func loadImage(_ path: String, label: String, scale: Double) throws -> Image {
        try InputFile.requireFile(path, label: label)
        do {
            if path.lowercased().hasSuffix(".svg") {
                return try SVGDocument(contentsOfFile: path).renderImage(width: Int((100 * scale).rounded()))
            }
            return try PNG.read(path)
        } catch {
            throw RuntimeFailure("\(label) \(path)", error)
        }
    }

    static func loadFonts(_ spec: String, label: String) throws -> HUDFonts {
        let file = spec.split(separator: "#", omittingEmptySubsequences: false).dropLast(spec.contains("#") ? 1 : 0)
            .joined(separator: "#")
        let isFile = spec.contains("/") || [".ttf", ".otf", ".ttc", ".otc"].contains { file.lowercased().hasSuffix($0) }
        if isFile { try InputFile.requireFile(file, label: label) }
        do {
            if isFile {
                let regular = try Font(contentsOf: spec, size: 16)
                return HUDFonts(title: regular, status: regular, statusBold: regular)
            }
            // A family: its bold face for the title, as MMProgressHUD uses HelveticaNeue-Bold.
            let regular = Font(face: try FontLibrary.shared.face(named: spec), size: 16)
            let bold = (try? FontLibrary.shared.face(named: spec, weight: .bold)).map { Font(face: $0, size: 16) } ?? regular
            return HUDFonts(title: bold, status: regular, statusBold: bold)
        } catch {
            throw RuntimeFailure("\(label) \(spec)", error)
        }
    }
}
