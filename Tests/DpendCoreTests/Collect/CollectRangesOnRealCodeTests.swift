import DpendCollect
import DpendModel
import DpendTestSupport
import Foundation
import Testing

/// The collector computes every position itself (raw syntax nodes carry none): on real code,
/// each range it reports must cover exactly the text it names.
struct CollectRangesOnRealCodeTests {
  /// This package's own Swift files: a few hundred files of ordinary Swift, on every checkout.
  private static func packageSources() throws -> [(path: String, text: String)] {
    var result: [(String, String)] = []
    for folder in ["Sources", "Tests/DpendCoreTests", "Tests/DpendServerTests", "Tests/DpendTestSupport"] {
      let base = Repository.url(folder)
      let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        guard url.pathExtension == "swift" else { continue }
        result.append((url.path, try String(contentsOf: url, encoding: .utf8)))
      }
    }
    return result.sorted { $0.0 < $1.0 }
  }

  /// The source text a range covers, read by its UTF-8 offsets.
  private static func text(_ range: SourceRange, in source: String) -> String {
    let bytes = Array(source.utf8)
    return String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)
  }

  /// The 1-based line and UTF-8 column of `offset`, counted independently of the collector.
  private static func lineAndColumn(_ offset: Int, in source: String) -> (line: Int, column: Int) {
    let before = Array(source.utf8)[..<offset]
    let lastNewline = before.lastIndex(of: UInt8(ascii: "\n"))
    return (before.count { $0 == UInt8(ascii: "\n") } + 1, offset - (lastNewline.map { $0 + 1 } ?? 0) + 1)
  }

  @Test func everyReportedRangeCoversWhatItNames() throws {
    let files = try Self.packageSources()
    #expect(files.count > 150)
    var checked = 0
    var mismatches: [String] = []
    /// `ignoringWhiteSpace` for a type as written, which dpend keys without white space.
    func expect(
      _ range: SourceRange, covers expected: String, in file: (path: String, text: String),
      ignoringWhiteSpace: Bool = false
    ) {
      checked += 1
      var found = Self.text(range, in: file.text)
      if ignoringWhiteSpace { found.removeAll(where: \.isWhitespace) }
      let position = Self.lineAndColumn(range.start.offset, in: file.text)
      if found != expected || position != (range.start.line, range.start.column) {
        mismatches.append("\(file.path):\(range.start.line):\(range.start.column): '\(found)', expected '\(expected)'")
      }
    }
    for file in files {
      let summary = SummaryCollector.summarize(path: file.path, source: file.text)
      for type in summary.types {
        let name = String(type.name.split(separator: ".").last!)
        expect(type.range, covers: name, in: file)
        if let brace = type.closingBrace { expect(brace, covers: "}", in: file) }
        for initializer in type.initializers {
          expect(initializer.range, covers: initializer.isImplicit ? name : "init", in: file)
        }
        for method in type.methods { expect(method.range, covers: method.name, in: file) }
      }
      for declaration in summary.protocols {
        expect(declaration.range, covers: String(declaration.name.split(separator: ".").last!), in: file)
      }
      for alias in summary.typealiases {
        expect(alias.range, covers: String(alias.name.split(separator: ".").last!), in: file)
      }
      for declaration in summary.extensions {
        expect(declaration.range, covers: declaration.extendedType, in: file, ignoringWhiteSpace: true)
        if let brace = declaration.closingBrace { expect(brace, covers: "}", in: file) }
        for method in declaration.methods { expect(method.range, covers: method.name, in: file) }
      }
    }
    #expect(mismatches == [])
    #expect(checked > 1_000)
  }
}
