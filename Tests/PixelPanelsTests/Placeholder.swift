import Testing
@testable import PixelPanels
