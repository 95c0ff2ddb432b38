/// A change asked for over the network (the WLED JSON API): applied by the app on the frame
/// loop's thread like any other input, so the network holds no second copy of the settings.
public enum RemoteCommand: Hashable, Sendable {
    /// Turn the panel on (as any input wakes it) or dark (as the hold-to-confirm does).
    case power(Bool)
    /// Brightness, percent (clamped to 0...100).
    case brightness(Int)
    /// Effect speed, percent of normal (clamped to the speed setting's range).
    case speed(Int)
    /// Play menu effect `index` (an index into the menu's effects list); out of range does nothing.
    case effect(Int)
    /// Set parameter `name` of menu effect `effect` to `value`, written as on the command line;
    /// a value the parameter does not take does nothing.
    case parameter(effect: Int, name: String, value: String)
    /// What network streams may do, as WLED's `lor`: 0 obey, 1 ignore the one running, 2 ignore.
    case liveOverride(Int)
    /// Leave the live stream on the display for the app, as MENU does, until that stream ends.
    case leaveLive
    /// Load preset `id` (WLED's `ps`); an id with no preset does nothing.
    case loadPreset(Int)
    /// Save what is shown as preset `id` (WLED's `psave`), named `name` (nil: keep the old
    /// name, or "Preset ID"); refused when the list is full and `id` is new.
    case savePreset(id: Int, name: String?)
    /// Delete preset `id` (WLED's `pdel`).
    case deletePreset(Int)
}
