import DpendModel
import SwiftSyntax

/// Gives the declarations of a summary the `#if` conditions they are written under, so the
/// analysis can check each build configuration (SPEC 7.6): types, extensions, initializers
/// and methods in an `#if` branch hold only where its condition does.
///
/// The declaration walker takes every branch; this pass runs afterwards, and only on files
/// that have an `#if` at all, so files without one cost nothing more.
enum ConditionMarker {
  /// Sets the conditions of every declaration of `summary` inside an `#if` branch of `tree`.
  static func mark(_ summary: inout FileSummary, tree: SourceFileSyntax) {
    let finder = ClauseFinder()
    finder.walk(tree)
    guard !finder.clauses.isEmpty else { return }
    let clauses = finder.clauses
    func conditions(at range: DpendModel.SourceRange) -> BuildConditions {
      let offset = range.start.offset
      return clauses.filter { $0.range.contains(offset) }.map(\.condition)
    }
    for index in summary.types.indices {
      summary.types[index].conditions = conditions(at: summary.types[index].range)
      for member in summary.types[index].initializers.indices {
        summary.types[index].initializers[member].conditions = conditions(
          at: summary.types[index].initializers[member].range)
      }
      for member in summary.types[index].methods.indices {
        summary.types[index].methods[member].conditions = conditions(at: summary.types[index].methods[member].range)
      }
    }
    for index in summary.extensions.indices {
      summary.extensions[index].conditions = conditions(at: summary.extensions[index].range)
      for member in summary.extensions[index].methods.indices {
        summary.extensions[index].methods[member].conditions = conditions(
          at: summary.extensions[index].methods[member].range)
      }
    }
  }
}

/// The `#if` branches of a file outside function bodies (where no declaration dpend reads
/// can be), outermost first, with the condition each one holds under.
private final class ClauseFinder: SyntaxVisitor {
  private(set) var clauses: [(range: Range<Int>, condition: String)] = []

  init() { super.init(viewMode: .sourceAccurate) }

  override func visit(_ clause: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
    clauses.append(
      (clause.position.utf8Offset..<clause.endPosition.utf8Offset, BuildCondition.text(of: clause)))
    return .visitChildren
  }

  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: AccessorBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
