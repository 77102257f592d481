import DpendIDE
import DpendModel
import DpendTestSupport
import Testing

/// The quick fixes for container code (SPEC 9): exact edits, and the fixed text analysed again
/// (the problem gone) and parsed again (no syntax error).
@Suite struct ContainerFixTests {
  static let services = MarkedText(
    """
    protocol Store {}
    protocol Feed {}
    protocol Clock {}
    protocol Analytics {}
    final class StoreImpl: Store {}
    final class FeedImpl: Feed { init(store: Store, clock: Clock?) {} }
    final class SystemClock: Clock {}
    final class ConsoleAnalytics: Analytics {}
    final class RemoteAnalytics: Analytics {}

    """)

  /// 1️⃣ the last registration's line ends; 2️⃣ a registration overridden by 3️⃣.
  static let assembly = MarkedText(
    """
    import Swinject

    final class AppAssembly: Assembly {
      func assemble(container: Container) {
    2️⃣    container.register(Store.self) { _ in StoreImpl() }
        container.register(Clock.self, name: "system") { _ in SystemClock() }
        container.3️⃣register(Store.self) { _ in StoreImpl() }
    1️⃣  }
    }

    """)

  static func swinject(_ screen: MarkedText, assembly: MarkedText = assembly) throws -> IDE {
    try ide(["Services.swift": services, "Assembly.swift": assembly, "Screen.swift": screen], filters: [])
  }

  /// `fix` applied to `file`'s text: parsed without error, and analysed again with the others
  /// without a diagnostic of `code` in `file`'s resolves.
  static func check(
    _ fix: Fix, to file: String, of files: [String: MarkedText], clears code: DiagnosticCode, at range: SourceRange
  ) throws -> String {
    let fixed = applying(fix, to: files[file]!.text, path: file)
    #expect(parsesCleanly(fixed), "\(fixed)")
    var changed = files
    changed[file] = MarkedText(fixed)
    let after = try ide(changed, filters: []).graph.diagnostics
    #expect(!after.contains { $0.code == code && ($0.range == range || $0.notes.contains { $0.range == range }) })
    return fixed
  }

  // MARK: Missing keys

