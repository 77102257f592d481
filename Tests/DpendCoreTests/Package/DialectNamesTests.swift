import DpendModel
import DpendTestSupport
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Dialects by data only: what sets a dialect apart is in its traits (`DialectTraits.swift`)
/// and in its own files, named after it (`DpendCollect/Dialects/Swinject*.swift`, a
/// generator `DpendGenerate/DipGenerator.swift`, a quick fix's `DpendIDE/Stubs/DipStub.swift`).
/// Every other source of the product is parsed, and none may choose a dialect by name: no
/// `.swinject` (or `Dialect.dip`), no reference to a dialect's reader type (`DipDialect`), no
/// string spelling a library's name, module or launch scope (`"Swinject"`,
/// `"eagerSingleton"`). Comments may name them.
@Suite struct DialectNamesTests {
  /// The lists where each dialect's part is plugged in, once: the readers, the generators,
  /// the quick fixes' stub writers.
  static let lists: Set<String> = [
    "DpendCollect/Dialects/DialectReaders.swift", "DpendGenerate/ContainerGenerator.swift",
    "DpendIDE/Stubs/ContainerStub.swift",
  ]
  /// Targets that are no part of the product's reading: the benchmark writes sample apps in
  /// every style, the runtime is what apps import.
  static let otherTargets: Set<String> = ["DpendBenchmark", "DpendRuntime"]

  /// dpend's own style is read by its own pipeline until it is a dialect like the others.
  static let dialects = Dialect.allCases.filter { $0 != .thesis }

  static func isDialectsOwn(_ path: String) -> Bool {
    let name = (path as NSString).lastPathComponent
    let owners = dialects.map { $0.traits.displayName.prefix(1).uppercased() + $0.traits.displayName.dropFirst() }
    let folders = ["DpendCollect/Dialects/", "DpendGenerate/", "DpendIDE/Stubs/"]
    return folders.contains { path.hasPrefix($0) && !path.dropFirst($0.count).contains("/") }
      && owners.contains { name.hasPrefix($0) }
  }

  /// What `source` names of a dialect, one line per mention.
  static func mentions(in source: String, path: String) -> [String] {
    let caseNames = Set(dialects.map(\.rawValue))
    let readerTypes = Set(
      dialects.map { $0.traits.displayName.prefix(1).uppercased() + $0.traits.displayName.dropFirst() + "Dialect" })
    // A library's name (an app's own locator is no library: its name is a plain word).
    let libraries = dialects.filter { !$0.traits.modules.isEmpty }
    var words = Set(libraries.flatMap { [$0.traits.displayName] + Array($0.traits.modules) })
    words.formUnion(dialects.flatMap(\.traits.scopesResolvedAtLaunch))
    let tree = Parser.parse(source: source)
    let converter = SourceLocationConverter(fileName: path, tree: tree)
    var found: [String] = []
    func note(_ node: some SyntaxProtocol, _ what: String) {
      found.append("\(path):\(node.startLocation(converter: converter).line): \(what)")
    }
    for token in tree.tokens(viewMode: .sourceAccurate) {
      switch token.tokenKind {
      case .identifier(let name) where caseNames.contains(name):
        guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName == token
        else { continue }
        let base = member.base?.trimmedDescription
        if base == nil || base == "Dialect" { note(token, "the dialect '.\(name)'") }
      case .identifier(let name) where readerTypes.contains(name):
        note(token, "the reader '\(name)'")
      case .stringSegment(let text):
        let spelled = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        for word in spelled where words.contains(word) { note(token, "the string word '\(word)'") }
      default: continue
      }
    }
    return found
  }

  @Test func noSourceOutsideADialectsOwnFilesNamesADialect() throws {
    let sources = Repository.root.appendingPathComponent("Sources")
    let paths = try #require(FileManager.default.subpaths(atPath: sources.path)).filter { $0.hasSuffix(".swift") }
    var checked = 0
    var found: [String] = []
    for path in paths.sorted() {
      let target = String(path.prefix { $0 != "/" })
      guard !Self.otherTargets.contains(target), !Self.lists.contains(path), !Self.isDialectsOwn(path),
        (path as NSString).lastPathComponent != "DialectTraits.swift"
      else { continue }
      let source = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      found += Self.mentions(in: source, path: path)
      checked += 1
    }
    #expect(checked > 200)
    #expect(found == [])
  }

  /// The scan finds each kind of mention, and not a property or key path of the same name.
  @Test func theScanFindsEachKindOfMention() {
    let source = """
      let a = dialects.contains(.swinject)
      let b = Dialect.dip
      let c = DipDialect.resolve(call, reader: self)
      let d = "Swinject finds no registration"
      let e: Set<String> = ["eagerSingleton"]
      // Swinject and Dip in a comment are fine.
      let f = self.resolver
      let g = registrations.map(\\.factory)
      """
    #expect(
      Self.mentions(in: source, path: "X.swift") == [
        "X.swift:1: the dialect '.swinject'", "X.swift:2: the dialect '.dip'", "X.swift:3: the reader 'DipDialect'",
        "X.swift:4: the string word 'Swinject'", "X.swift:5: the string word 'eagerSingleton'",
      ])
  }
}
