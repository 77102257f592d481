import DpendModel
import DpendTestSupport
import Testing

struct CollectInitializersTests {
  // MARK: Declared initializers

  @Test func declaredInitializerIsRecordedWithItsKeywordAndParameterRanges() {
    let source = MarkedText(
      """
      final class Feed {
        public 1️⃣init2️⃣(store: 3️⃣Store4️⃣, _ cache: 5️⃣Cache?6️⃣) {}
      }
      """)
    let feed = collectSummary(source).type("Feed")
    #expect(
      feed?.initializers == [
        Initializer(
          parameters: [
            Parameter(
              label: "store", type: TypeReference(name: "Store", range: source.range(from: "3️⃣", to: "4️⃣")),
              hasDefault: false),
            Parameter(
              label: "_",
              type: TypeReference(name: "Cache", isOptional: true, range: source.range(from: "5️⃣", to: "6️⃣")),
              hasDefault: false),
          ],
          access: .internal, isThrowing: false, isImplicit: false, range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
  }

  @Test func declaredInitializersAreKeptInDeclarationOrder() {
    let source = MarkedText(
      """
      class Feed {
        init(store: Store) {}
        convenience init() { self.init(store: Store()) }
        required init(a: A, b: B) {}
        override init(parent: Parent) {}
      }
      """)
    let signatures = collectSummary(source).type("Feed")?.initializers.map(\.signature)
    #expect(signatures == ["init(store:)", "init()", "init(a:b:)", "init(parent:)"])
  }

  @Test func failableInitializersAreSkipped() {
    let source = MarkedText(
      """
      struct Token {
        init?(raw: String) {}
        init!(legacy: String) {}
        init(value: Int) {}
      }
      struct Parsed {
        init?(raw: String) {}
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.type("Token")?.initializers.map(\.signature) == ["init(value:)"])
    #expect(summary.type("Parsed")?.initializers == [])
  }

  @Test func privateAndFileprivateInitializersAreSkipped() {
    let source = MarkedText(
      """
      class Feed {
        private init() {}
        fileprivate init(a: A) {}
        internal init(b: B) {}
        init(c: C) {}
      }
      """)
    let initializers = collectSummary(source).type("Feed")?.initializers
    #expect(initializers?.map(\.signature) == ["init(b:)", "init(c:)"])
  }

  @Test func initializerAccessIsCappedByTheType() {
    let source = MarkedText(
      """
      public class Api {
        public init(a: A) {}
        package init(b: B) {}
        init(c: C) {}
      }
      class Feed {
        public init(d: D) {}
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.type("Api")?.initializers.map(\.access) == [.public, .package, .internal])
    #expect(summary.type("Feed")?.initializers.map(\.access) == [.internal])
  }

  @Test func asyncAndGenericInitializersAreSkipped() {
    let source = MarkedText(
      """
      class Loader {
        init(a: A) async {}
        init(b: B) async throws {}
        init<Source: Sendable>(source: Source) {}
        init(c: C) {}
      }
      """)
    #expect(collectSummary(source).type("Loader")?.initializers.map(\.signature) == ["init(c:)"])
  }

  @Test func throwingInitializersAreFlagged() {
    let source = MarkedText(
      """
      class Loader {
        init(a: A) throws {}
        init(b: B) throws(LoadError) {}
        init(c: C) {}
      }
      """)
    let initializers = collectSummary(source).type("Loader")?.initializers
    #expect(initializers?.map(\.isThrowing) == [true, true, false])
    #expect(initializers?.map(\.isImplicit) == [false, false, false])
  }

  @Test func defaultValuedAndVariadicParametersHaveADefault() {
    let source = MarkedText(
      """
      class Feed {
        init(store: Store, retries: Int = 3, log: Logger? = nil, handlers: 1️⃣Handler2️⃣...) {}
      }
      """)
    let parameters = collectSummary(source).type("Feed")?.initializers.first?.parameters
    #expect(parameters?.map(\.label) == ["store", "retries", "log", "handlers"])
    #expect(parameters?.map(\.hasDefault) == [false, true, true, true])
    #expect(parameters?.last?.type == TypeReference(name: "Handler", range: source.range(from: "1️⃣", to: "2️⃣")))
  }

  @Test func labelsAreTheArgumentLabelsUsedAtCallSites() {
    let source = MarkedText(
      """
      class Feed {
        init(_ store: Store, with cache: Cache, feed: Feed, _: Logger) {}
      }
      """)
    let initializer = collectSummary(source).type("Feed")?.initializers.first
    #expect(initializer?.parameters.map(\.label) == ["_", "with", "feed", "_"])
    #expect(initializer?.signature == "init(_:with:feed:_:)")
  }

  @Test func initializerWithAMissingParameterTypeIsSkipped() {
    let source = MarkedText(
      """
      class Feed {
        init(a: ) {}
        init(b: B) {}
      }
      class Draft {
        init(a: ) {}
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.type("Feed")?.initializers.map(\.signature) == ["init(b:)"])
    // An init is written, so there is no implicit `init()` either.
    #expect(summary.type("Draft")?.initializers == [])
  }

  @Test func enumsHaveNoInitializers() {
    let source = MarkedText(
      """
      enum Route {
        case home
        init(path: String) { self = .home }
      }
      enum Empty {}
      """)
    let summary = collectSummary(source)
    #expect(summary.type("Route")?.initializers == [])
    #expect(summary.type("Empty")?.initializers == [])
  }

  // MARK: Implicit initializers

  @Test func classAndActorWithoutInitializersGetImplicitInit() {
    let source = MarkedText(
      """
      class 1️⃣Feed2️⃣ {
        let title = "Feed"
        func reload() {}
      }
      actor 3️⃣Cache4️⃣ {}
      """)
    let summary = collectSummary(source)
    #expect(
      summary.type("Feed")?.initializers == [
        Initializer(
          parameters: [], access: .internal, isThrowing: false, isImplicit: true,
          range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
    #expect(
      summary.type("Cache")?.initializers == [
        Initializer(
          parameters: [], access: .internal, isThrowing: false, isImplicit: true,
          range: source.range(from: "3️⃣", to: "4️⃣"))
      ])
    #expect(summary.type("Feed")?.initializers.first?.signature == "init()")
  }

  @Test func implicitInitializerIsAtMostInternal() {
    let source = MarkedText(
      """
      public class Api {}
      open class Base {}
      fileprivate class Helper {}
      private class Local {}
      """)
    let summary = collectSummary(source)
    #expect(summary.type("Api")?.initializers.map(\.access) == [.internal])
    #expect(summary.type("Base")?.initializers.map(\.access) == [.internal])
    #expect(summary.type("Helper")?.initializers == [])
    #expect(summary.type("Local")?.initializers == [])
  }

  @Test func typeDeclaringOnlyAPrivateInitHasNoUsableInitializers() {
    let source = MarkedText(
      """
      final class Session {
        static let shared = Session()
        private init() {}
      }
      struct Config {
        let store: Store
        fileprivate init(store: Store) { self.store = store }
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.type("Session")?.initializers == [])
    #expect(summary.type("Config")?.initializers == [])
  }

  @Test func structMemberwiseInitializerTakesTheStoredProperties() {
    let source = MarkedText(
      """
      struct 1️⃣Settings2️⃣ {
        let store: 3️⃣Store4️⃣
        var retries: 5️⃣Int6️⃣ = 3
        let version: String = "1.0"
        static var shared: Settings?
        static let name: String = "settings"
        lazy var cache: Cache = Cache()
        var computed: Int { retries * 2 }
        var accessors: Int {
          get { retries }
          set { retries = newValue }
        }
        var observed: 7️⃣Observer8️⃣ {
          didSet { print(observed) }
        }
        var timeout: 9️⃣Double🔟 = 1 {
          willSet { print(newValue) }
        }
        func reload() {}
      }
      """)
    #expect(
      collectSummary(source).type("Settings")?.initializers == [
        Initializer(
          parameters: [
            Parameter(
              label: "store", type: TypeReference(name: "Store", range: source.range(from: "3️⃣", to: "4️⃣")),
              hasDefault: false),
            Parameter(
              label: "retries", type: TypeReference(name: "Int", range: source.range(from: "5️⃣", to: "6️⃣")),
              hasDefault: true),
            Parameter(
              label: "observed",
              type: TypeReference(name: "Observer", range: source.range(from: "7️⃣", to: "8️⃣")),
              hasDefault: false),
            Parameter(
              label: "timeout", type: TypeReference(name: "Double", range: source.range(from: "9️⃣", to: "🔟")),
              hasDefault: true),
          ],
          access: .internal, isThrowing: false, isImplicit: true, range: source.range(from: "1️⃣", to: "2️⃣"))
      ])
  }

  @Test func memberwiseParametersAreNormalizedTypeReferences() {
    let source = MarkedText(
      """
      struct Screen {
        let store: any Store
        var delegate: (any Delegate)? = nil
        let key: Tagged<Key, Remote>
        let lookup: [String : Int]
      }
      """)
    let parameters = collectSummary(source).type("Screen")?.initializers.first?.parameters
    #expect(parameters?.map(\.label) == ["store", "delegate", "key", "lookup"])
    #expect(parameters?.map(\.type.name) == ["Store", "Delegate", "Key", "[String:Int]"])
    #expect(parameters?.map(\.type.isOptional) == [false, true, false, false])
    #expect(parameters?.map(\.type.tag) == [nil, nil, "Remote", nil])
    #expect(parameters?.map(\.hasDefault) == [false, true, false, false])
  }

  @Test func propertiesDeclaredTogetherShareTheirTypeInTheMemberwiseInit() {
    let source = MarkedText(
      """
      struct Point {
        let x, y: Double
        var label: String, count: Int = 0
      }
      """)
    let initializer = collectSummary(source).type("Point")?.initializers.first
    #expect(initializer?.signature == "init(x:y:label:count:)")
    #expect(initializer?.parameters.map(\.type.name) == ["Double", "Double", "String", "Int"])
    #expect(initializer?.parameters.map(\.hasDefault) == [false, false, false, true])
  }

  @Test func structWithoutStoredPropertiesGetsInit() {
    let source = MarkedText(
      """
      struct Formatter {
        static let shared = Formatter()
        var name: String { "formatter" }
      }
      """)
    #expect(collectSummary(source).type("Formatter")?.initializers.map(\.signature) == ["init()"])
  }

  @Test func privateStoredPropertyMakesTheMemberwiseInitializerUnusable() {
    let source = MarkedText(
      """
      struct Hidden {
        let store: Store
        private let cache: Cache
      }
      struct DefaultedButPrivate {
        fileprivate var cache: Cache = Cache()
      }
      struct ConstantIsNotAParameter {
        let store: Store
        private let version: String = "1.0"
      }
      struct SetterOnly {
        private(set) var count: Int
      }
      """)
    let summary = collectSummary(source)
    #expect(summary.type("Hidden")?.initializers == [])
    #expect(summary.type("DefaultedButPrivate")?.initializers == [])
    #expect(summary.type("ConstantIsNotAParameter")?.initializers.map(\.signature) == ["init(store:)"])
    #expect(summary.type("SetterOnly")?.initializers.map(\.signature) == ["init(count:)"])
  }

  @Test func declaredInitializerReplacesTheMemberwiseOne() {
    let source = MarkedText(
      """
      struct Settings {
        let store: Store
        init(environment: Environment) { store = environment.store }
      }
      """)
    let initializers = collectSummary(source).type("Settings")?.initializers
    #expect(initializers?.map(\.signature) == ["init(environment:)"])
    #expect(initializers?.map(\.isImplicit) == [false])
  }
}