  @Test func aSwinjectRegistrationConstructsTheOneImplementationAfterTheLastRegistration() throws {
    let screen = MarkedText("import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Feed.self)!\n}\n")
    let ide = try Self.swinject(screen)
    let fixes = ide.missingRegistrationFixes(at: [screen.offset("1️⃣")], in: "Screen.swift")
    let stub =
      "    container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)) }\n"
    #expect(
      fixes == [
        Fix(
          title: "Register 'FeedImpl' as 'Feed'", isPreferred: true,
          edits: [
            .edit(
              path: "Assembly.swift",
              replacements: [TextReplacement(offset: Self.assembly.offset("1️⃣"), length: 0, replacement: stub)],
              lines: LineTable(Self.assembly.text))
          ])
      ])
    let site = try #require(ide.containerSymbol(at: screen.offset("1️⃣"), in: "Screen.swift")?.range)
    _ = try Self.check(
      fixes[0], to: "Assembly.swift",
      of: ["Services.swift": Self.services, "Assembly.swift": Self.assembly, "Screen.swift": screen],
      clears: .missingDependency, at: site)
  }

  @Test func aKeyWithSeveralOrNoImplementationsGetsNoRegistration() throws {
    let screen = MarkedText(
      "import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Analytics.self)!\n  _ = r.2️⃣resolve(Int.self)!\n}\n"
    )
    let ide = try Self.swinject(screen)
    #expect(ide.missingRegistrationFixes(at: [screen.offset("1️⃣"), screen.offset("2️⃣")], in: "Screen.swift") == [])
  }

  @Test func aKeyRegisteredUnderANameIsOfferedWithThatNameBesideARegistration() throws {
    let screen = MarkedText("import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Clock.self2️⃣)!\n}\n")
    let ide = try Self.swinject(screen)
    let fixes = ide.missingRegistrationFixes(at: [screen.offset("1️⃣")], in: "Screen.swift")
    #expect(fixes.map(\.title) == [#"Did you mean 'Clock (name "system")'?"#, "Register 'SystemClock' as 'Clock'"])
    #expect(
      fixes.first?.edits == [
        .edit(
          path: "Screen.swift",
          replacements: [TextReplacement(offset: screen.offset("2️⃣"), length: 0, replacement: #", name: "system""#)],
          lines: LineTable(screen.text))
      ])
    let files = ["Services.swift": Self.services, "Assembly.swift": Self.assembly, "Screen.swift": screen]
    let site = try #require(ide.containerSymbol(at: screen.offset("1️⃣"), in: "Screen.swift")?.range)
    let fixed = try Self.check(fixes[0], to: "Screen.swift", of: files, clears: .missingDependency, at: site)
    #expect(fixed.contains(#"_ = r.resolve(Clock.self, name: "system")!"#))
    _ = try Self.check(fixes[1], to: "Assembly.swift", of: files, clears: .missingDependency, at: site)
  }

  @Test func aNameNothingRegistersIsRemovedAndATypoIsCorrected() throws {
    let screen = MarkedText(
      """
      import Swinject

      func show(_ r: Resolver) {
        _ = r.1️⃣resolve(Store.self2️⃣, name: "disk"3️⃣)!
        _ = r.4️⃣resolve(5️⃣Stor6️⃣.self)!
      }

      """)
    let ide = try Self.swinject(screen)
    let lines = LineTable(screen.text)
    let named = ide.missingRegistrationFixes(at: [screen.offset("1️⃣")], in: "Screen.swift")
    // Besides a registration of `Store` named "disk".
    #expect(named.map(\.title) == ["Did you mean 'Store'?", #"Register 'StoreImpl' as 'Store (name "disk")'"#])
    #expect(
      named.first
        == Fix(
          title: "Did you mean 'Store'?", isPreferred: true,
          edits: [
            .edit(
              path: "Screen.swift",
              replacements: [
                TextReplacement(
                  offset: screen.offset("2️⃣"), length: screen.offset("3️⃣") - screen.offset("2️⃣"), replacement: "")
              ], lines: lines)
          ]))
    let typo = ide.missingRegistrationFixes(at: [screen.offset("4️⃣")], in: "Screen.swift")
    #expect(
      typo == [
        Fix(
          title: "Did you mean 'Store'?", isPreferred: true,
          edits: [
            .edit(
              path: "Screen.swift",
              replacements: [TextReplacement(offset: screen.offset("5️⃣"), length: 4, replacement: "Store")],
              lines: lines)
          ])
      ])
    let files = ["Services.swift": Self.services, "Assembly.swift": Self.assembly, "Screen.swift": screen]
    let site = try #require(ide.containerSymbol(at: screen.offset("4️⃣"), in: "Screen.swift")?.range)
    let fixed = try Self.check(typo[0], to: "Screen.swift", of: files, clears: .missingDependency, at: site)
    #expect(fixed.contains("_ = r.resolve(Store.self)!"))
  }

  @Test func aDipRegistrationResolvesFromTheContainerItIsMadeIn() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(.singleton) { StoreImpl() as Store }
        c.register { SystemClock() as Clock }
      1️⃣}

      func feed() throws -> Feed {
        try container.2️⃣resolve() as Feed
      }

      """)
    let files = ["Services.swift": Self.services, "Container.swift": container]
    let ide = try ide(files, filters: [])
    let fixes = ide.missingRegistrationFixes(at: [container.offset("2️⃣")], in: "Container.swift")
    let stub = "  c.register { FeedImpl(store: try c.resolve(), clock: try? c.resolve()) as Feed }\n"
    #expect(
      fixes == [
        Fix(
          title: "Register 'FeedImpl' as 'Feed'", isPreferred: true,
          edits: [
            .edit(
              path: "Container.swift",
              replacements: [TextReplacement(offset: container.offset("1️⃣"), length: 0, replacement: stub)],
              lines: LineTable(container.text))
          ])
      ])
    let site = try #require(ide.containerSymbol(at: container.offset("2️⃣"), in: "Container.swift")?.range)
    _ = try Self.check(fixes[0], to: "Container.swift", of: files, clears: .missingDependency, at: site)
  }

  @Test func aNeedOfAFactoryIsRegisteredBesideThatFactory() throws {
    let assemblies = MarkedText(
      """
      import Swinject

      final class NetworkAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Store.self) { _ in StoreImpl() }
          container.register(Analytics.self) { _ in ConsoleAnalytics() }
        }
      }

      final class FeedAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Feed.self) { r in
            FeedImpl(store: r.resolve(Store.self)!, clock: r.1️⃣resolve(Clock.self)!)
          }
      2️⃣  }
      }

      """)
    let files = ["Services.swift": Self.services, "Assembly.swift": assemblies]
    let ide = try ide(files, filters: [])
    let fixes = ide.missingRegistrationFixes(at: [assemblies.offset("1️⃣")], in: "Assembly.swift")
    #expect(
      fixes == [
        Fix(
          title: "Register 'SystemClock' as 'Clock'", isPreferred: true,
          edits: [
            .edit(
              path: "Assembly.swift",
              replacements: [
                TextReplacement(
                  offset: assemblies.offset("2️⃣"), length: 0,
                  replacement: "    container.register(Clock.self) { _ in SystemClock() }\n")
              ], lines: LineTable(assemblies.text))
          ])
      ])
    let site = try #require(ide.containerSymbol(at: assemblies.offset("1️⃣"), in: "Assembly.swift")?.range)
    _ = try Self.check(fixes[0], to: "Assembly.swift", of: files, clears: .missingDependency, at: site)
  }

  @Test func theRegistrationGoesIntoTheAssemblyOfItsNeighboursSetApartLikeThem() throws {
    // `AnalyticsAssembly` registers the most, `ServiceAssembly` what `FeedImpl` needs.
    let assemblies = MarkedText(
      """
      import Swinject

      final class ServiceAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Store.self) { _ in StoreImpl() }

          // The system's.
          container.register(Clock.self) { _ in SystemClock() }
      1️⃣  }
      }

      final class AnalyticsAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Analytics.self, name: "console") { _ in ConsoleAnalytics() }
          container.register(Analytics.self, name: "remote") { _ in RemoteAnalytics() }
          container.register(Analytics.self) { _ in RemoteAnalytics() }
        }
      }

      """)
    let screen = MarkedText("import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Feed.self)!\n}\n")
    let files = ["Services.swift": Self.services, "Assembly.swift": assemblies, "Screen.swift": screen]
    let ide = try ide(files, filters: [])
    let fixes = ide.missingRegistrationFixes(at: [screen.offset("1️⃣")], in: "Screen.swift")
    let stub =
      "\n    container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)) }\n"
    #expect(
      fixes == [
        Fix(
          title: "Register 'FeedImpl' as 'Feed'", isPreferred: true,
          edits: [
            .edit(
              path: "Assembly.swift",
              replacements: [TextReplacement(offset: assemblies.offset("1️⃣"), length: 0, replacement: stub)],
              lines: LineTable(assemblies.text))
          ])
      ])
    let site = try #require(ide.containerSymbol(at: screen.offset("1️⃣"), in: "Screen.swift")?.range)
    _ = try Self.check(fixes[0], to: "Assembly.swift", of: files, clears: .missingDependency, at: site)
  }

  @Test func ofBlocksHoldingAsManyNeighboursTheConsumersGetsIt() throws {
    // One neighbour each: `Store` in `StoreAssembly`, `FeedScreen`, which needs `Feed`, in
    // `ScreenAssembly`, after its last registration outside the `if`.
    let assemblies = MarkedText(
      """
      import Swinject

      let verbose = true
      final class FeedScreen { init(feed: Feed) {} }

      final class StoreAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Store.self) { _ in StoreImpl() }
        }
      }

      final class ScreenAssembly: Assembly {
        func assemble(container: Container) {
          container.register(FeedScreen.self) { r in FeedScreen(feed: r.resolve(Feed.self)!) }
      1️⃣    if verbose {
            container.register(Analytics.self) { _ in ConsoleAnalytics() }
          }
        }
      }

      """)
    let screen = MarkedText("import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Feed.self)!\n}\n")
    let files = ["Services.swift": Self.services, "Assembly.swift": assemblies, "Screen.swift": screen]
    let ide = try ide(files, filters: [])
    let fixes = ide.missingRegistrationFixes(at: [screen.offset("1️⃣")], in: "Screen.swift")
    let stub =
      "    container.register(Feed.self) { r in FeedImpl(store: r.resolve(Store.self)!, clock: r.resolve(Clock.self)) }\n"
    #expect(
      fixes.map(\.edits) == [
        [
          .edit(
            path: "Assembly.swift",
            replacements: [TextReplacement(offset: assemblies.offset("1️⃣"), length: 0, replacement: stub)],
            lines: LineTable(assemblies.text))
        ]
      ])
    let site = try #require(ide.containerSymbol(at: screen.offset("1️⃣"), in: "Screen.swift")?.range)
    _ = try Self.check(fixes[0], to: "Assembly.swift", of: files, clears: .missingDependency, at: site)
  }

  @Test func aKeyResolvedWithRuntimeArgumentsIsRegisteredTakingThem() throws {
    let services = MarkedText(
      Self.services.text
        + "protocol Detail {}\nfinal class DetailImpl: Detail { init(store: Store, id: Int, _ title: String) {} }\n")
    let screen = MarkedText(
      """
      import Swinject

      func show(_ r: Resolver, id: Int) {
        _ = r.1️⃣resolve(Detail.self, arguments: id, "Inbox")!
      }

      """)
    let files = ["Services.swift": services, "Assembly.swift": Self.assembly, "Screen.swift": screen]
    let analysed = try ide(files, filters: [])
    let fixes = analysed.missingRegistrationFixes(at: [screen.offset("1️⃣")], in: "Screen.swift")
    let stub =
      "    container.register(Detail.self) { (r, id: Int, argument2: String) in"
      + " DetailImpl(store: r.resolve(Store.self)!, id: id, argument2) }\n"
    #expect(
      fixes == [
        Fix(
          title: "Register 'DetailImpl' as 'Detail (2 arguments)'", isPreferred: true,
          edits: [
            .edit(
              path: "Assembly.swift",
              replacements: [TextReplacement(offset: Self.assembly.offset("1️⃣"), length: 0, replacement: stub)],
              lines: LineTable(Self.assembly.text))
          ])
      ])
    let site = try #require(analysed.containerSymbol(at: screen.offset("1️⃣"), in: "Screen.swift")?.range)
    let fixed = try Self.check(fixes[0], to: "Assembly.swift", of: files, clears: .missingDependency, at: site)
    var changed = files
    changed["Assembly.swift"] = MarkedText(fixed)
    #expect(try ide(changed, filters: []).graph.diagnostics.filter { $0.range.file == "Screen.swift" } == [])
  }

  @Test func runtimeArgumentsOfUnknownTypeOrInDipGetNoRegistration() throws {
    let services = MarkedText(
      Self.services.text + "protocol Detail {}\nfinal class DetailImpl: Detail { init(id: Int) {} }\n")
    let screen = MarkedText(
      """
      import Swinject

      func show(_ r: Resolver, id: () -> Int) {
        _ = r.1️⃣resolve(Detail.self, argument: id())!
      }

      """)
    let swinject = try ide(
      ["Services.swift": services, "Assembly.swift": Self.assembly, "Screen.swift": screen], filters: [])
    #expect(swinject.graph.diagnostics.contains { $0.code == .missingDependency && $0.range.file == "Screen.swift" })
    #expect(swinject.missingRegistrationFixes(at: [screen.offset("1️⃣")], in: "Screen.swift") == [])
    // Dip auto-wires a factory's typed parameters: dpend would read `(id: Int)` as a need.
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register { StoreImpl() as Store }
      }

      func detail() throws -> Detail { try container.1️⃣resolve(arguments: 7) as Detail }

      """)
    let dip = try ide(["Services.swift": services, "Container.swift": container], filters: [])
    #expect(dip.graph.diagnostics.contains { $0.code == .missingDependency && $0.range.file == "Container.swift" })
    #expect(dip.missingRegistrationFixes(at: [container.offset("1️⃣")], in: "Container.swift") == [])
  }

  @Test func aResolverRegistrationGoesIntoRegisterAllServices() throws {
    let injection = MarkedText(
      """
      import Resolver

      extension Resolver: ResolverRegistering {
        public static func registerAllServices() {
          register { StoreImpl() as Store }
      1️⃣  }
      }

      final class FeedScreen {
        @Injected var feed: 2️⃣Feed
      }

      """)
    let files = ["Services.swift": Self.services, "Injection.swift": injection]
    let ide = try ide(files, filters: [])
    let fixes = ide.missingRegistrationFixes(at: [injection.offset("2️⃣")], in: "Injection.swift")
    #expect(
      fixes == [
        Fix(
          title: "Register 'FeedImpl' as 'Feed'", isPreferred: true,
          edits: [
            .edit(
              path: "Injection.swift",
              replacements: [
                TextReplacement(
                  offset: injection.offset("1️⃣"), length: 0,
                  replacement: "    register { FeedImpl(store: resolve(), clock: optional()) as Feed }\n")
              ], lines: LineTable(injection.text))
          ])
      ])
    let site = try #require(ide.containerSymbol(at: injection.offset("2️⃣"), in: "Injection.swift")?.range)
    _ = try Self.check(fixes[0], to: "Injection.swift", of: files, clears: .missingDependency, at: site)
  }

  @Test func aDipTagIsCorrectedToTheRegisteredOne() throws {
    let container = MarkedText(
      """
      import Dip

      let container = DependencyContainer { c in
        c.register(tag: "remote") { StoreImpl() as Store }
      }

      func store() throws -> Store { try container.1️⃣resolve(tag: 2️⃣"remot") as Store }

      """)
    let files = ["Services.swift": Self.services, "Container.swift": container]
    let ide = try ide(files, filters: [])
    let fixes = ide.missingRegistrationFixes(at: [container.offset("1️⃣")], in: "Container.swift")
    #expect(
      fixes.map(\.title) == [
        #"Did you mean 'Store (name "remote")'?"#, #"Register 'StoreImpl' as 'Store (name "remot")'"#,
      ])
    #expect(fixes.map(\.isPreferred) == [true, false])
    #expect(
      fixes.first?.edits == [
        .edit(
          path: "Container.swift",
          replacements: [
            TextReplacement(offset: container.offset("2️⃣"), length: #""remot""#.utf8.count, replacement: #""remote""#)
          ], lines: LineTable(container.text))
      ])
    let site = try #require(ide.containerSymbol(at: container.offset("1️⃣"), in: "Container.swift")?.range)
    let fixed = try Self.check(fixes[0], to: "Container.swift", of: files, clears: .missingDependency, at: site)
    #expect(fixed.contains(#"try container.resolve(tag: "remote") as Store"#))
  }

  // MARK: Duplicates and arguments

  @Test func theOverriddenRegistrationIsRemovedWithItsLine() throws {
    let screen = MarkedText("import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.resolve(Store.self)!\n}\n")
    let ide = try Self.swinject(screen)
    let fixes = ide.duplicateRegistrationFixes(at: [Self.assembly.offset("3️⃣")], in: "Assembly.swift")
    let line = "    container.register(Store.self) { _ in StoreImpl() }\n"
    #expect(
      fixes == [
        Fix(
          title: "Remove the overridden registration at line 5", isPreferred: true,
          edits: [
            .edit(
              path: "Assembly.swift",
              replacements: [
                TextReplacement(offset: Self.assembly.offset("2️⃣"), length: line.utf8.count, replacement: "")
              ], lines: LineTable(Self.assembly.text))
          ])
      ])
    let fixed = applying(fixes[0], to: Self.assembly.text, path: "Assembly.swift")
    #expect(parsesCleanly(fixed))
    let after = try Self.swinject(screen, assembly: MarkedText(fixed)).graph.diagnostics
    #expect(!after.contains { $0.code == .duplicateRegistration })
    #expect(ide.duplicateRegistrationFixes(at: [Self.assembly.offset("2️⃣")], in: "Assembly.swift") == [])
  }

  @Test func runtimeArgumentsNoRegistrationTakesAreRemoved() throws {
    let screen = MarkedText(
      "import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Store.self2️⃣, argument: 42)!\n}\n")
    let ide = try Self.swinject(screen)
    let fixes = ide.argumentCountFixes(at: [screen.offset("1️⃣")], in: "Screen.swift")
    #expect(
      fixes == [
        Fix(
          title: "Resolve 'Store' without runtime arguments", isPreferred: true,
          edits: [
            .edit(
              path: "Screen.swift",
              replacements: [
                TextReplacement(offset: screen.offset("2️⃣"), length: ", argument: 42".utf8.count, replacement: "")
              ], lines: LineTable(screen.text))
          ])
      ])
    let files = ["Services.swift": Self.services, "Assembly.swift": Self.assembly, "Screen.swift": screen]
    let site = try #require(ide.containerSymbol(at: screen.offset("1️⃣"), in: "Screen.swift")?.range)
    _ = try Self.check(fixes[0], to: "Screen.swift", of: files, clears: .argumentCountMismatch, at: site)
  }

  @Test func aRegistrationTakingArgumentsGetsNoArgumentFix() throws {
    let assembly = MarkedText(
      """
      import Swinject

      final class AppAssembly: Assembly {
        func assemble(container: Container) {
          container.register(Store.self) { (_, id: Int) in StoreImpl() }
        }
      }

      """)
    let screen = MarkedText("import Swinject\n\nfunc show(_ r: Resolver) {\n  _ = r.1️⃣resolve(Store.self)!\n}\n")
    let ide = try Self.swinject(screen, assembly: assembly)
    #expect(ide.graph.diagnostics.map(\.code).contains(.argumentCountMismatch))
    #expect(ide.argumentCountFixes(at: [screen.offset("1️⃣")], in: "Screen.swift") == [])
  }
}
