import Foundation

/// Generates a deterministic Swift code base of `fileCount` files of about 4 KB each: a
/// realistic mix of protocols, implementations with 1–4 injected dependencies, configuration
/// classes with tags and scopes, nested types and code unrelated to dependency injection.
///
/// The graph is valid except for one deliberate missing dependency (in the last file), so a
/// language server always has a diagnostic to publish.
struct SyntheticWorkspace: SyntheticFiles {
  let fileCount: Int

  /// Service `index`'s protocol name.
  static func service(_ index: Int) -> String { "Service\(index)" }

  /// The file's relative path and text.
  func file(_ index: Int) -> (path: String, text: String) {
    var random = SplitMix(seed: UInt64(index) &* 0x9E37_79B9 &+ 17)
    let module = "Feature\(index % 20)"
    var text = "import Foundation\nimport DpendRuntime\n\n"
    // Two services per file; dependencies only point to services of earlier files, so the
    // graph has no cycle.
    for local in 0..<2 {
      let number = index * 2 + local
      let name = Self.service(number)
      let count = number == 0 ? 0 : 1 + Int(random.next() % 4)
      let dependencies = (0..<count).map { _ in Int(random.next() % UInt64(max(number, 1))) }
      let parameters = dependencies.enumerated().map { offset, dependency in
        "dependency\(offset): \(Self.service(dependency))"
      }
      text += """
        /// \(name) does one job of \(module).
        protocol \(name): AnyObject {
          func perform\(number)(_ input: Int) -> Int
        }

        final class \(name)Impl: \(name) {
        \(dependencies.enumerated().map { "  private let dependency\($0.offset): \(Self.service($0.element))" }.joined(separator: "\n"))
          private var cache: [Int: Int] = [:]

          init(\(parameters.joined(separator: ", "))) {
        \(dependencies.indices.map { "    self.dependency\($0) = dependency\($0)" }.joined(separator: "\n"))
          }

          func perform\(number)(_ input: Int) -> Int {
            if let cached = cache[input] { return cached }
            var result = input
            for step in 0..<\(3 + number % 5) where step % 2 == 0 {
              result = (result &* 31 &+ step) % 1_000_003
            }
            cache[input] = result
            return result
          }

          /// Builds the view state for this service.
          struct State: Equatable {
            var title = "\(name)"
            var count = \(number % 97)
            var items: [String] = []
          }
        }


        """
    }
    // A configuration class with a tagged singleton registration.
    let registered = index * 2 + 1
    text += """
      enum Tag\(index): DependencyTag {}

      final class Configuration\(index): DependencyConfiguration {
        func tagged\(index)() -> DependencyRegistration<Service\(index * 2)> {
          DependencyRegistration(tag: Tag\(index).self, scope: .singleton) { Service\(index * 2)Impl\(index == 0 ? "()" : "(dependency0: Service0Impl())") }
        }

        func consumer\(index)(service: Tagged<Service\(index * 2), Tag\(index)>) -> DependencyRegistration<Consumer\(index)> {
          DependencyRegistration(scope: .\(["unique", "shared", "weakSingleton"][index % 3])) { Consumer\(index)(service: service.dependency) }
        }
      }

      final class Consumer\(index) {
        let service: Service\(index * 2)
        init(service: Service\(index * 2)) { self.service = service }
      }


      """
    // Code unrelated to dependency injection.
    text += """
      enum Route\(index): String, CaseIterable {
        case list, detail, settings, about

        var title: String {
          switch self {
          case .list: return "List \(index)"
          case .detail: return "Detail \(registered)"
          case .settings: return "Settings"
          case .about: return "About"
          }
        }
      }

      extension Array where Element == Int {
        func checksum\(index)() -> Int {
          reduce(0) { ($0 &* 33) ^ $1 }
        }
      }

      struct Formatter\(index) {
        var separator = ", "
        var prefix = "["
        var suffix = "]"

        func format(_ values: [Int]) -> String {
          prefix + values.map { String($0) }.joined(separator: separator) + suffix
        }

        func parse(_ text: String) -> [Int] {
          text.dropFirst(prefix.count).dropLast(suffix.count)
            .split(separator: Character(separator.trimmingCharacters(in: .whitespaces)))
            .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        }
      }

      /// Keeps the last \(8 + index % 8) values in memory for \(module).
      final class Cache\(index)<Value> {
        private var storage: [String: (value: Value, stamp: Int)] = [:]
        private var clock = 0
        let capacity = \(8 + index % 8)

        func value(for key: String) -> Value? {
          clock += 1
          guard let entry = storage[key] else { return nil }
          storage[key] = (entry.value, clock)
          return entry.value
        }

        func insert(_ value: Value, for key: String) {
          clock += 1
          storage[key] = (value, clock)
          if storage.count > capacity, let oldest = storage.min(by: { $0.value.stamp < $1.value.stamp }) {
            storage[oldest.key] = nil
          }
        }
      }

      """
    if index == fileCount - 1 {
      text += "\nfinal class BrokenImpl {\n  init(missing: MissingService) {}\n}\n"
    }
    return ("Sources/\(module)/File\(index).swift", text)
  }
}

/// A generated workspace: `fileCount` files, each made by `file(_:)`, and its `.dpend.json`.
protocol SyntheticFiles {
  var fileCount: Int { get }
  /// The file's relative path and text.
  func file(_ index: Int) -> (path: String, text: String)
  /// The text of `.dpend.json`; `nil` for none.
  var configuration: String? { get }
}

extension SyntheticFiles {
  var configuration: String? { #"{"implicitFilters": [".*Impl"]}"# }

  /// Writes every file, and `.dpend.json` when there is one, under `root`.
  func write(to root: URL) throws {
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    if let configuration {
      try Data(configuration.utf8).write(to: root.appendingPathComponent(".dpend.json"))
    }
    for index in 0..<fileCount {
      let file = self.file(index)
      let url = root.appendingPathComponent(file.path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(file.text.utf8).write(to: url)
    }
  }
}

/// A small, fast, seeded random number generator (SplitMix64), so workspaces are identical
/// on every run and machine.
struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
