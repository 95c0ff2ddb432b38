import Testing
@testable import PixelRuntime
