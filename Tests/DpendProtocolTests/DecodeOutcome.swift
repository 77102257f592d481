import DpendModel
import Foundation

@testable import DpendProtocol

/// What decoding a body gave, in a form both decoding paths can be compared in: the untyped
/// ``Message/decode(_:)`` followed by Foundation's `JSONDecoder` on the params for a
/// registered method (an independent reading of the typed params), and
/// ``IncomingMessage/decode(_:methods:)``, the path the server takes.
enum DecodeOutcome: Hashable, Sendable, CustomStringConvertible {
  case failure(id: RequestID?, error: ResponseError)
  case request(id: RequestID, method: String, params: Result<Params, ResponseError>?)
  case notification(method: String, params: Result<Params, ResponseError>?)
  case response(id: RequestID?, result: Result<LSPAny, ResponseError>)

  /// The methods the tests register, with the types a server registers.
  static let methods = Registry()
    .adding(InitializeRequest.self)
    .adding(ShutdownRequest.self)
    .adding(HoverRequest.self)
    .adding(DefinitionRequest.self)
    .adding(CodeActionRequest.self)
    .adding(ExecuteCommandRequest.self)
    .adding(InitializedNotification.self)
    .adding(ExitNotification.self)
    .adding(CancelRequestNotification.self)
    .adding(DidOpenTextDocumentNotification.self)
    .adding(DidChangeTextDocumentNotification.self)
    .adding(DidChangeWatchedFilesNotification.self)

  /// The reference path: `Message.decode`, then `JSONDecoder` as the method's type.
  static func untyped(_ body: [UInt8]) -> DecodeOutcome {
    do {
      switch try Message.decode(body) {
      case .request(let id, let method, let params):
        return .request(id: id, method: method, params: methods.untyped[method].map { $0(params) })
      case .notification(let method, let params):
        return .notification(method: method, params: methods.untyped[method].map { $0(params) })
      case .response(let id, let result):
        return .response(id: id, result: result)
      }
    } catch {
      return .failure(id: error.id, error: error.error)
    }
  }

  /// The server's path.
  static func typed(_ body: [UInt8]) -> DecodeOutcome {
    /// The params as the method's registered type: a value of another type is a difference.
    func hashable(_ params: Result<any Sendable, ResponseError>?, _ method: String) -> Result<Params, ResponseError>? {
      params.map {
        $0.map { value in methods.typed[method]?(value) ?? Params("\(type(of: value)): \(value)") }
      }
    }
    do {
      switch try IncomingMessage.decode(body, methods: methods.table) {
      case .request(let id, let method, let params):
        return .request(id: id, method: method, params: hashable(params, method))
      case .notification(let method, let params):
        return .notification(method: method, params: hashable(params, method))
      case .response(let id, let result):
        return .response(id: id, result: result)
      }
    } catch {
      return .failure(id: error.id, error: error.error)
    }
  }

  var description: String {
    switch self {
    case .failure(let id, let error):
      return "failure(id: \(id.map(\.description) ?? "nil"), \(error.code) \(error.message))"
    case .request(let id, let method, let params):
      return "request(id: \(id), \(method), \(String(describing: params)))"
    case .notification(let method, let params):
      return "notification(\(method), \(String(describing: params)))"
    case .response(let id, let result):
      return "response(id: \(id.map(\.description) ?? "nil"), \(result))"
    }
  }

  /// Decoded params, compared as values of their own type.
  struct Params: Hashable, Sendable, CustomStringConvertible {
    var value: any Hashable & Sendable
    init(_ value: any Hashable & Sendable) { self.value = value }
    static func == (lhs: Params, rhs: Params) -> Bool { AnyHashable(lhs.value) == AnyHashable(rhs.value) }
    func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(value)) }
    var description: String { String(describing: value) }
  }

  /// A ``MethodTable`` and, for the same methods, Foundation's decoding of the params.
  struct Registry: Sendable {
    var table = MethodTable()
    var untyped: [String: @Sendable (LSPAny?) -> Result<Params, ResponseError>] = [:]
    var typed: [String: @Sendable (any Sendable) -> Params?] = [:]

    func adding<R: LSPRequest & Hashable>(_ type: R.Type) -> Registry {
      var registry = self
      registry.table.register(type)
      registry.untyped[R.method] = Self.untyped(R.self)
      registry.typed[R.method] = Self.typed(R.self)
      return registry
    }

    func adding<N: LSPNotification & Hashable>(_ type: N.Type) -> Registry {
      var registry = self
      registry.table.register(type)
      registry.untyped[N.method] = Self.untyped(N.self)
      registry.typed[N.method] = Self.typed(N.self)
      return registry
    }

    private static func typed<T: Hashable & Sendable>(_: T.Type) -> @Sendable (any Sendable) -> Params? {
      { ($0 as? T).map { Params($0) } }
    }

    private static func untyped<T: Decodable & Hashable & Sendable>(_: T.Type)
      -> @Sendable (LSPAny?) -> Result<Params, ResponseError>
    {
      { params in
        do {
          let data = try JSONEncoder().encode(params ?? .object([:]))
          return .success(Params(try JSONDecoder().decode(T.self, from: data)))
        } catch let error as DecodingError {
          return .failure(.invalidParams("invalid params: \(LSPAny.describe(error))"))
        } catch {
          return .failure(.invalidParams("invalid params"))
        }
      }
    }
  }
}
