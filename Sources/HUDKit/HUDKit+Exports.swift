// HUDKit+Exports: the types a scene hands back, visible after `import HUDKit` alone.
//
// Design note: every scene's `render(at:)` returns HUDRaster's `Image`, and scenes are built from
// HUDRaster's `Color`, `Size` and `Point`; an app that only renders HUDs should not need to know
// the rasterizer is a separate module, so those names are re-exported here.

@_exported import struct HUDRaster.Image
@_exported import struct HUDRaster.Color
@_exported import struct HUDRaster.Size
@_exported import struct HUDRaster.Point
@_exported import struct HUDRaster.Rect
