import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// SPEC 1.2: `DependencyConfiguration` classes, their registration methods, tags and scopes.
struct ExplicitConfigurationTests {
  static let path = "FooConfiguration.swift"
  static let configuration = DependencyKey(name: "FooConfiguration")

  @Test func specExampleGivesOneFactoryPerInitializerAndRegistrationMethod() throws {
    let graph = try analyze(marked: [Self.path: SpecExamples.explicitConfiguration])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "FooConfiguration ← FooConfiguration.init()",
        "Tagged<FooService, Bar> ← FooConfiguration.fooService()",
        "BarService ← FooConfiguration.barService(fooService:)",
        "BazService ← FooConfiguration.bazService(barService:)",
      ])
    #expect(graph.diagnostics == [])
    #expect(graph.unprovidedKeys == [])
  }

  @Test func specExampleFactoriesCarryTagsScopeAndTheConfiguration() throws {
    let source = SpecExamples.explicitConfiguration
    let graph = try analyze(marked: [Self.path: source])

    #expect(
      graph.localFactories == [
        Factory(
          key: Self.configuration, kind: .initializer(type: "FooConfiguration", parameters: []),
          range: source.range("0️⃣", covering: "FooConfiguration", in: Self.path)),
        Factory(
          key: DependencyKey(name: "FooService", tag: "Bar"),
          kind: .configurationMethod(configuration: Self.configuration, methodName: "fooService", parameters: []),
          scope: .singleton, range: source.range("1️⃣", covering: "fooService", in: Self.path)),
        Factory(
          key: DependencyKey(name: "BarService"),
          kind: .configurationMethod(
            configuration: Self.configuration, methodName: "barService",
            parameters: [
              FactoryParameter(
                label: "fooService", dependency: DependencyKey(name: "FooService", tag: "Bar"),
                range: source.range("3️⃣", covering: "Tagged<FooService, Bar>", in: Self.path))
            ]),
          range: source.range("2️⃣", covering: "barService", in: Self.path)),
        Factory(
          key: DependencyKey(name: "BazService"),
          kind: .configurationMethod(
            configuration: Self.configuration, methodName: "bazService",
            parameters: [
              FactoryParameter(
                label: "barService", dependency: DependencyKey(name: "BarService"),
                range: source.range("5️⃣", covering: "BarService", in: Self.path))
            ]),
          range: source.range("4️⃣", covering: "bazService", in: Self.path)),
      ])
  }

  @Test func registrationMethodDependsOnItsConfigurationFirst() throws {
    let source = SpecExamples.explicitConfiguration
    let graph = try analyze(marked: [Self.path: source])

    let bar = try #require(graph.resolved[DependencyKey(name: "BarService")])
    #expect(bar.dependencies == [Self.configuration, DependencyKey(name: "FooService", tag: "Bar")])
    #expect(
      bar.requiredDependencies.map { "\($0.key) at \($0.range.compilerLocation)" } == [
        "FooConfiguration at \(source.location("2️⃣", in: Self.path))",
        "Tagged<FooService, Bar> at \(source.location("3️⃣", in: Self.path))",
      ])
  }

  @Test func configurationInitializerParametersAreDependencies() throws {
    let source = MarkedText(
      """
      import DpendRuntime

      final class NetworkConfiguration: DependencyConfiguration {
        init(session: 1️⃣Session) {}
        func client() -> DependencyRegistration<HTTPClient> {
          DependencyRegistration { HTTPClient() }
        }
      }
      """)
    let graph = try analyze(marked: ["Network.swift": source])

    let range = source.range("1️⃣", covering: "Session", in: "Network.swift")
    #expect(
      graph.diagnostics == [
        Diagnostic(
          code: .missingDependency, severity: .error,
          message: "missing dependency: nothing provides 'Session', needed by 'NetworkConfiguration.init(session:)'",
          range: range,
          notes: [DiagnosticNote(message: "'NetworkConfiguration.init(session:)' needs 'Session'", range: range)])
      ])
  }

  @Test func configurationsNeedNoFilterAndAreNotImplicitCandidates() throws {
    let graph = try analyze(
      [
        "AppConfigurationImpl.swift": """
        import DpendRuntime

        protocol Clock {}
        final class AppConfigurationImpl: DependencyConfiguration, Clock {
          func clock() -> DependencyRegistration<Clock> {
            DependencyRegistration(scope: DependencyScope.eagerSingleton) { SystemClock() }
          }
        }
        """
      ], filters: [".*Impl"])

    #expect(
      graph.localFactories.map(\.summaryLine) == [
        "AppConfigurationImpl ← AppConfigurationImpl.init()",
        "Clock ← AppConfigurationImpl.clock()",
      ])
    #expect(graph.localFactories.map(\.scope) == [.unique, .eagerSingleton])
  }

  @Test func registrationMethodsInExtensionsAndQualifiedRuntimeNamesCount() throws {
    let graph = try analyze(
      [
        "Config.swift": """
        import DpendRuntime

        enum Remote: DependencyTag {}
        final class StoreConfiguration: DpendRuntime.DependencyConfiguration {}
        """,
        "Config+Stores.swift": """
        import DpendRuntime

        extension StoreConfiguration {
          func remote() throws -> DpendRuntime.DependencyRegistration<Store> {
            DpendRuntime.DependencyRegistration(tag: Remote.self, scope: .weakSingleton) { try RemoteStore() }
          }
          func cache(store: DpendRuntime.Tagged<Store, Remote>) -> DependencyRegistration<any Cache> {
            .init(scope: .shared) { Cache(store.dependency) }
          }
          private func helper() -> Int { 1 }
        }
        """,
      ])

    #expect(graph.diagnostics == [])
    // Stable order is by file path: `Config+Stores.swift` sorts before `Config.swift`.
    #expect(
      graph.localFactories.map { "\($0.summaryLine) \($0.scope) throws: \($0.isThrowing)" } == [
        "Tagged<Store, Remote> ← StoreConfiguration.remote() weakSingleton throws: true",
        "Cache ← StoreConfiguration.cache(store:) shared throws: false",
        "StoreConfiguration ← StoreConfiguration.init() unique throws: false",
      ])
  }
}
