import PixelCore

/// One answer of the WLED API: an HTTP status and a JSON body.
public struct WLEDResponse: Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The body, compact JSON (XML for the HTTP API, `contentType` says).
    public var body: String
    /// The body's media type.
    public var contentType = "application/json; charset=utf-8"
    /// The request's keys that were not honoured, for a response header.
    public var ignored: [String] = []

    /// An answer with `status` and `body`.
    public init(status: Int, body: JSONValue, ignored: [String] = []) {
        self.status = status; self.body = body.text; self.ignored = ignored
    }

    /// The HTTP API's answer: `xml`, as `text/xml`.
    public init(xml: String) {
        status = 200; body = xml; contentType = "text/xml; charset=utf-8"
    }

    /// WLED's error answer, `{"error":code}`: 9 is a JSON body it could not read.
    public static func error(_ status: Int, code: Int) -> WLEDResponse {
        WLEDResponse(status: status, body: .object([("error", .int(Int64(code)))]))
    }
}

/// The paths of WLED's JSON API and what each answers: pure, so tests and the fuzzer run it
/// without a server. The server adds the source check, the rate limit and the body limit.
public enum WLEDAPI {
    /// WLED's error code for a body that is not JSON it can use.
    public static let jsonErrorCode = 9

    /// Whether `path` belongs to the API (and not to the page): the JSON API, and the HTTP
    /// API's `/win` with its `&KEY=value` parameters.
    public static func handles(_ path: String) -> Bool {
        path == "/json" || path.hasPrefix("/json/") || path == "/presets.json" || WLEDHTTPRequest.isHTTPAPI(path)
    }

    /// The answer to `GET path` (with `query`, for `/json/palx?page=N`): a document, or 404 for
    /// a path PixelWheel has nothing for (`/json/cfg`, …, and `/json/live` before the first frame).
    public static func get(_ path: String, query: String? = nil, documents: WLEDDocuments, live: WLEDLivePicture? = nil) -> WLEDResponse {
        switch path {
        case "/json/nodes": return WLEDResponse(status: 200, body: WLEDDocuments.nodes)
        case "/json/palx": return WLEDResponse(status: 200, body: WLEDDocuments.paletteColors(page: pageNumber(query)))
        case "/json/live": return live.map { WLEDResponse(status: 200, body: $0.json) } ?? notFound
        case "/json", "/json/": return WLEDResponse(status: 200, body: documents.all)
        case "/json/state": return WLEDResponse(status: 200, body: documents.state)
        case "/json/info": return WLEDResponse(status: 200, body: documents.info)
        case "/json/si": return WLEDResponse(status: 200, body: documents.stateAndInfo)
        case "/json/eff", "/json/effects": return WLEDResponse(status: 200, body: WLEDDocuments.effects)
        case "/json/pal", "/json/palettes": return WLEDResponse(status: 200, body: WLEDDocuments.palettes)
        case "/json/fxdata": return WLEDResponse(status: 200, body: WLEDDocuments.fxdata)
        case "/json/families": return WLEDResponse(status: 200, body: WLEDDocuments.families)
        case "/presets.json": return WLEDResponse(status: 200, body: documents.presets)
        default: return notFound
        }
    }

    /// `page=N` of a query (0 when absent or not a number).
    static func pageNumber(_ query: String?) -> Int {
        for pair in (query ?? "").split(separator: "&") where pair.hasPrefix("page=") {
            return Int(pair.dropFirst(5).prefix(6)) ?? 0
        }
        return 0
    }

    /// 404, as `{"error":"Not Found"}`.
    public static let notFound = WLEDResponse(status: 404, body: .object([("error", .string("Not Found"))]))

    /// Whether `POST path` changes the state (`/json/state`, or `/json` as WLED also takes).
    public static func isStatePost(_ path: String) -> Bool {
        path == "/json/state" || path == "/json" || path == "/json/"
    }

    /// The answer once `request` is applied and `documents` shows the state after it: the full
    /// state when asked (`v`), else `{"success":true}` as WLED answers.
    public static func applied(_ request: WLEDStateRequest, documents: WLEDDocuments) -> WLEDResponse {
        let body: JSONValue = request.wantsState ? documents.state : .object([("success", .bool(true))])
        return WLEDResponse(status: 200, body: body, ignored: request.ignored)
    }
}
