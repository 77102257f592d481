import DpendCollect
import DpendModel
import DpendTestSupport

/// The path every collect test summarizes its source under.
let collectPath = "Sources/App/Feature.swift"

/// Summarizes the text of a marked source (see ``MarkedText``) under ``collectPath``.
func collectSummary(_ source: MarkedText, path: String = collectPath) -> FileSummary {
  SummaryCollector.summarize(path: path, source: source.text)
}

extension MarkedText {
  /// The range of ``collectPath`` from marker `start` up to (not including) marker `end`.
  func range(from start: String, to end: String) -> SourceRange { range(from: start, to: end, in: collectPath) }
}

extension FileSummary {
  /// The type with qualified name `name`, if collected.
  func type(_ name: String) -> TypeDeclaration? {
    types.first { $0.name == name }
  }

  /// Every range the summary holds, nested ones included, for invariants over broken code.
  var allRanges: [SourceRange] {
    var result: [SourceRange] = []
    func add(_ method: MethodDeclaration) {
      result.append(method.range)
      result += method.parameters.map(\.type.range)
      if let registration = method.registration { result.append(registration.type.range) }
      result += method.problems.map(\.range)
    }
    result += protocols.map(\.range) + typealiases.map(\.range)
    for type in types {
      result.append(type.range)
      result += type.inheritance.map(\.range)
      for initializer in type.initializers {
        result.append(initializer.range)
        result += initializer.parameters.map(\.type.range)
      }
      type.methods.forEach(add)
    }
    for declaration in extensions {
      result.append(declaration.range)
      result += declaration.inheritance.map(\.range)
      declaration.methods.forEach(add)
    }
    return result
  }
}
