import DpendAnalysis
import DpendModel
import DpendTestSupport
import Testing

/// Runtime arguments' types compared as Swinject's key compares them (`Int` is not `Int?`)
/// where both sides are written: the factory's parameter annotations, and a resolve's
/// arguments typed by a literal or a declaration. Anything unknown stays silent.
@Suite struct ArgumentTypeTests {
  static let services = """
    final class Detail { init(id: Int) {} }
    final class Pair { init(id: Int, title: String) {} }
    final class Loose { init(id: Int) {} }
    typealias Identifier = Int
    final class Aliased { init(id: Identifier) {} }
    enum State { case loaded(Int?) }
    func compute() -> Int? { nil }

    """

  static let assembly = """
    import Swinject

    func assemble(container: Container) {
      container.register(Detail.self) { (r: Resolver, id: Int) in Detail(id: id) }
      container.register(Pair.self) { (r: Resolver, id: Int, title: String) in Pair(id: id, title: title) }
      container.register(Loose.self) { r, id in Loose(id: id) }
      container.register(Aliased.self) { (r: Resolver, id: Identifier) in Aliased(id: id) }
    }

    """

  @Test func anArgumentOfAnotherTypeThanTheFactoryTakesIsAnError() throws {
    let screen = MarkedText(
      """
      import Swinject

      final class Screen {
        let itemID: Int?
        let forcedID: Int!
        init(resolver: Resolver, id: Int, state: State, maybe: Int?) {
          itemID = nil
          forcedID = 1
          let optionalID: Int? = 4
          _ = resolver.1️⃣resolve(Detail.self, argument: optionalID)!
          _ = resolver.resolve(Detail.self, argument: id)!
          _ = resolver.resolve(Detail.self, argument: 3)!
          _ = resolver.2️⃣resolve(Detail.self, argument: self.itemID)
          _ = resolver.3️⃣resolve(Pair.self, arguments: id, 4)!
          _ = resolver.resolve(Pair.self, arguments: id, "title")!
          // The other way: an optional where the factory takes `Int`, wherever written.
          _ = resolver.4️⃣resolve(Detail.self, argument: forcedID)!
          _ = resolver.resolve(Aliased.self, argument: 5)!
        }
      }
      """)
    let graph = try analyze([
      "Services.swift": Self.services, "Assembly.swift": Self.assembly, "Screen.swift": screen.text,
    ])
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "argument-type-mismatch \(screen.position("1️⃣")) 'Detail' is resolved with an argument of type 'Int?' but registered with 'Int': Swinject finds no registration for these types",
        "argument-type-mismatch \(screen.position("2️⃣")) 'Detail' is resolved with an argument of type 'Int?' but registered with 'Int': Swinject finds no registration for these types",
        "argument-type-mismatch \(screen.position("3️⃣")) 'Pair' is resolved with arguments of type '(Int, Int)' but registered with '(Int, String)': Swinject finds no registration for these types",
        "argument-type-mismatch \(screen.position("4️⃣")) 'Detail' is resolved with an argument of type 'Int?' but registered with 'Int': Swinject finds no registration for these types",
      ])
    #expect(graph.diagnostics.allSatisfy { $0.severity == .error })
    #expect(graph.diagnostics.first?.notes.map(\.message) == ["registered here"])
  }

  /// A construction, a cast and a name made of either are typed where written, as Swift infers
  /// the argument's generic parameter: a `Session` passed where the factory takes `Sessioning`
  /// finds nothing, though `Session` conforms.
  @Test func anArgumentMadeWhereItIsPassedIsTypedByWhatMakesIt() throws {
    let assembly = """
      import Swinject

      protocol Sessioning {}
      final class Session: Sessioning {}
      final class Feed { init(session: Sessioning) {} }

      func assemble(container: Container) {
        container.register(Feed.self) { (r: Resolver, session: Sessioning) in Feed(session: session) }
      }
      """
    let screen = MarkedText(
      """
      import Swinject

      func open(resolver: Resolver) {
        _ = resolver.1️⃣resolve(Feed.self, argument: Session())!
        _ = resolver.resolve(Feed.self, argument: Session() as Sessioning)!
        let made = Session()
        _ = resolver.2️⃣resolve(Feed.self, argument: made)!
        let cast = made as Sessioning
        _ = resolver.resolve(Feed.self, argument: cast)!
        let again = made
        _ = resolver.3️⃣resolve(Feed.self, argument: again)!
      }
      """)
    let graph = try analyze(["Assembly.swift": assembly, "Screen.swift": screen.text])
    let message =
      "'Feed' is resolved with an argument of type 'Session' but registered with 'Sessioning': Swinject finds no registration for these types"
    #expect(
      graph.diagnostics.map { "\($0.code.rawValue) \($0.range.start) \($0.message)" } == [
        "argument-type-mismatch \(screen.position("1️⃣")) \(message)",
        "argument-type-mismatch \(screen.position("2️⃣")) \(message)",
        "argument-type-mismatch \(screen.position("3️⃣")) \(message)",
      ])
  }

  @Test func whatIsNotWrittenStaysSilent() throws {
    let screen = """
      import Swinject

      final class Screen {
        init(resolver: Resolver, state: State, maybe: Int?) {
          // Untyped factory parameters: any type may be the one.
          _ = resolver.resolve(Loose.self, argument: maybe)!
          // A call's result, names bound by patterns: their types are not written here.
          _ = resolver.resolve(Detail.self, argument: compute())!
          if let maybe { _ = resolver.resolve(Detail.self, argument: maybe)! }
          switch state {
          case .loaded(let maybe): _ = resolver.resolve(Detail.self, argument: maybe!)!
          }
          for maybe in [1, 2] { _ = resolver.resolve(Detail.self, argument: maybe)! }
          guard let value = maybe else { return }
          _ = resolver.resolve(Detail.self, argument: value)!
        }
      }

      extension Screen {
        // A property of `Screen` declared elsewhere may be what `maybe` names.
        func other(resolver: Resolver) { _ = resolver.resolve(Detail.self, argument: maybe)! }
      }
      """
    let graph = try analyze(["Services.swift": Self.services, "Assembly.swift": Self.assembly, "Screen.swift": screen])
    #expect(graph.diagnostics.map(\.message) == [])
  }
}
