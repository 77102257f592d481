import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 2: declarations dpend cannot read are errors, reported only for configuration
/// classes.
struct InvalidDeclarationTests {
  static func invalid(_ message: String, at range: SourceRange) -> Diagnostic {
    Diagnostic(code: .invalidDeclaration, severity: .error, message: message, range: range)
  }

  @Test func nonLiteralTagAndScopeAreErrorsAtTheArgument() throws {
    let source = MarkedText(
      """
      import DpendRuntime

      enum Remote: DependencyTag {}
      final class NetworkConfiguration: DependencyConfiguration {
        let tag = Remote.self
        func client() -> DependencyRegistration<HTTPClient> {
          DependencyRegistration(tag: 1️⃣tag, scope: 2️⃣Settings.scope) { HTTPClient() }
        }
        func session() -> DependencyRegistration<Session> {
          DependencyRegistration(tag: Remote.self, scope: 3️⃣.forever) { Session() }
        }
      }
      """)
    let graph = try analyze(marked: ["Network.swift": source])

    func at(_ marker: String, _ text: String) -> SourceRange {
      source.range(marker, covering: text, in: "Network.swift")
    }
    #expect(
      graph.diagnostics == [
        Self.invalid("tag must be a tag type literal such as 'Remote.self', found 'tag'", at: at("1️⃣", "tag")),
        Self.invalid(
          "scope must be a literal such as '.singleton', found 'Settings.scope'", at: at("2️⃣", "Settings.scope")),
        Self.invalid(
          "unknown scope '.forever'; expected one of .unique, .shared, .singleton, .eagerSingleton, .weakSingleton",
          at: at("3️⃣", ".forever")),
      ])
    // The registrations are still collected, with what could be read.
    #expect(
      graph.localFactories.map { "\($0.summaryLine) \($0.scope)" } == [
        "NetworkConfiguration ← NetworkConfiguration.init() unique",
        "HTTPClient ← NetworkConfiguration.client() unique",
        "Tagged<Session, Remote> ← NetworkConfiguration.session() unique",
      ])
  }

  @Test func nonPrivateMethodOfAConfigurationMustReturnARegistration() throws {
    let source = MarkedText(
      """
      import DpendRuntime

      final class NetworkConfiguration: DependencyConfiguration {
        func 1️⃣baseURL() -> URL { URL(string: "https://example.com")! }
        func 2️⃣reset(hard: Bool) {}
        func 3️⃣session() -> DependencyRegistration { DependencyRegistration { Session() } }
        private func helper() -> Int { 1 }
        fileprivate func other() -> Int { 2 }
        static func make() -> NetworkConfiguration { NetworkConfiguration() }
      }
      extension NetworkConfiguration {
        public func 4️⃣timeout() -> Double { 30 }
      }
      """)
    let graph = try analyze(marked: ["Network.swift": source])

    func at(_ marker: String, _ text: String) -> SourceRange {
      source.range(marker, covering: text, in: "Network.swift")
    }
    #expect(
      graph.diagnostics == [
        Self.invalid(
          "method 'baseURL()' of configuration 'NetworkConfiguration' returns 'URL', not 'DependencyRegistration<T>'; "
            + "make it private if it is a helper", at: at("1️⃣", "baseURL")),
        Self.invalid(
          "method 'reset(hard:)' of configuration 'NetworkConfiguration' returns nothing, not "
            + "'DependencyRegistration<T>'; make it private if it is a helper", at: at("2️⃣", "reset")),
        Self.invalid(
          "registration method 'session()' of 'NetworkConfiguration' must name the registered type: "
            + "'DependencyRegistration<T>'", at: at("3️⃣", "session")),
        Self.invalid(
          "method 'timeout()' of configuration 'NetworkConfiguration' returns 'Double', not "
            + "'DependencyRegistration<T>'; make it private if it is a helper", at: at("4️⃣", "timeout")),
      ])
    #expect(graph.localFactories.map(\.summaryLine) == ["NetworkConfiguration ← NetworkConfiguration.init()"])
  }

  @Test func otherTypesAreNotChecked() throws {
    let graph = try analyze(
      [
        "Helpers.swift": """
        import DpendRuntime

        final class RegistrationHelperImpl {
          func client() -> DependencyRegistration<HTTPClient> {
            DependencyRegistration(tag: tag, scope: scope) { HTTPClient() }
          }
          func baseURL() -> URL { URL(string: "https://example.com")! }
        }
        struct NotAConfiguration: DependencyConfiguration {
          func reset() {}
        }
        """
      ], filters: [".*Impl"])

    #expect(graph.diagnostics == [])
    #expect(graph.localFactories.map(\.summaryLine) == ["RegistrationHelperImpl ← RegistrationHelperImpl.init()"])
  }
}
