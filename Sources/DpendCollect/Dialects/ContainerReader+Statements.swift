import DpendModel
import SwiftSyntax

/// The statements registrations are made by and where a resolve's key is written: the facts
/// quick fixes edit container code with (``RegistrationStatement``, ``SiteEditRanges``).
extension ContainerReader {
  /// The statement `node` (a register call or a definition) is: the call with the calls
  /// chained to it and a `try`, a code block's item of its own; a member declaration. `nil`
  /// when it is part of another statement (`let service = c.register { … }`).
  func statement(of node: some SyntaxProtocol) -> RegistrationStatement? {
    var current = Syntax(node)
    while let parent = current.parent {
      if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == current.id {
        current = parent
      } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == current.id {
        current = parent
      } else if parent.is(TryExprSyntax.self) {
        current = parent
      } else {
        break
      }
    }
    guard let item = current.parent, item.is(CodeBlockItemSyntax.self) || item.is(MemberBlockItemSyntax.self),
      let first = item.firstToken(viewMode: .sourceAccurate), let last = item.lastToken(viewMode: .sourceAccurate)
    else { return nil }
    let receiver = node.as(FunctionCallExprSyntax.self).map(CallShape.receiver) ?? ""
    let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
    let statement = range(current)
    guard let indentation = Self.indentation(before: first) else {
      return RegistrationStatement(range: statement, lines: nil, indentation: "", receiver: receiver)
    }
    let lineEnd = Self.lineEnd(after: last)
    return RegistrationStatement(
      range: statement,
      lines: lineEnd.map { ranges.range(from: start - indentation.utf8.count, to: $0) },
      indentation: indentation, receiver: receiver, followsBlankLine: Self.followsBlankLine(first))
  }

  /// `true` when `token`'s leading trivia holds a line of spaces and tabs only: two line
  /// breaks with nothing but white space between them (comments may come before or after).
  private static func followsBlankLine(_ token: TokenSyntax) -> Bool {
    var breaks = 0
    for piece in token.leadingTrivia {
      switch piece {
      case .newlines(let count), .carriageReturns(let count), .carriageReturnLineFeeds(let count):
        breaks += count
        if breaks >= 2 { return true }
      case .spaces, .tabs: continue
      default: breaks = 0
      }
    }
    return false
  }

  /// The spaces and tabs before `token` on its line; `nil` when other code precedes it there.
  private static func indentation(before token: TokenSyntax) -> String? {
    let pieces = Array(token.leadingTrivia)
    let lastBreak = pieces.lastIndex { $0.isNewline }
    guard lastBreak != nil || token.previousToken(viewMode: .sourceAccurate) == nil else { return nil }
    var indentation = ""
    for piece in pieces[(lastBreak.map { $0 + 1 } ?? 0)...] {
      switch piece {
      case .spaces(let count): indentation += String(repeating: " ", count: count)
      case .tabs(let count): indentation += String(repeating: "\t", count: count)
      default: return nil
      }
    }
    return indentation
  }

  /// The UTF-8 offset after the line break ending `token`'s line (after its trailing spaces
  /// and comments), or the end of the file; `nil` when more code follows on the line.
  private static func lineEnd(after token: TokenSyntax) -> Int? {
    let end = token.endPosition.utf8Offset
    guard let next = token.nextToken(viewMode: .sourceAccurate) else { return end }
    switch next.leadingTrivia.pieces.first {
    case .newlines?, .carriageReturns?: return end + 1
    case .carriageReturnLineFeeds?: return end + 2
    case nil where next.tokenKind == .endOfFile: return end
    default: return nil
    }
  }

  /// Keeps `edits` for `site` (``siteEdits``), unless nothing of it can be edited.
  func record(_ edits: SiteEditRanges, of site: ResolveSite) {
    if edits != SiteEditRanges() { siteEdits.append(SiteEdits(site: site.range, edits: edits)) }
  }

  /// The edit ranges of a resolve call whose name or tag is labelled `nameLabel`: the type
  /// written as `T.self` first, else `typeNode` (from the context); the name argument; where
  /// one goes (after the type argument, else first); the runtime arguments (from the first
  /// labelled `argument` or `arguments`).
  func editRanges(of call: FunctionCallExprSyntax, nameLabel: String, typeNode: TypeSyntax?) -> SiteEditRanges {
    let arguments = Array(call.arguments)
    var edits = SiteEditRanges()
    let typeArgument = arguments.first.flatMap { $0.label == nil ? CallShape.metatypeBase($0.expression) : nil }
    edits.type = typeArgument.map { range($0) } ?? typeNode.map { range($0) }
    func removal(of index: Int, through last: Int) -> DpendModel.SourceRange {
      if index > 0 {
        return ranges.range(
          from: arguments[index - 1].expression.endPositionBeforeTrailingTrivia.utf8Offset,
          to: arguments[last].expression.endPositionBeforeTrailingTrivia.utf8Offset)
      }
      let end =
        last + 1 < arguments.count
        ? arguments[last + 1].positionAfterSkippingLeadingTrivia.utf8Offset
        : arguments[last].expression.endPositionBeforeTrailingTrivia.utf8Offset
      return ranges.range(from: arguments[index].positionAfterSkippingLeadingTrivia.utf8Offset, to: end)
    }
    if let index = arguments.firstIndex(where: { $0.label?.text == nameLabel }) {
      edits.name = range(arguments[index].expression)
      edits.nameArgument = removal(of: index, through: index)
    } else if typeArgument != nil, let first = arguments.first {
      let end = first.expression.endPositionBeforeTrailingTrivia.utf8Offset
      edits.nameInsertion = ArgumentInsertion(position: ranges.range(from: end, to: end), prefix: ", ", suffix: "")
    } else if arguments.isEmpty, let open = call.leftParen {
      let end = open.endPositionBeforeTrailingTrivia.utf8Offset
      edits.nameInsertion = ArgumentInsertion(position: ranges.range(from: end, to: end), prefix: "", suffix: "")
    } else if let first = arguments.first, first.label?.text != nil {
      let start = first.positionAfterSkippingLeadingTrivia.utf8Offset
      edits.nameInsertion = ArgumentInsertion(position: ranges.range(from: start, to: start), prefix: "", suffix: ", ")
    }
    let runtime = ["argument", "arguments"]
    if let index = arguments.firstIndex(where: { runtime.contains($0.label?.text ?? "") }) {
      edits.runtimeArguments = removal(of: index, through: arguments.count - 1)
    }
    return edits
  }
}
