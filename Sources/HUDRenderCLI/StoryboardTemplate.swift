// StoryboardTemplate: the commented starting storyboards `hudrender new` writes, one per component.
//
// Design note: JSON has no comments, and the storyboard reader is strict, so the comments live in
// the schema's own "description" keys (at the top and in each event), which the reader accepts
// and ignores. Each template is a small, working story that exercises the component's actions,
// so the first render of a new file already shows something; tests validate every template.

enum StoryboardTemplate {
    /// The storyboard text for `component` (one of `Storyboard.components`), written as `file`.
    static func text(for component: String, file: String) -> String {
        let about = "Written by hudrender new. Render: hudrender --storyboard \(file) --out \(component).gif. Check without rendering: hudrender validate \(file). JSON has no comments, so \\\"description\\\" keys (here and in any event) hold them. \\\"options\\\" takes any option of hudrender \(component) --help without the dashes; options on the command line override these."
        return "{\n  \"component\": \"\(component)\",\n  \"description\": \"\(about)\",\n" + body(for: component) + "}\n"
    }

    private static func body(for component: String) -> String {
        switch component {
        case "ring":
            return """
              "options": { "tint-color": "#34C759", "line-width": 4, "size": "160x160" },
              "events": [
                { "at": 0.0, "action": "show", "progress": 0.0, "description": "show: the empty ring" },
                { "at": 0.4, "action": "update", "progress": 0.5, "description": "update: animate to a progress from 0 to 1" },
                { "at": 1.2, "action": "update", "progress": 1.0 },
                { "at": 2.0, "action": "tap", "description": "tap: a touch fills the disc" }
              ]

            """
        case "bar":
            return """
              "options": { "placement": "notch", "device": "iphone-13" },
              "duration": 4.6,
              "events": [
                { "at": 0.2, "action": "show", "description": "show: fadeIn" },
                { "at": 3.6, "action": "dismiss", "description": "dismiss: fadeOut" }
              ]

            """
        case "gg":
            return """
              "options": { "type": "ball-spin-fade-loader", "color": "#FFFFFF" },
              "events": [
                { "at": 0.0, "action": "show", "description": "show: the dimmed window and the indicator" },
                { "at": 2.0, "action": "dismiss", "description": "dismiss: hide" }
              ]

            """
        case "indicator":
            return """
              "options": { "type": "ball-pulse", "size": "120x120" },
              "duration": 2,
              "events": [
                { "at": 0.0, "action": "show", "description": "an indicator only animates: options and this one show" }
              ]

            """
        default:
            return """
              "options": { "style": "balloon", "seed": 1 },
              "events": [
                { "at": 0.0, "action": "show", "title": "Uploading", "status": "Preparing…", "description": "show: title and status under the spinner; add progress for a determinate HUD" },
                { "at": 1.0, "action": "update", "progress": 0.5, "status": "50%", "description": "update: progress (0 to 1), title and status" },
                { "at": 1.6, "action": "update", "progress": 1.0, "status": "100%" },
                { "at": 2.0, "action": "dismiss", "result": "success", "status": "Done!", "description": "dismiss: result success, error or none" }
              ]

            """
        }
    }
}
