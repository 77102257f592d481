import Foundation

/// Generates a deterministic app of `fileCount` files that registers and resolves its services
/// with Dip and Swinject, as apps already do by hand: features of four files each — the
/// protocols, their implementations (`import Foundation` only), the registrations (a Swinject
/// `Assembly` or a Dip configuration function) and the screen, resolving from the container,
/// with a coordinator resolving the screen and the feature's entry the app starts it by (the
/// assembly made, the configuration function passed on: both reached, SPEC 8.6). Even
/// features use Swinject, odd ones Dip; each
/// feature's service also needs the repository of an earlier feature of the same container, so
/// registrations and resolves meet across files. Files are 2–5 KB, 3.5 KB on average.
///
/// Every shape the dialects read appears: Swinject `register(P.self) { r in Impl(a:
/// r.resolve(A.self)!) }` with `inObjectScope`, names, runtime arguments, `initCompleted`,
/// `autoregister` and `~>`; Dip `register(.singleton) { Impl(store: try container.resolve())
/// as P }` with tags, a declared closure type with typed parameters and `$0`; both under
/// `#if DEBUG`/`#else`; resolve sites typed by `X.self`, a property, an annotation or `as P`,
/// required and optional. A whole feature has 11 registrations and 19 (Swinject) or 18 (Dip)
/// resolves. The workspace is valid: no diagnostic, every registration and resolve read, so
/// the analysis does all its work; any prefix of features, cut anywhere, is valid too.
struct SyntheticContainerWorkspace: SyntheticFiles {
  /// No `.dpend.json`: an app with container code needs no settings.
  var configuration: String? { nil }

  let fileCount: Int

  /// Files per feature: protocols, implementations, registrations, view controller.
  static let filesPerFeature = 4

  private static let nouns = [
    "Account", "Catalog", "Cart", "Checkout", "Search", "Profile", "Feed", "Inbox", "Settings", "Payments",
  ]

  /// The prefix of feature `feature`'s types: `Catalog11`.
  static func prefix(_ feature: Int) -> String { "\(nouns[feature % nouns.count])\(feature)" }

  /// `true` for features registered with Swinject, `false` for Dip.
  static func usesSwinject(_ feature: Int) -> Bool { feature % 2 == 0 }

  /// The file's relative path and text.
  func file(_ index: Int) -> (path: String, text: String) {
    let feature = index / Self.filesPerFeature
    let p = Self.prefix(feature)
    let directory = "Sources/App\(feature % 20)/"
    switch index % Self.filesPerFeature {
    case 0: return (directory + "\(p)Protocols.swift", protocols(feature))
    case 1: return (directory + "\(p)Services.swift", implementations(feature))
    case 2:
      return Self.usesSwinject(feature)
        ? (directory + "\(p)Assembly.swift", swinjectAssembly(feature))
        : (directory + "\(p)Registrations.swift", dipRegistrations(feature))
    default:
      return (
        directory + "\(p)ViewController.swift",
        Self.usesSwinject(feature) ? swinjectViewController(feature) : dipViewController(feature)
      )
    }
  }

  /// The earlier feature of the same container whose repository this feature's service
  /// needs (its own for the first feature of each container).
  func sharedFeature(_ feature: Int) -> Int {
    let earlier = feature / 2
    guard earlier > 0 else { return feature }
    var random = SplitMix(seed: UInt64(feature) &* 0x9E37_79B9 &+ 41)
    return feature - 2 * (1 + Int(random.next() % UInt64(min(earlier, 8))))
  }

  // MARK: Files

