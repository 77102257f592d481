import DpendModel
import DpendTestSupport
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Dialect differences are data (``DpendModel/DialectTraits``): the checker, the index, the
/// host, the workspace, the server and the IDE layer read a dialect's traits and never compare
/// or switch on its name. Only the code that writes a library's own registrations
/// (`ContainerStub`) spells each dialect out.
@Suite struct DialectTraitsTests {
  static let modules = ["DpendAnalysis", "DpendHost", "DpendWorkspace", "DpendServer", "DpendIDE"]
  static let writers: Set<String> = ["ContainerStub.swift"]

  /// Each comparison with, or `case` of, a dialect other than dpend's own in `source`.
  final class DialectNames: SyntaxVisitor {
    static let names = Set(Dialect.allCases.map(\.rawValue)).subtracting([Dialect.thesis.rawValue])
    var found: [String] = []
    let file: String
    let converter: SourceLocationConverter

    init(file: String, tree: SourceFileSyntax) {
      self.file = file
      converter = SourceLocationConverter(fileName: file, tree: tree)
      super.init(viewMode: .sourceAccurate)
    }

    private func note(_ node: some SyntaxProtocol) {
      let line = node.startLocation(converter: converter).line
      found.append("\(file):\(line): \(node.trimmedDescription)")
    }

    /// `.dip` or `Dialect.dip`.
    private func isDialect(_ expression: ExprSyntax) -> Bool {
      guard let member = expression.as(MemberAccessExprSyntax.self),
        Self.names.contains(member.declName.baseName.text)
      else { return false }
      return member.base == nil || member.base?.trimmedDescription == "Dialect"
    }

    /// `a == .dip` in an unfolded sequence (how the parser leaves operators).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
      let elements = Array(node.elements)
      for index in elements.indices.dropFirst().dropLast() {
        guard let operation = elements[index].as(BinaryOperatorExprSyntax.self),
          ["==", "!="].contains(operation.operator.text),
          isDialect(elements[index - 1]) || isDialect(elements[index + 1])
        else { continue }
        let line = elements[index].startLocation(converter: converter).line
        found.append(
          "\(file):\(line): \(elements[index - 1].trimmedDescription) \(operation.operator.text) "
            + elements[index + 1].trimmedDescription)
      }
      return .visitChildren
    }

    override func visit(_ node: SwitchCaseLabelSyntax) -> SyntaxVisitorContinueKind {
      let dialects = node.caseItems.contains { item in
        item.pattern.as(ExpressionPatternSyntax.self).map { isDialect($0.expression) } ?? false
      }
      if dialects { note(node) }
      return .visitChildren
    }
  }

  @Test func noLayerButTheRegistrationWritersSwitchesOnADialectsName() throws {
    var found: [String] = []
    var files = 0
    for module in Self.modules {
      let folder = Repository.root.appendingPathComponent("Sources/\(module)")
      let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "swift", !Self.writers.contains(url.lastPathComponent) else { continue }
        let tree = Parser.parse(source: try String(contentsOf: url, encoding: .utf8))
        let visitor = DialectNames(file: "\(module)/\(url.lastPathComponent)", tree: tree)
        visitor.walk(tree)
        found += visitor.found
        files += 1
      }
    }
    #expect(files > 100)
    #expect(found == [])
  }

  /// The visitor finds what it looks for: comparisons either way round and `case` labels.
  @Test func theVisitorFindsComparisonsAndCases() {
    let source = """
      func f(d: Dialect, e: Dialect) -> Bool {
        if d == .swinject || Dialect.dip != e { return true }
        switch d {
        case .factory, .stitcher: return true
        default: return d == .thesis
        }
      }
      """
    let tree = Parser.parse(source: source)
    let visitor = DialectNames(file: "F.swift", tree: tree)
    visitor.walk(tree)
    #expect(
      visitor.found == [
        "F.swift:2: d == .swinject", "F.swift:2: Dialect.dip != e", "F.swift:4: case .factory, .stitcher:",
      ])
  }
}
