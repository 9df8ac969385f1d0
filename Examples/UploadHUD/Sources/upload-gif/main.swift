import HUDKit
import HUDCodecs
import UploadHUD

let scene = try Scene(makeUploadHUD(), device: .iPhone14, scale: 2)
let gif = try GIF.Encoder(path: "upload.gif")
let fps = 25.0
for frame in 0..<Int(scene.duration * fps) {
    try gif.append(scene.render(at: Double(frame) / fps), duration: 1 / fps)
}
try gif.finish()
