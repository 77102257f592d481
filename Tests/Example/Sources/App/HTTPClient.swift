protocol HTTPClient {
  func get(_ path: String) async throws -> [UInt8]
}

/// Not matched by the implicit filters: registered by AppConfiguration.httpClient().
final class URLSessionHTTPClient: HTTPClient {
  let baseURL: String
  init(baseURL: String) { self.baseURL = baseURL }
  func get(_ path: String) async throws -> [UInt8] { [] }
}