  private func protocols(_ feature: Int) -> String {
    let p = Self.prefix(feature)
    return """
      import Foundation

      /// \(p)'s HTTP access.
      protocol \(p)APIClient: AnyObject {
        func get(_ path: String) async throws -> Data
        func post(_ path: String, body: Data) async throws -> Data
      }

      /// \(p)'s records, kept in memory or on disk.
      protocol \(p)Store: AnyObject {
        func record(for id: String) -> \(p)Record?
        func save(_ record: \(p)Record)
        func removeAll()
      }

      /// Reads \(p)'s records from the store, else from the server.
      protocol \(p)Repository: AnyObject {
        func records(matching query: \(p)Query) async throws -> [\(p)Record]
        func record(id: String) async throws -> \(p)Record
      }

      /// Counts what users do in \(p).
      protocol \(p)Tracker: AnyObject {
        func track(event: String)
        func track(event: String, properties: [String: String])
      }

      /// \(p)'s use cases.
      protocol \(p)Service: AnyObject {
        func load(_ query: \(p)Query) async throws -> [\(p)Record]
        func refresh(id: String) async throws
      }

      /// The state of \(p)'s screen.
      protocol \(p)Presenter: AnyObject {
        var title: String { get }
        var records: [\(p)Record] { get }
        func load()
        func select(index: Int)
      }

      /// Formats \(p)'s values for display.
      protocol \(p)Formatter: AnyObject {
        func title(of record: \(p)Record) -> String
        func date(_ date: Date) -> String
      }

      /// Checks what users type in \(p).
      protocol \(p)Validator: AnyObject {
        func validate(_ query: \(p)Query) -> [\(p)ValidationIssue]
      }

      struct \(p)ValidationIssue: Hashable {
        var field: String
        var message: String
      }

      /// One record of \(p).
      struct \(p)Record: Codable, Hashable {
        var id: String
        var title: String
        var detail: String?
        var updated: Date
        var tags: [String] = []

        var summary: String {
          detail.map { "\\(title): \\($0)" } ?? title
        }

        var isRecent: Bool { updated.timeIntervalSinceNow > -86_400 }

        func tagged(_ tag: String) -> \(p)Record {
          var copy = self
          if !copy.tags.contains(tag) { copy.tags.append(tag) }
          return copy
        }

        enum CodingKeys: String, CodingKey {
          case id, title, detail
          case updated = "updated_at"
          case tags
        }
      }

      /// What the screen asks \(p) for.
      struct \(p)Query: Hashable {
        var text = ""
        var tags: Set<String> = []
        var limit = \(20 + feature % 30)

        func matches(_ record: \(p)Record) -> Bool {
          (text.isEmpty || record.title.localizedCaseInsensitiveContains(text))
            && tags.isSubset(of: Set(record.tags))
        }
      }

      /// How \(p)'s lists are ordered.
      enum \(p)Sort: String, CaseIterable {
        case newest, oldest, title

        func areInIncreasingOrder(_ first: \(p)Record, _ second: \(p)Record) -> Bool {
          switch self {
          case .newest: return first.updated > second.updated
          case .oldest: return first.updated < second.updated
          case .title: return first.title.localizedStandardCompare(second.title) == .orderedAscending
          }
        }
      }

      enum \(p)Error: Error, Equatable {
        case notFound(id: String)
        case offline
        case server(status: Int)

        var isRetryable: Bool {
          switch self {
          case .offline: return true
          case .server(let status): return status >= 500
          case .notFound: return false
          }
        }
      }

      """
  }

