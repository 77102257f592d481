import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// Hover, go to definition and references on Stitcher and Belum container code, through the
/// same index as Dip's and Swinject's.
@Suite struct StitcherBelumNavigationTests {
  /// 1️⃣ `auth` by name; 2️⃣ `AuthService` and `Auth` by type; 3️⃣ a requirement of `auth`.
  static let stitcherContainer = MarkedText(
    """
    import Stitcher

    protocol Auth {}
    final class AuthService: Auth { init() {} }
    let app = DependencyContainer("App") {
      1️⃣Dependency("auth", AuthService.init)
      2️⃣Dependency(implementing: Auth.self, AuthService.init).scope(.singleton)
    } requires: {
      3️⃣Requirement(.name("auth"))
    }

    """)
  /// 1️⃣ `auth` by name; 2️⃣ `Auth` by type; 3️⃣ `token`, which nothing provides.
  static let stitcherScreen = MarkedText(
    """
    import Stitcher

    final class Screen {
      @Injected("auth") var auth: 1️⃣Auth
      @Injected var typed: 2️⃣Auth
      func load(graph: DependencyGraph) throws {
        let token: Auth = try graph.3️⃣inject(named: "token")
      }
    }

    """)

  @Test func stitcherNamesAndTypesNavigate() throws {
    let ide = try ide(["App.swift": Self.stitcherContainer, "Screen.swift": Self.stitcherScreen], filters: [])
    #expect(
      ide.hover(at: Self.stitcherScreen.offset("1️⃣"), in: "Screen.swift")
        == HoverResult(
          markdown: "Resolves name `\"auth\"`\n\nAnswered by:\n- name `\"auth\"`, default scope, at `App.swift:6`",
          range: Self.stitcherScreen.range("1️⃣", covering: "Auth", in: "Screen.swift")))
    #expect(
      ide.hover(at: Self.stitcherContainer.offset("2️⃣"), in: "App.swift")?.markdown
        == "Registers `AuthService`, `Auth`, scope `singleton`\n\nAnswers 1 resolve site")
    #expect(
      ide.hover(at: Self.stitcherScreen.offset("3️⃣"), in: "Screen.swift")?.markdown
        == "Resolves name `\"token\"`\n\nNothing registers name `\"token\"` (missing dependency)")
    #expect(
      ide.providers(at: Self.stitcherScreen.offset("2️⃣"), in: "Screen.swift") == [
        Self.stitcherContainer.range("2️⃣", covering: "Dependency", in: "App.swift")
      ])
    // The requirement and the injection by name are the name's references.
    #expect(
      ide.consumers(at: Self.stitcherContainer.offset("1️⃣"), in: "App.swift", includeDeclaration: false) == [
        Self.stitcherContainer.range("3️⃣", covering: "Requirement", in: "App.swift"),
        Self.stitcherScreen.range("1️⃣", covering: "Auth", in: "Screen.swift"),
      ])
  }

  /// 1️⃣ `\Deps.chat`, needing 2️⃣ `\Deps.home`; 3️⃣ `\Deps.home`, needing 5️⃣ `\Deps.chat`; 4️⃣ a
  /// read of `chat`.
  static let belumApp = MarkedText(
    """
    import Belum

    protocol Chat {}
    protocol Home {}
    struct Deps {
      var chat: Chat!
      var home: Home!
    }
    let belum = Belum(Deps())
    func start() {
      belum.setup { registrar in
        registrar.1️⃣register({ ChatController($0) }, for: \\.chat, dependencies: 2️⃣\\.home)
        registrar.3️⃣register({ HomeController() }, for: \\.home, dependencies: 5️⃣\\.chat)
      }
      let current = belum.4️⃣chat
    }

    """)

  @Test func belumKeyPathsNavigate() throws {
    let ide = try ide(["App.swift": Self.belumApp], filters: [])
    #expect(
      ide.hover(at: Self.belumApp.offset("1️⃣"), in: "App.swift")
        == HoverResult(
          markdown: "Registers `\\Deps.chat` providing `Chat!`, default scope\n\nAnswers 2 resolve sites",
          range: Self.belumApp.range("1️⃣", covering: "register", in: "App.swift")))
    #expect(
      ide.hover(at: Self.belumApp.offset("2️⃣"), in: "App.swift")?.markdown
        == "Resolves `\\Deps.home`\n\nAnswered by:\n- `\\Deps.home`, default scope, at `App.swift:13`")
    #expect(
      ide.providers(at: Self.belumApp.offset("2️⃣"), in: "App.swift") == [
        Self.belumApp.range("3️⃣", covering: "register", in: "App.swift")
      ])
    #expect(
      ide.consumers(at: Self.belumApp.offset("1️⃣"), in: "App.swift", includeDeclaration: false) == [
        Self.belumApp.range("5️⃣", covering: "\\.chat", in: "App.swift"),
        Self.belumApp.range("4️⃣", covering: "chat", in: "App.swift"),
      ])
  }
}
