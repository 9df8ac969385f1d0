import HUDKit

/// GradientLoadingBar's notch controller on a 375 pt view with a 62 pt safe area, in UIKit's flavour.
public func makeNotchBarStill() throws -> Image {
    let screen = try Screen(device: .iPhone11, scale: 3, backdrop: .transparent,
                            size: Size(width: 375, height: 100), safeAreaInsets: Device.Insets(top: 62))
    var bar = GradientLoadingBar(placement: .notch, flavour: .uiKit)   // or .swiftUI (GradientLoadingBarView)
    bar.isRelativeToSafeArea = false
    return try GradientLoadingBarScene(screen: screen, bar: bar).render(at: 0)
}
