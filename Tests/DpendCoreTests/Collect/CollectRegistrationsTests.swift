import DpendModel
import DpendTestSupport
import Testing

struct CollectRegistrationsTests {
  /// The single method of `FooConfiguration` in `source`.
  private func method(in source: MarkedText) throws -> MethodDeclaration {
    let configuration = try #require(collectSummary(source).type("FooConfiguration"))
    #expect(configuration.methods.count == 1)
    return try #require(configuration.methods.first)
  }

  /// The registration read from a method whose body is `body`.
  private func registration(body: String) throws -> Registration? {
    let source = MarkedText(
      """
      class FooConfiguration: DependencyConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          \(body)
        }
      }
      """)
    return try method(in: source).registration
  }

  @Test func registrationMethodIsReadWithTypeTagAndScope() throws {
    let source = MarkedText(
      """
      class FooConfiguration: DependencyConfiguration {
        func 1️⃣fooService2️⃣() -> DependencyRegistration<3️⃣FooService4️⃣> {
          DependencyRegistration(tag: Bar.self, scope: .singleton) { DefaultFooService() }
        }
      }
      """)
    #expect(
      try method(in: source)
        == MethodDeclaration(
          name: "fooService", parameters: [], access: .internal,
          registration: Registration(
            type: TypeReference(name: "FooService", range: source.range(from: "3️⃣", to: "4️⃣")), tag: "Bar",
            scope: .singleton, isThrowing: false),
          returnType: "DependencyRegistration<FooService>", range: source.range(from: "1️⃣", to: "2️⃣"),
          problems: []))
  }

  @Test func specExampleConfigurationIsReadCompletely() throws {
    let source = MarkedText(
      """
      import DpendRuntime

      public enum Bar: DependencyTag {}

      class FooConfiguration: DependencyConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          DependencyRegistration(tag: Bar.self, scope: .singleton) { DefaultFooService() }
        }
        func barService(fooService: 1️⃣Tagged<FooService, Bar>2️⃣) -> DependencyRegistration<BarService> {
          DependencyRegistration { DefaultBarService(fooService: fooService.dependency) }
        }
        func bazService(barService: BarService) -> DependencyRegistration<BazService> {
          DependencyRegistration { DefaultBazService(barService: barService) }
        }
      }
      """)
    let summary = collectSummary(source)
    let methods = try #require(summary.type("FooConfiguration")?.methods)
    #expect(methods.map(\.signature) == ["fooService()", "barService(fooService:)", "bazService(barService:)"])
    #expect(methods.map(\.registration?.type.name) == ["FooService", "BarService", "BazService"])
    #expect(methods.map(\.registration?.tag) == ["Bar", nil, nil])
    #expect(methods.map(\.registration?.scope) == [.singleton, .unique, .unique])
    #expect(methods.allSatisfy { $0.problems.isEmpty })
    #expect(
      methods[1].parameters == [
        Parameter(
          label: "fooService",
          type: TypeReference(name: "FooService", tag: "Bar", range: source.range(from: "1️⃣", to: "2️⃣")),
          hasDefault: false)
      ])
    #expect(summary.type("FooConfiguration")?.inheritance.map(\.name) == ["DependencyConfiguration"])
    #expect(summary.type("Bar")?.kind == .enum)
  }

  @Test func tagAndScopeDefaultToNilAndUnique() throws {
    let registration = try registration(body: "DependencyRegistration { DefaultFooService() }")
    #expect(registration?.tag == nil)
    #expect(registration?.scope == .unique)
  }

  @Test func bodyWithoutARegistrationCallIsUntaggedAndUnique() throws {
    let registration = try registration(body: "fatalError(\"not yet\")")
    #expect(registration?.type.name == "FooService")
    #expect(registration?.tag == nil)
    #expect(registration?.scope == .unique)
  }

  @Test func qualifiedReturnTypeIsARegistration() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func fooService() -> DpendRuntime.DependencyRegistration<1️⃣any FooService2️⃣> {
          DpendRuntime.DependencyRegistration(scope: .shared) { DefaultFooService() }
        }
      }
      """)
    let method = try method(in: source)
    #expect(
      method.registration
        == Registration(
          type: TypeReference(name: "FooService", range: source.range(from: "1️⃣", to: "2️⃣")), tag: nil,
          scope: .shared, isThrowing: false))
    #expect(method.returnType == "DpendRuntime.DependencyRegistration<FooService>")
  }

  @Test(arguments: ["Bar.self", "Outer.Bar.self", "Outer . Bar . self"])
  func tagIsReadFromATypeLiteral(_ tag: String) throws {
    let expected = tag.hasPrefix("Outer") ? "Outer.Bar" : "Bar"
    #expect(try registration(body: "DependencyRegistration(tag: \(tag)) { DefaultFooService() }")?.tag == expected)
  }

  @Test func nilTagMeansUntagged() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          DependencyRegistration(tag: nil) { DefaultFooService() }
        }
      }
      """)
    let method = try method(in: source)
    #expect(method.registration?.tag == nil)
    #expect(method.problems == [])
  }

  @Test(arguments: Scope.allCases)
  func everyScopeLiteralIsRead(_ scope: Scope) throws {
    #expect(try registration(body: "DependencyRegistration(scope: .\(scope.rawValue)) { Foo() }")?.scope == scope)
  }

  @Test(arguments: [
    "DependencyScope.weakSingleton", "DpendRuntime.DependencyScope.weakSingleton", ".weakSingleton",
  ])
  func scopeMayBeQualifiedWithItsType(_ scope: String) throws {
    #expect(try registration(body: "DependencyRegistration(scope: \(scope)) { Foo() }")?.scope == .weakSingleton)
  }

  @Test(arguments: [
    "DependencyRegistration(scope: .singleton) { Foo() }",
    "DependencyRegistration<FooService>(scope: .singleton) { Foo() }",
    "DependencyRegistration.init(scope: .singleton) { Foo() }",
    "DpendRuntime.DependencyRegistration(scope: .singleton) { Foo() }",
    ".init(scope: .singleton) { Foo() }",
    "return DependencyRegistration(scope: .singleton) { Foo() }",
    "return .init(scope: .singleton) { Foo() }",
    "return try .init(scope: .singleton) { try Foo() }",
    "let registration = DependencyRegistration(scope: .singleton) { Foo() }\n    return registration",
  ])
  func registrationCallIsFoundInEveryForm(_ body: String) throws {
    #expect(try registration(body: body)?.scope == .singleton)
  }

  @Test func bareInitOfAnotherTypeIsNotTheRegistrationCall() throws {
    let body = """
      let url: URL = .init(fileURLWithPath: "/tmp")
          let settings: Settings = .init(scope: .weakSingleton)
          return DependencyRegistration(scope: .singleton) { DiskStore(url: url, settings: settings) }
      """
    #expect(try registration(body: body)?.scope == .singleton)
  }

  @Test func returnedBareInitIsTheRegistrationCallEvenAfterOtherBareInits() throws {
    let body = """
      let url: URL = .init(fileURLWithPath: "/tmp")
          return .init(scope: .shared) { DiskStore(url: url) }
      """
    #expect(try registration(body: body)?.scope == .shared)
  }

  @Test func bareInitInsideAClosureIsNotTheRegistrationCall() throws {
    let body = """
      let make = { () -> Settings in .init(scope: .weakSingleton) }
          return DependencyRegistration(scope: .eagerSingleton) { Foo(settings: make()) }
      """
    #expect(try registration(body: body)?.scope == .eagerSingleton)
  }

  @Test func callsInsideTheFactoryClosureDoNotCount() throws {
    let body = "DependencyRegistration { Foo(registration: DependencyRegistration(scope: .singleton) { Bar() }) }"
    #expect(try registration(body: body)?.scope == .unique)
  }

  @Test func throwingMethodsAreFlagged() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func database(url: URL) throws -> DependencyRegistration<Database> {
          let connection = try Connection(url: url)
          return DependencyRegistration(scope: .eagerSingleton) { Database(connection: connection) }
        }
      }
      """)
    let method = try method(in: source)
    #expect(method.registration?.isThrowing == true)
    #expect(method.registration?.scope == .eagerSingleton)
    #expect(method.parameters.map(\.label) == ["url"])
  }

  // MARK: Problems

  @Test func nonLiteralTagIsAProblemAtTheArgument() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          DependencyRegistration(tag: 1️⃣someTag2️⃣, scope: .shared) { DefaultFooService() }
        }
      }
      """)
    let method = try method(in: source)
    #expect(
      method.problems == [
        Diagnostic(
          code: .invalidDeclaration, severity: .error,
          message: "tag must be a tag type literal such as 'Remote.self', found 'someTag'",
          range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
    #expect(method.registration?.tag == nil)
    #expect(method.registration?.scope == .shared)
  }

  @Test func nonLiteralScopeIsAProblemAtTheArgument() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          DependencyRegistration(tag: Bar.self, scope: 1️⃣currentScope2️⃣) { DefaultFooService() }
        }
      }
      """)
    let method = try method(in: source)
    #expect(
      method.problems == [
        Diagnostic(
          code: .invalidDeclaration,
          message: "scope must be a literal such as '.singleton', found 'currentScope'",
          range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
    #expect(method.registration?.tag == "Bar")
    #expect(method.registration?.scope == .unique)
  }

  @Test(arguments: ["self.scope", "Other.singleton", "DependencyScope.named(\"x\")", "scopes[0]"])
  func scopeExpressionsThatAreNotLiteralsAreProblems(_ scope: String) throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          DependencyRegistration(scope: 1️⃣\(scope)2️⃣) { DefaultFooService() }
        }
      }
      """)
    let method = try method(in: source)
    #expect(method.problems.map(\.message) == ["scope must be a literal such as '.singleton', found '\(scope)'"])
    #expect(method.problems.map(\.range) == [source.range(from: "1️⃣", to: "2️⃣")])
  }

  @Test func unknownScopeIsAProblemNamingTheKnownOnes() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          DependencyRegistration(scope: 1️⃣.forever2️⃣) { DefaultFooService() }
        }
      }
      """)
    let method = try method(in: source)
    #expect(
      method.problems == [
        Diagnostic(
          code: .invalidDeclaration,
          message:
            "unknown scope '.forever'; expected one of .unique, .shared, .singleton, .eagerSingleton, .weakSingleton",
          range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
    #expect(method.registration?.scope == .unique)
  }

  @Test func everyProblemOfOneCallIsReportedInOrder() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func fooService() -> DependencyRegistration<FooService> {
          .init(tag: 1️⃣tags.first!2️⃣, scope: 3️⃣DependencyScope.always4️⃣) { DefaultFooService() }
        }
      }
      """)
    let problems = try method(in: source).problems
    #expect(
      problems.map(\.message) == [
        "tag must be a tag type literal such as 'Remote.self', found 'tags.first!'",
        "unknown scope '.always'; expected one of .unique, .shared, .singleton, .eagerSingleton, .weakSingleton",
      ])
    #expect(problems.map(\.range) == [source.range(from: "1️⃣", to: "2️⃣"), source.range(from: "3️⃣", to: "4️⃣")])
    #expect(problems.map(\.code) == [.invalidDeclaration, .invalidDeclaration])
  }

  // MARK: Other methods

  @Test func methodsReturningSomethingElseHaveNoRegistration() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func 1️⃣title2️⃣() -> String { "Foo" }
        func reload() {}
        func items() -> [any Item] { [] }
        func untyped() -> DependencyRegistration { fatalError() }
        func registrations() -> [DependencyRegistration<Foo>] { [] }
      }
      """)
    let methods = try #require(collectSummary(source).type("FooConfiguration")?.methods)
    #expect(methods.map(\.name) == ["title", "reload", "items", "untyped", "registrations"])
    #expect(methods.allSatisfy { $0.registration == nil && $0.problems.isEmpty })
    #expect(
      methods.map(\.returnType) == [
        "String", nil, "[Item]", "DependencyRegistration", "[DependencyRegistration<Foo>]",
      ])
    #expect(methods.first?.range == source.range(from: "1️⃣", to: "2️⃣"))
  }

  @Test func typeMembersAndPrivateMethodsAreExcluded() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        static func make() -> DependencyRegistration<A> { DependencyRegistration { A() } }
        class func shared() -> DependencyRegistration<B> { DependencyRegistration { B() } }
        private func helper() -> DependencyRegistration<C> { DependencyRegistration { C() } }
        fileprivate func other() -> DependencyRegistration<D> { DependencyRegistration { D() } }
        func kept() -> DependencyRegistration<E> { DependencyRegistration { E() } }
        public func exposed() -> DependencyRegistration<F> { DependencyRegistration { F() } }
      }
      """)
    let methods = try #require(collectSummary(source).type("FooConfiguration")?.methods)
    #expect(methods.map(\.name) == ["kept", "exposed"])
    #expect(methods.map(\.access) == [.internal, .internal])
  }

  @Test func methodAccessIsCappedByTheClass() throws {
    let source = MarkedText(
      """
      public final class FooConfiguration: DependencyConfiguration {
        public init() {}
        public func exposed() -> DependencyRegistration<A> { DependencyRegistration { A() } }
        func hidden() -> DependencyRegistration<B> { DependencyRegistration { B() } }
      }
      """)
    let methods = try #require(collectSummary(source).type("FooConfiguration")?.methods)
    #expect(methods.map(\.access) == [.public, .internal])
  }

  @Test func methodWithAMissingParameterTypeIsSkipped() throws {
    let source = MarkedText(
      """
      class FooConfiguration {
        func draft(store: ) -> DependencyRegistration<A> { DependencyRegistration { A() } }
        func kept(store: Store) -> DependencyRegistration<B> { DependencyRegistration { B() } }
      }
      """)
    let methods = try #require(collectSummary(source).type("FooConfiguration")?.methods)
    #expect(methods.map(\.signature) == ["kept(store:)"])
  }
}