  private func implementations(_ feature: Int) -> String {
    let p = Self.prefix(feature)
    let shared = Self.prefix(sharedFeature(feature))
    return """
      import Foundation

      final class \(p)APIClientImpl: \(p)APIClient {
        private let host: String

        init(host: String) { self.host = host }

        func get(_ path: String) async throws -> Data { try await send("GET", path, nil) }
        func post(_ path: String, body: Data) async throws -> Data { try await send("POST", path, body) }

        private func send(_ method: String, _ path: String, _ body: Data?) async throws -> Data {
          guard let url = URL(string: "https://\\(host)/\\(path)") else { throw \(p)Error.notFound(id: path) }
          var request = URLRequest(url: url)
          request.httpMethod = method
          request.httpBody = body
          return Data(url.absoluteString.utf8)
        }
      }

      final class \(p)MemoryStore: \(p)Store {
        private var records: [String: \(p)Record] = [:]
        private let capacity: Int

        init(capacity: Int) { self.capacity = capacity }

        func record(for id: String) -> \(p)Record? { records[id] }
        func save(_ record: \(p)Record) {
          if records.count >= capacity, let oldest = records.values.min(by: { $0.updated < $1.updated }) {
            records[oldest.id] = nil
          }
          records[record.id] = record
        }
        func removeAll() { records = [:] }
      }

      final class \(p)DiskStore: \(p)Store {
        private let directory: String

        init(directory: String) { self.directory = directory }

        func record(for id: String) -> \(p)Record? { nil }
        func save(_ record: \(p)Record) {}
        func removeAll() {}
      }

      final class \(p)RepositoryImpl: \(p)Repository {
        private let client: \(p)APIClient
        private let store: \(p)Store

        init(client: \(p)APIClient, store: \(p)Store) {
          self.client = client
          self.store = store
        }

        func records(matching query: \(p)Query) async throws -> [\(p)Record] {
          let data = try await client.get("records?limit=\\(query.limit)")
          return try JSONDecoder().decode([\(p)Record].self, from: data).filter(query.matches)
        }

        func record(id: String) async throws -> \(p)Record {
          if let cached = store.record(for: id) { return cached }
          let record = try JSONDecoder().decode(\(p)Record.self, from: try await client.get("records/\\(id)"))
          store.save(record)
          return record
        }
      }

      final class \(p)ConsoleTracker: \(p)Tracker {
        private let client: \(p)APIClient

        init(client: \(p)APIClient) { self.client = client }

        func track(event: String) { print("[\(p)] \\(event)") }
        func track(event: String, properties: [String: String]) { print("[\(p)] \\(event) \\(properties)") }
      }

      final class \(p)RemoteTracker: \(p)Tracker {
        private let client: \(p)APIClient

        init(client: \(p)APIClient) { self.client = client }

        func track(event: String) { track(event: event, properties: [:]) }
        func track(event: String, properties: [String: String]) {
          let body = Data(([event] + properties.map { "\\($0)=\\($1)" }).joined(separator: "&").utf8)
          Task { _ = try? await client.post("events", body: body) }
        }
      }

      final class \(p)ServiceImpl: \(p)Service {
        private let repository: \(p)Repository
        private let tracker: \(p)Tracker
        private let shared: \(shared)Repository

        init(repository: \(p)Repository, tracker: \(p)Tracker, shared: \(shared)Repository) {
          self.repository = repository
          self.tracker = tracker
          self.shared = shared
        }

        func load(_ query: \(p)Query) async throws -> [\(p)Record] {
          tracker.track(event: "load", properties: ["text": query.text])
          return try await repository.records(matching: query)
        }

        func refresh(id: String) async throws { _ = try await repository.record(id: id) }
      }

      final class \(p)FormatterImpl: \(p)Formatter {
        private let formatter = DateFormatter()

        init(locale: String) {
          formatter.locale = Locale(identifier: locale)
          formatter.dateStyle = .medium
        }

        func title(of record: \(p)Record) -> String { record.title.capitalized }
        func date(_ date: Date) -> String { formatter.string(from: date) }
      }

      final class \(p)ValidatorImpl: \(p)Validator {
        private let formatter: \(p)Formatter

        init(formatter: \(p)Formatter) { self.formatter = formatter }

        func validate(_ query: \(p)Query) -> [\(p)ValidationIssue] {
          var issues: [\(p)ValidationIssue] = []
          if query.text.count > 100 { issues.append(\(p)ValidationIssue(field: "text", message: "too long")) }
          if query.limit <= 0 { issues.append(\(p)ValidationIssue(field: "limit", message: "must be positive")) }
          return issues
        }
      }

      final class \(p)PresenterImpl: \(p)Presenter {
        private let itemID: String
        private let service: \(p)Service
        private let formatter: \(p)Formatter
        var tracker: \(p)Tracker?
        private(set) var records: [\(p)Record] = []

        init(itemID: String, service: \(p)Service, formatter: \(p)Formatter) {
          self.itemID = itemID
          self.service = service
          self.formatter = formatter
        }

        var title: String { records.isEmpty ? "\(p)" : "\(p) (\\(records.count))" }

        func load() { Task { records = (try? await service.load(\(p)Query())) ?? [] } }
        func select(index: Int) { tracker?.track(event: "select", properties: ["id": records[index].id]) }
      }

      """
  }
}
