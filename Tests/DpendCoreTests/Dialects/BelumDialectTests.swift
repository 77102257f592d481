import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// Belum's key-path registrations: keys with their root, needs, defaults, cycles and reads.
@Suite struct BelumDialectTests {
  static let modules = """
    protocol Chat {}
    protocol Home {}
    protocol Settings {}
    protocol Clock {}
    final class ChatController: Chat { init(_ deps: Any) {} }
    final class HomeController: Home { init(_ deps: Any) {} }
    final class SettingsController: Settings { init(_ deps: Any) {} }

    """

  @Test func keysAreKeyPathsWithTheirRoot() throws {
    let app = MarkedText(
      """
      import Belum

      struct AppDependencies {
        var chat: Chat!
        var home: Home!
        var settings: Settings?
        var 1️⃣clock: Clock = SystemClock()
        init() {}
      }

      let belum = Belum(AppDependencies())

      func start() {
        belum.setup { registrar in
          registrar.2️⃣register({ ChatController($0) }, for: \\.chat, dependencies: 3️⃣\\.home, 4️⃣\\.clock)
          registrar.5️⃣register({ HomeController($0) }, for: \\AppDependencies.home, dependencies: \\.settings)
        }
      }
      func more(_ registrar: Belum<AppDependencies>.Registrar) {
        registrar.6️⃣register({ SettingsController($0) }, for: \\.settings, dependencies: \\.clock)
      }
      """)
    let graph = try analyze(["Modules.swift": Self.modules, "App.swift": app.text])
    let summary = try #require(graph.summary(of: "App.swift"))
    #expect(
      summary.registrations.map {
        "\($0.types) \($0.providedType ?? "-") \($0.scope ?? "-") \($0.constructedType ?? "-") \($0.range.start.offset)"
      } == [
        "[\"\\\\AppDependencies.clock\"] Clock default value - \(app.offset("1️⃣"))",
        "[\"\\\\AppDependencies.chat\"] Chat! - ChatController \(app.offset("2️⃣"))",
        "[\"\\\\AppDependencies.home\"] Home! - HomeController \(app.offset("5️⃣"))",
        "[\"\\\\AppDependencies.settings\"] Settings? - SettingsController \(app.offset("6️⃣"))",
      ])
    #expect(
      summary.registrations[1].needs.map { "\($0.type.map { "\($0)" } ?? "-") \($0.range.start.offset)" } == [
        "named(\"\\\\AppDependencies.home\") \(app.offset("3️⃣"))",
        "named(\"\\\\AppDependencies.clock\") \(app.offset("4️⃣"))",
      ])
    // `clock` has a default value: needed, never missing.
    #expect(graph.diagnostics == [])
    #expect(graph.container.resolvesChecked == 4)
  }

  @Test func aCycleAmongKeyPathsHasItsPathAndNotes() throws {
    let app = MarkedText(
      """
      import Belum

      struct Deps {
        var chat: Chat!
        var home: Home!
      }

      let belum = Belum(Deps())
      func start() {
        belum.setup { registrar in
          registrar.register({ ChatController($0) }, for: \\.chat, dependencies: 1️⃣\\.home)
          registrar.register({ HomeController($0) }, for: \\.home, dependencies: 2️⃣\\.chat)
        }
      }
      """)
    let graph = try analyze(["Modules.swift": Self.modules, "App.swift": app.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .dependencyCycle, message: "dependency cycle: \\Deps.chat -> \\Deps.home -> \\Deps.chat",
          range: app.range("1️⃣", covering: "\\.home", in: "App.swift"),
          notes: [
            DiagnosticNote(
              message: "'\\Deps.chat' resolves '\\Deps.home'",
              range: app.range("1️⃣", covering: "\\.home", in: "App.swift")),
            DiagnosticNote(
              message: "'\\Deps.home' resolves '\\Deps.chat'",
              range: app.range("2️⃣", covering: "\\.chat", in: "App.swift")),
          ])
      ])
  }

  @Test func aKeyPathNeededButNeverRegisteredIsMissing() throws {
    let app = MarkedText(
      """
      import Belum

      struct Deps {
        var chat: Chat!
        var home: Home!
        var settings: Settings?
      }

      let belum = Belum(Deps())
      func start() {
        belum.setup { registrar in
          registrar.register({ ChatController($0) }, for: \\.chat, dependencies: 1️⃣\\.home)
        }
        let chat = belum.2️⃣chat
        belum.3️⃣settings?.open()
      }
      """)
    let graph = try analyze(["Modules.swift": Self.modules, "App.swift": app.text])
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency,
          message: "missing dependency: nothing registers '\\Deps.home', needed by '\\Deps.chat'",
          range: app.range("1️⃣", covering: "\\.home", in: "App.swift"),
          notes: [
            DiagnosticNote(
              message: "resolved for '\\Deps.chat' here", range: app.range("1️⃣", covering: "\\.home", in: "App.swift"),
              siteMessage: "missing dependency: nothing registers '\\Deps.home', needed by '\\Deps.chat'")
          ]),
        Diagnostic(
          code: .unregisteredOptionalResolve,
          message: "nothing registers '\\Deps.settings': the optional resolve always yields nil",
          range: app.range("3️⃣", covering: "settings", in: "App.swift"),
          notes: [
            DiagnosticNote(message: "resolved here", range: app.range("3️⃣", covering: "settings", in: "App.swift"))
          ]),
      ])
    #expect(graph.container.resolvesChecked == 3)
  }

  @Test func precisionFirst() throws {
    // The members struct in another file: its defaults are unknown, so its needs are never
    // missing; a computed key and an unknown root are unread.
    let module = """
      import Belum

      func registerChat(_ registrar: Belum<Remote>.Registrar, key: WritableKeyPath<Remote, Chat?>) {
        registrar.register({ ChatController($0) }, for: \\.chat, dependencies: \\.home)
        registrar.register({ ChatController($0) }, for: key, dependencies: \\.home)
      }
      func other(_ registrar: Registrar) {
        registrar.register({ HomeController($0) }, for: \\.home, dependencies: \\.chat)
      }
      """
    let remote = """
      struct Remote { var chat: Chat?; var home: Home? = nil }
      """
    let graph = try analyze(["Modules.swift": Self.modules, "Module.swift": module, "Remote.swift": remote])
    #expect(graph.diagnostics == [])
    #expect(graph.container.registrationsRead == 1)
    #expect(
      graph.container.unread.map(\.message) == [
        "unread registration: 'Remote' is declared in another file: '\\Remote.home' may have a default value; it silences 1 resolve nothing read answers",
        "unread registration: the key 'key' is not a key path to a member; it silences 1 resolve nothing read answers",
        "unread registration: the key path's root is not written and the registrar's members type was not found; it silences 1 resolve nothing read answers",
      ])
  }

  @Test func hardNegativesStaySilent() throws {
    // A `register(_:for:dependencies:)` of another library and reads of another `belum`.
    let other = """
      import Foundation

      struct Deps { var chat: Chat! }
      let belum = Belum(Deps())
      func start() { belum.setup { r in r.register({ ChatController($0) }, for: \\.chat, dependencies: \\.home) } }
      """
    let cells = """
      import Belum

      func setUp(_ table: UITableView) {
        table.register(Cell.self, forCellReuseIdentifier: "cell")
        let belum = Settings()
        _ = belum.chat
      }
      """
    let graph = try analyze(["Modules.swift": Self.modules, "Other.swift": other, "Cells.swift": cells])
    #expect(graph.diagnostics == [])
    #expect(graph.container.isEmpty)
  }
}
