import Foundation

/// A program run to its end by a test, with its output collected.
public struct ChildProcess {
    /// Its exit status.
    public let status: Int32
    /// What it wrote to standard output.
    public let output: String
    /// What it wrote to standard error.
    public let errors: String

    /// Runs `executable` with `arguments`, the test's environment changed by `environment`
    /// (an empty value removes the variable), and standard input an empty pipe.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value.isEmpty ? nil : value }
        process.environment = merged
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = Pipe()
        try process.run()
        // Drained together, so neither pipe fills while the other is read.
        nonisolated(unsafe) var errorData = Data()
        let errorsRead = DispatchSemaphore(value: 0)
        Thread {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.signal()
        }.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorsRead.wait()
        return ChildProcess(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                            errors: String(decoding: errorData, as: UTF8.self))
    }
}
