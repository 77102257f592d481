import Foundation

/// The registration and screen files of a synthetic container feature: a Swinject assembly
/// or a Dip configuration function, and the view controller resolving from the container.
extension SyntheticContainerWorkspace {
  func swinjectAssembly(_ feature: Int) -> String {
    let p = Self.prefix(feature)
    let shared = Self.prefix(sharedFeature(feature))
    return """
      import Swinject
      import SwinjectAutoregistration

      /// Registers \(p)'s services; the app applies it at launch (`\(p)Feature.assembly`).
      final class \(p)Assembly: Assembly {
        func assemble(container: Container) {
          container.register(\(p)APIClient.self) { _ in \(p)APIClientImpl(host: "\(p.lowercased()).example.com") }
            .inObjectScope(.container)
          container.register(\(p)Store.self, name: "memory") { _ in \(p)MemoryStore(capacity: \(16 + feature % 48)) }
          container.register(\(p)Store.self, name: "disk") { _ in \(p)DiskStore(directory: "Caches/\(p)") }
            .inObjectScope(.container)
          container.register(\(p)Repository.self) { r in
            \(p)RepositoryImpl(
              client: r.resolve(\(p)APIClient.self)!,
              store: r.resolve(\(p)Store.self, name: "disk")!)
          }
          .inObjectScope(.graph)
          #if DEBUG
            container.autoregister(\(p)Tracker.self, initializer: \(p)ConsoleTracker.init)
          #else
            container.register(\(p)Tracker.self) { r in \(p)RemoteTracker(client: r ~> \(p)APIClient.self) }
              .inObjectScope(.container)
          #endif
          container.register(\(p)Service.self) { r in
            \(p)ServiceImpl(
              repository: r.resolve(\(p)Repository.self)!,
              tracker: r ~> \(p)Tracker.self,
              shared: r.resolve(\(shared)Repository.self)!)
          }
          container.register(\(p)Formatter.self) { _ in \(p)FormatterImpl(locale: "en_US") }.inObjectScope(.transient)
          container.register(\(p)Validator.self) { r in \(p)ValidatorImpl(formatter: r.resolve(\(p)Formatter.self)!) }
          container.register(\(p)Presenter.self) { (r, itemID: String) in
            \(p)PresenterImpl(
              itemID: itemID, service: r.resolve(\(p)Service.self)!, formatter: r.resolve(\(p)Formatter.self)!)
          }
          .initCompleted { r, presenter in
            (presenter as? \(p)PresenterImpl)?.tracker = r.resolve(\(p)Tracker.self)
          }
          container.register(\(p)ViewController.self) { (r, itemID: String) in
            \(p)ViewController(resolver: r, itemID: itemID)
          }
        }
      }

      """
  }

  func dipRegistrations(_ feature: Int) -> String {
    let p = Self.prefix(feature)
    return """
      import Dip

      /// Registers \(p)'s services in the app's container (at launch: `\(p)Feature.setUp`).
      enum \(p)Registrations {
        static func configure(_ container: DependencyContainer) {
          container.register(.singleton) { \(p)APIClientImpl(host: "\(p.lowercased()).example.com") as \(p)APIClient }
          container.register(.shared, tag: "memory") { \(p)MemoryStore(capacity: \(16 + feature % 48)) as \(p)Store }
          container.register(.singleton, tag: "disk") { \(p)DiskStore(directory: "Caches/\(p)") as \(p)Store }
          container.register(.shared) {
            \(p)RepositoryImpl(client: try container.resolve(), store: try container.resolve(tag: "disk")) as \(p)Repository
          }
          #if DEBUG
            container.register(.singleton) { \(p)ConsoleTracker(client: try container.resolve()) as \(p)Tracker }
          #else
            container.register(.eagerSingleton) { \(p)RemoteTracker(client: $0) as \(p)Tracker }
          #endif
          container.register { (repository: \(p)Repository, tracker: \(p)Tracker) -> \(p)Service in
            \(p)ServiceImpl(repository: repository, tracker: tracker, shared: try container.resolve())
          }
          container.register(.unique) { \(p)FormatterImpl(locale: "en_US") as \(p)Formatter }
          container.register(.shared) { \(p)ValidatorImpl(formatter: try container.resolve()) as \(p)Validator }
          container.register(.unique) {
            let formatter: \(p)Formatter = try container.resolve()
            return \(p)PresenterImpl(itemID: "\(p.lowercased())", service: try container.resolve(), formatter: formatter) as \(p)Presenter
          }
          container.register(.unique) { try \(p)ViewController(container: container) }
        }
      }

      """
  }

