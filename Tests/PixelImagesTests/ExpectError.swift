import Testing

/// Records an issue unless `body` throws an error that `matches` accepts. The same check as
/// `#expect(performing:throws:)`, which Swift 6.0.3 (`make test-trixie`) crashes on when the
/// closure matches an enum pattern.
func expectError(_ body: () throws -> Void, _ matches: (any Error) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        try body()
        Issue.record("no error was thrown", sourceLocation: sourceLocation)
    } catch {
        if !matches(error) { Issue.record("an unexpected error: \(error)", sourceLocation: sourceLocation) }
    }
}
