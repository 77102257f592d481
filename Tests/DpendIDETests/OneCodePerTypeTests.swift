import DpendTestSupport
import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Every binary form is described once per type (``DpendModel/BinaryCoded``: one `code(_:)`
/// that writes and reads): no type of `Sources/` writes itself through a `BinaryWriter` and
/// reads itself back through a `BinaryReader` in a second function mirroring the first, and
/// the protocol of such pairs (`BinaryCodable`) is gone.
@Suite struct OneCodePerTypeTests {
  /// The types with a function taking an `inout BinaryWriter` and one taking an
  /// `inout BinaryReader` (a `write(to:)` and an `init(from:)`, say), and each mention of
  /// `BinaryCodable`, in one file's tree; ``mirrored`` tells the types once every file is
  /// walked (a type's extensions may be in several files).
  final class MirroredCodecs: SyntaxVisitor {
    /// The qualified names of the types with a writing function, and where each is.
    var writers: [String: String] = [:]
    /// The qualified names of the types with a reading function, and where each is.
    var readers: [String: String] = [:]
    var mentions: [String] = []
    private var file = ""
    private var converter: SourceLocationConverter?
    /// The names of the types around the node visited.
    private var scope: [String] = []

    init() { super.init(viewMode: .sourceAccurate) }

    /// Walks `tree`, the source of `file`.
    func walk(_ tree: SourceFileSyntax, file: String) {
      self.file = file
      converter = SourceLocationConverter(fileName: file, tree: tree)
      walk(tree)
    }

    /// The types with both, each with where its writing and reading functions are.
    var mirrored: [String] {
      writers.keys.filter { readers[$0] != nil }.sorted().map { "\($0): \(writers[$0]!), \(readers[$0]!)" }
    }

    private func location(_ node: some SyntaxProtocol) -> String {
      "\(file):\(converter.map { node.startLocation(converter: $0).line } ?? 0)"
    }

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
      scope.append(name)
      return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
      enter(node.extendedType.trimmedDescription)
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    /// Notes `parameters` of a function or initializer of the enclosing type.
    private func note(_ parameters: FunctionParameterListSyntax, of node: some SyntaxProtocol) {
      guard !scope.isEmpty else { return }
      let type = scope.joined(separator: ".")
      for parameter in parameters {
        guard let attributed = parameter.type.as(AttributedTypeSyntax.self),
          attributed.specifiers.contains(where: { $0.trimmedDescription == "inout" })
        else { continue }
        switch attributed.baseType.trimmedDescription {
        case "BinaryWriter": writers[type] = writers[type] ?? location(node)
        case "BinaryReader": readers[type] = readers[type] ?? location(node)
        default: break
        }
      }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      note(node.signature.parameterClause.parameters, of: node)
      return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
      note(node.signature.parameterClause.parameters, of: node)
      return .visitChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
      if token.text == "BinaryCodable" { mentions.append(location(token)) }
      return .visitChildren
    }
  }

  @Test func noTypeOfTheSourcesHasAMirroredWriterAndReader() throws {
    let visitor = MirroredCodecs()
    var files = 0
    let folder = Repository.url("Sources")
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
      guard url.pathExtension == "swift" else { continue }
      let tree = Parser.parse(source: try String(contentsOf: url, encoding: .utf8))
      visitor.walk(tree, file: String(url.path.dropFirst(folder.path.count + 1)))
      files += 1
    }
    #expect(files > 250)
    #expect(visitor.mirrored == [])
    #expect(visitor.mentions == [])
  }

  /// The visitor finds a pair split over extensions and nested types, a pair of static
  /// functions and the protocol's name; a type coded once, or writing only, is not found.
  @Test func theVisitorFindsMirroredPairsAndTheProtocolsName() {
    let source = """
      struct Outer {
        struct Inner {}
      }
      extension Outer.Inner: BinaryCodable {
        func write(to writer: inout BinaryWriter) {}
      }
      extension Outer.Inner {
        init(from reader: inout BinaryReader) throws {}
      }
      enum Kind {
        static func write(_ kind: Kind, to writer: inout BinaryWriter) {}
        static func read(from reader: inout BinaryReader) throws -> Kind { .a }
      }
      struct Once: BinaryCoded {
        mutating func code(_ coder: inout BinaryCoder) throws {}
        func write(into writer: inout BinaryWriter) {}
        init(reading reader: BinaryReader) {}
      }
      """
    let visitor = MirroredCodecs()
    visitor.walk(Parser.parse(source: source), file: "F.swift")
    #expect(visitor.mirrored == ["Kind: F.swift:11, F.swift:12", "Outer.Inner: F.swift:5, F.swift:8"])
    #expect(visitor.mentions == ["F.swift:4"])
  }
}