  func swinjectViewController(_ feature: Int) -> String {
    let p = Self.prefix(feature)
    return viewController(
      feature,
      imports: "Swinject",
      stored: """
          private let resolver: Resolver
          private let itemID: String
          private lazy var presenter = resolver.resolve(\(p)Presenter.self, argument: itemID)!
          private var tracker: \(p)Tracker? { resolver.resolve(\(p)Tracker.self) }
          private let formatter: \(p)Formatter
        """,
      initializer: """
          init(resolver: Resolver, itemID: String) {
            self.resolver = resolver
            self.itemID = itemID
            formatter = resolver.resolve(\(p)Formatter.self)!
          }
        """,
      search: """
          func search(_ text: String) -> [\(p)ValidationIssue] {
            let query = \(p)Query(text: text)
            return resolver.resolve(\(p)Validator.self)!.validate(query)
          }
        """,
      refresh: """
          func refresh() async throws {
            let repository = resolver.resolve(\(p)Repository.self)!
            let cache = resolver.resolve(\(p)Store.self, name: "memory")
            cache?.removeAll()
            try await resolver.resolve(\(p)Service.self)!.refresh(id: itemID)
            _ = try await repository.record(id: itemID)
          }
        """,
      entry: """
        /// Shows \(p)'s screens, each made by the container.
        final class \(p)Coordinator {
          private let resolver: Resolver
          private var stack: [\(p)ViewController] = []

          init(resolver: Resolver) { self.resolver = resolver }

          func start(itemID: String) {
            let screen = resolver.resolve(\(p)ViewController.self, argument: itemID)!
            stack.append(screen)
            screen.viewDidLoad()
          }

          func back() { _ = stack.popLast() }
        }

        /// How the app starts \(p): the assembly its assembler applies at launch.
        enum \(p)Feature {
          static let assembly: Assembly = \(p)Assembly()
        }
        """)
  }

  func dipViewController(_ feature: Int) -> String {
    let p = Self.prefix(feature)
    return viewController(
      feature,
      imports: "Dip",
      stored: """
          private let container: DependencyContainer
          private let presenter: \(p)Presenter
          private let tracker: \(p)Tracker?
          private let formatter: \(p)Formatter
        """,
      initializer: """
          init(container: DependencyContainer) throws {
            self.container = container
            presenter = try container.resolve()
            tracker = try? container.resolve() as \(p)Tracker
            formatter = try container.resolve() as \(p)Formatter
          }
        """,
      search: """
          func search(_ text: String) throws -> [\(p)ValidationIssue] {
            let validator: \(p)Validator = try container.resolve()
            return validator.validate(\(p)Query(text: text))
          }
        """,
      refresh: """
          func refresh(id: String) async throws {
            let repository: \(p)Repository = try container.resolve()
            let cache = try container.resolve(tag: "memory") as \(p)Store
            cache.removeAll()
            let service = try container.resolve() as \(p)Service
            try await service.refresh(id: id)
            _ = try await repository.record(id: id)
          }
        """,
      entry: """
        /// Shows \(p)'s screens, each made by the container.
        final class \(p)Coordinator {
          private let container: DependencyContainer
          private var stack: [\(p)ViewController] = []

          init(container: DependencyContainer) { self.container = container }

          func start() throws {
            let screen = try container.resolve() as \(p)ViewController
            stack.append(screen)
            screen.viewDidLoad()
          }

          func back() { _ = stack.popLast() }
        }

        /// How the app starts \(p): the registrations its container runs at launch.
        enum \(p)Feature {
          static let setUp: (DependencyContainer) -> Void = \(p)Registrations.configure
        }
        """)
  }

  /// A screen: its stored properties, initializer, search and refresh (where it resolves) and
  /// the list code around them.
  func viewController(
    _ feature: Int, imports: String, stored: String, initializer: String, search: String, refresh: String,
    entry: String
  ) -> String {
    let p = Self.prefix(feature)
    return """
      import \(imports)

      /// A section of \(p)'s list.
      struct \(p)Section: Hashable {
        var title: String
        var rows: [String]
      }

      /// \(p)'s main screen: its presenter and services come from the container.
      final class \(p)ViewController {
      \(stored)
        private(set) var sections: [\(p)Section] = []
        private var sort = \(p)Sort.newest
        private var isLoading = false

      \(initializer)

        func viewDidLoad() {
          tracker?.track(event: "\(p.lowercased()).open")
          presenter.load()
          reload(presenter.records)
        }

        func reload(_ records: [\(p)Record]) {
          let sorted = records.sorted(by: sort.areInIncreasingOrder)
          let grouped = Dictionary(grouping: sorted) { $0.tags.first ?? "Other" }
          sections = grouped.keys.sorted().map { key in
            \(p)Section(title: key, rows: grouped[key, default: []].map(\\.id))
          }
        }

        func numberOfSections() -> Int { sections.count }

        func numberOfRows(in section: Int) -> Int {
          section < sections.count ? sections[section].rows.count : 0
        }

        func title(forRow row: Int, in section: Int) -> String {
          let id = sections[section].rows[row]
          guard let record = presenter.records.first(where: { $0.id == id }) else { return id }
          return formatter.title(of: record) + " · " + formatter.date(record.updated)
        }

        func didSelectRow(_ row: Int, in section: Int) {
          let index = sections[..<section].reduce(row) { $0 + $1.rows.count }
          tracker?.track(event: "select", properties: ["section": sections[section].title])
          presenter.select(index: index)
        }

        func didChangeSort(to sort: \(p)Sort) {
          guard sort != self.sort else { return }
          self.sort = sort
          reload(presenter.records)
        }

        var emptyStateMessage: String? {
          guard sections.isEmpty else { return nil }
          return isLoading ? "Loading \(p)…" : "Nothing in \(p) yet"
        }

        func accessibilityLabel(forRow row: Int, in section: Int) -> String {
          let total = numberOfRows(in: section)
          return "\\(title(forRow: row, in: section)), \\(row + 1) of \\(total) in \\(sections[section].title)"
        }

      \(search)

      \(refresh)
      }

      \(entry)

      """
  }
}
