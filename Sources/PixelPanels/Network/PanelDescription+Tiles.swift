extension PanelDescription {
    /// Whether this panel sends over the network (`ddp`, `e131`, `artnet`).
    public var isSending: Bool { bus == .network }

    /// Sending panels as the tiles of one canvas: one description whose panel sends each
    /// tile its part, all pushed together. Nil when `panels` is empty or one of them does not
    /// send. The first panel's brightness and mounting apply to the whole canvas.
    public static func tiles(_ panels: [PanelDescription]) -> PanelDescription? {
        guard let first = panels.first, case var .network(joined) = first.kind else { return nil }
        for panel in panels.dropFirst() {
            guard case let .network(more) = panel.kind else { return nil }
            joined = joined.joined(with: more)
        }
        return PanelDescription(tiles: joined, text: panels.map(\.text).joined(separator: " + "), from: first)
    }

    private init(tiles: NetworkSenderConfiguration, text: String, from first: PanelDescription) {
        self.text = text
        kind = .network(tiles)
        device = tiles.destination
        spiBufferSize = first.spiBufferSize
        keys = first.keys
        mounting = first.mounting
        givenValues = first.givenValues
    }
}
