import PixelConfig
import PixelPanels

// The few types of the lower modules that a front end names in its own declarations (an
// option's type, a function's result). A front end reaches everything else through
// PixelRuntime's own API, so it imports PixelRuntime alone and cannot assemble a run by hand.

/// A panel's size in LEDs, `WIDTHxHEIGHT` on the command line (PixelPanels' `PanelSize`).
public typealias PanelSize = PixelPanels.PanelSize
/// The on/off dither of `show --dither` (PixelPanels' `OnOffDither`).
public typealias OnOffDither = PixelPanels.OnOffDither
/// How HUB75's GPIO lines are driven, `run --gpio-backend` (PixelPanels' `GPIOBackend`).
public typealias GPIOBackend = PixelPanels.GPIOBackend
/// The machine's buses, as the one provider function hands them to a session (PixelPanels'
/// `MachineBusProvider`).
public typealias MachineBusProvider = PixelPanels.MachineBusProvider
/// One run's set-up: the panels, inputs and first settings (PixelConfig's `Setup`).
public typealias Setup = PixelConfig.Setup
