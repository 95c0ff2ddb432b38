import FlyingFox
import PixelCore
import PixelWeb
#if canImport(FoundationEssentials)
import FoundationEssentials  // Data: FlyingFox's bodies
#else
import Foundation
#endif

/// `/login` and `/logout`: the login page, the password posted as a form
/// (`password=…`) or as JSON (`{"password":"…"}`), and the session cookie it earns.
///
/// A post from another page's origin (by its `Origin` header, which browsers always send with
/// a POST) is refused before the password is looked at, a body is at
/// most `maximumBodyBytes` (by its Content-Length, before it is read), and failures are
/// rate-limited per source address by `WebAuth`. A form post is answered with a redirect (to
/// `/` on success, back to `/login?failed` or `/login?locked` otherwise); JSON with JSON.
struct LoginRoutes {
    let server: WebServer

    /// The largest login body read.
    static let maximumBodyBytes = 1024

    func respond(to request: HTTPRequest, path: String) async throws -> HTTPResponse {
        let auth = server.configuration.auth
        if request.method == .GET && path == "/login" {
            guard let file = server.configuration.page.file(forPath: "/login.html") else { return WebRoutes.error(.notFound) }
            return WebRoutes.pageFile(file)
        }
        guard request.method == .POST else { return WebRoutes.error(.methodNotAllowed, "use POST") }
        // Browsers send Origin with every POST; a client without one is no other site's page.
        if let origin = request.headers[HTTPHeader("Origin")], let refusal = server.policy.refusal(host: request.headers[.host], origin: origin) {
            server.refuse("\(path) from a page: " + refusal)
            return WebRoutes.error(.forbidden, "cross-origin login refused")
        }
        if path == "/logout" {
            auth.logout(cookie: request.headers[HTTPHeader("Cookie")])
            return Self.redirect(to: "/login", cookie: WebAuth.clearCookie)
        }
        guard let length = request.bodySequence.count, length <= Self.maximumBodyBytes else {
            return WebRoutes.error(.payloadTooLarge, "a login is at most \(Self.maximumBodyBytes) bytes")
        }
        let body = [UInt8](try await request.bodyData)
        let isJSON = request.headers[.contentType]?.lowercased().hasPrefix("application/json") ?? false
        guard LoginBody.isUTF8(body) else {
            return WebRoutes.error(.badRequest, "the login body is not UTF-8; send the password as UTF-8 text")
        }
        guard let password = LoginBody.password(in: body, isJSON: isJSON) else {
            return WebRoutes.error(.badRequest, "send password=… as a form, or {\"password\":\"…\"} as JSON")
        }
        let source = WLEDRoutes.address(request.remoteAddress)
        let result = auth.login(password: password, source: source, at: server.clock.now())
        if isJSON { return Self.jsonAnswer(result) }
        switch result {
        case let .success(cookie): return Self.redirect(to: "/", cookie: cookie)
        case .wrong: return Self.redirect(to: "/login?failed")
        case .locked: return Self.redirect(to: "/login?locked")
        case .notNeeded: return Self.redirect(to: "/")
        }
    }

    /// Where a page behind the login sends a browser without access: the login page, or, with
    /// no password to log in with, a refusal saying who may open it.
    static func toLogin(server: WebServer) -> HTTPResponse {
        guard server.configuration.auth.needsLogin else {
            return WebRoutes.error(.forbidden, "this page is for this machine only; open it on the machine, or set a password (pixelwheel passwd)")
        }
        return redirect(to: "/login")
    }

    static func redirect(to location: String, cookie: String? = nil) -> HTTPResponse {
        var headers: [HTTPHeader: String] = [.location: location, .cacheControl: "no-store"]
        if let cookie { headers[HTTPHeader("Set-Cookie")] = cookie }
        return HTTPResponse(statusCode: .seeOther, headers: HTTPHeaders(headers))
    }

    static func jsonAnswer(_ result: WebAuth.LoginResult) -> HTTPResponse {
        var headers: [HTTPHeader: String] = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        let status: HTTPStatusCode, body: PixelCore.JSONValue
        switch result {
        case let .success(cookie):
            headers[HTTPHeader("Set-Cookie")] = cookie
            (status, body) = (.ok, .object([("ok", .bool(true))]))
        case .notNeeded: (status, body) = (.ok, .object([("ok", .bool(true)), ("password", .bool(false))]))
        case .wrong: (status, body) = (.unauthorized, .object([("error", .string("wrong password"))]))
        case let .locked(seconds):
            headers[HTTPHeader("Retry-After")] = "\(seconds)"
            (status, body) = (.tooManyRequests, .object([("error", .string("too many wrong passwords; try again in \(seconds) s"))]))
        }
        return HTTPResponse(statusCode: status, headers: HTTPHeaders(headers), body: Data(body.text.utf8))
    }
}
