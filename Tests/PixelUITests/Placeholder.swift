import Testing
@testable import PixelUI
