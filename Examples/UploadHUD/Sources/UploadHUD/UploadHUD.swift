import HUDKit

/// The upload HUD of the app: scripted as you would script MMProgressHUD, on a timeline.
public func makeUploadHUD() -> ProgressHUD {
    var hud = ProgressHUD()
    hud.presentationStyle = .balloon
    hud.at(0.0) { $0.showProgress(title: "Uploading", status: "Preparing…") }
    hud.at(1.0) { $0.updateProgress(0.5, status: "50%") }
    hud.at(1.8) { $0.updateProgress(1.0, status: "100%") }
    hud.at(2.0) { $0.dismiss(withSuccess: "Uploaded!") }
    return hud
}
