import FlyingFox
import PixelCore
import PixelWeb
#if canImport(FoundationEssentials)
import FoundationEssentials  // Data: FlyingFox's bodies
#else
import Foundation
#endif

/// The page's Photos view on the server: `GET /photos.json`, `GET /photos/NAME` (a thumbnail's
/// picture), `POST /photos/NAME` (the body is the file) and `DELETE /photos/NAME`. All of them
/// need control as the page grants it (its login; without a password, loopback only), never
/// the API's allow list; a browser's request must come from the page's own origin.
struct PhotoRoutes {
    let server: WebServer

    /// Seconds an upload may take beyond the request bounds: 8 MiB at 1 Mbit/s.
    static let uploadSeconds: Int64 = 70

    /// Whether `request` is a photo upload, whose body may be up to `PhotoUploads.maximumFileBytes`.
    static func isUpload(_ request: HTTPRequest) -> Bool {
        request.method == .POST && request.target.path().hasPrefix("/photos/")
    }

    func respond(to request: HTTPRequest, path: String) async throws -> HTTPResponse {
        guard let photos = server.configuration.photos else {
            return WebRoutes.error(.notFound, "no photos folder: start with --photos DIR, or give [photos] folder")
        }
        if let refusal = refusal(request) { return refusal }
        if path == "/photos.json" {
            guard request.method == .GET else { return WebRoutes.error(.methodNotAllowed, "GET /photos.json") }
            return Self.json(.ok, photos.listing())
        }
        let name: String
        do {
            name = try PhotoUploads.checkedName(path.dropFirst("/photos/".count))
        } catch {
            return Self.answer(error)
        }
        switch request.method {
        case .GET:
            do {
                let file = try photos.file(name)
                return HTTPResponse(statusCode: .ok, headers: [.contentType: file.contentType, .cacheControl: "no-store",
                                                               HTTPHeader("X-Content-Type-Options"): "nosniff"], body: Data(file.bytes))
            } catch {
                return Self.answer(error)
            }
        case .POST:
            return try await upload(request, as: name, into: photos)
        case .DELETE:
            do {
                try photos.delete(name)
                return Self.json(.ok, .object([("deleted", .string(name))]))
            } catch {
                return Self.answer(error)
            }
        default:
            return WebRoutes.error(.methodNotAllowed, "use GET, POST or DELETE on /photos/NAME")
        }
    }

    /// Reads the body (its length said up front, at most 8 MiB) and keeps it if it decodes.
    private func upload(_ request: HTTPRequest, as name: String, into photos: PhotoUploads) async throws -> HTTPResponse {
        guard let length = request.bodySequence.count, length <= PhotoUploads.maximumFileBytes else {
            return WebRoutes.error(.payloadTooLarge, "a photo may be at most 8 MiB: make it smaller")
        }
        guard server.beginPhotoUpload() else {
            return WebRoutes.error(.serviceUnavailable, "\(PhotoUploads.maximumConcurrentUploads) uploads are already being read: try again")
        }
        defer { server.endPhotoUpload() }
        server.connections.allowBody(from: request.remoteAddress, bytes: length, seconds: Self.uploadSeconds)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(length)
        for try await chunk in request.bodySequence {
            guard bytes.count + chunk.count <= length else { return WebRoutes.error(.payloadTooLarge, "the body is longer than its Content-Length") }
            bytes += chunk
        }
        do {
            try photos.store(bytes, as: name)
        } catch {
            return Self.answer(error)
        }
        return Self.json(.created, .object([("stored", .string(name)), ("size", .int(Int64(bytes.count)))]))
    }

    /// A refusal unless the request may control (and a browser's comes from the page itself).
    private func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        let peer = WLEDRoutes.address(request.remoteAddress)
        guard server.access(request, forAPI: false) == .control else {
            let needsLogin = server.configuration.auth.needsLogin
            server.refuse("the photos to \(peer.isEmpty ? "an unknown source" : peer): "
                          + (needsLogin ? "not logged in" : "not this machine (set a password: pixelwheel passwd)"))
            return WebRoutes.error(needsLogin ? .unauthorized : .forbidden,
                                   needsLogin ? "log in first (/login)" : "the photos are for this machine only; set a password (pixelwheel passwd)")
        }
        if let origin = request.headers[HTTPHeader("Origin")],
           let refusal = server.policy.refusal(host: request.headers[.host], origin: origin) {
            server.refuse("the photos from a page: " + refusal)
            return WebRoutes.error(.forbidden, "cross-origin request refused")
        }
        return nil
    }

    /// A refusal as an answer: its status and its line.
    static func answer(_ refusal: PhotoUploads.Refusal) -> HTTPResponse {
        WebRoutes.error(status(refusal.status), refusal.message)
    }

    /// The status of a refusal's code.
    static func status(_ code: Int) -> HTTPStatusCode {
        switch code {
        case 400: return .badRequest
        case 404: return .notFound
        case 413: return .payloadTooLarge
        case 415: return .unsupportedMediaType
        default: return .internalServerError
        }
    }

    static func json(_ status: HTTPStatusCode, _ value: PixelCore.JSONValue) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
                     body: Data(value.text.utf8))
    }
}
