import DpendModel

/// dpend's own dialect in each build configuration (SPEC 7.6): when declarations are written
/// under `#if`, the graph's checks run once per configuration on the declarations that hold
/// in it, and a problem found in some configurations only says which.
enum BuildConfigurations {
  /// `true` when some declaration of `summary` dpend's own dialect reads is under an `#if`.
  static func isConditional(_ summary: FileSummary) -> Bool {
    summary.types.contains { type in
      !type.conditions.isEmpty || type.initializers.contains { !$0.conditions.isEmpty }
        || type.methods.contains { !$0.conditions.isEmpty }
    } || summary.extensions.contains { !$0.conditions.isEmpty || $0.methods.contains { !$0.conditions.isEmpty } }
  }

  /// `true` when one of `factories` (the analysis of `summary`) is made from a declaration
  /// under `#if`: the graph's checks then run once per build configuration.
  static func makesConditionalFactory(_ factories: [Factory], of summary: FileSummary) -> Bool {
    let offsets = conditionalOffsets(summary)
    return factories.contains { offsets.contains($0.range.start.offset) }
  }

  /// Where the initializers and methods under an `#if` start: a factory made from one
  /// holds only in some configurations.
  static func conditionalOffsets(_ summary: FileSummary) -> Set<Int> {
    var offsets: Set<Int> = []
    for type in summary.types {
      for initializer in type.initializers where !initializer.conditions.isEmpty {
        offsets.insert(initializer.range.start.offset)
      }
      for method in type.methods where !method.conditions.isEmpty { offsets.insert(method.range.start.offset) }
    }
    for declaration in summary.extensions {
      for method in declaration.methods where !method.conditions.isEmpty { offsets.insert(method.range.start.offset) }
    }
    return offsets
  }

  /// Every condition list of `summary`'s declarations.
  static func conditionLists(_ summary: FileSummary) -> [BuildConditions] {
    var lists: [BuildConditions] = []
    for type in summary.types {
      lists.append(type.conditions)
      lists += type.initializers.map(\.conditions) + type.methods.map(\.conditions)
    }
    for declaration in summary.extensions {
      lists.append(declaration.conditions)
      lists += declaration.methods.map(\.conditions)
    }
    return lists.filter { !$0.isEmpty }
  }

  /// `summary` as it is in `configuration`: the declarations that do not hold there removed,
  /// container code left out (it is checked per configuration on its own).
  static func holding(_ summary: FileSummary, in configuration: [String]) -> FileSummary {
    var result = summary
    let holds = { (conditions: BuildConditions) in ContainerCheck.holds(conditions, in: configuration) }
    // What is kept holds unconditionally in this configuration.
    func kept<T>(_ items: [T], _ conditions: WritableKeyPath<T, BuildConditions>) -> [T] {
      items.filter { holds($0[keyPath: conditions]) }.map { item in
        var item = item
        item[keyPath: conditions] = []
        return item
      }
    }
    result.types = kept(summary.types, \.conditions).map { type in
      var type = type
      type.initializers = kept(type.initializers, \.conditions)
      type.methods = kept(type.methods, \.conditions)
      return type
    }
    result.extensions = kept(summary.extensions, \.conditions).map { declaration in
      var declaration = declaration
      declaration.methods = kept(declaration.methods, \.conditions)
      return declaration
    }
    result.registrations = []
    result.resolveSites = []
    return result
  }

  /// The diagnostics of the graph of `summaries` in each of `configurations`, merged: one
  /// found in every configuration as it is, one found in some with the configurations named.
  static func diagnostics(
    of summaries: [FileSummary], in configurations: [[String]], settings: AnalysisSettings
  ) -> [Diagnostic] {
    var settings = settings
    settings.configurations = nil
    let found = configurations.map { configuration in
      GraphBuilder.thesisDiagnostics(summaries.map { holding($0, in: configuration) }, settings: settings)
    }
    return merge(found, configurations: configurations)
  }

  /// Merges the diagnostics found per configuration (in the order of `configurations`): one
  /// found in every configuration its file is compiled in (`compiles`, every one unless the
  /// targets say otherwise) is as it is; one found in some names them.
  static func merge(
    _ found: [[Diagnostic]], configurations: [[String]],
    compiles: (_ file: String, _ configuration: [String]) -> Bool = { _, _ in true }
  ) -> [Diagnostic] {
    var holdingIn: [Diagnostic: [[String]]] = [:]
    var order: [Diagnostic] = []
    for (diagnostics, configuration) in zip(found, configurations) {
      for diagnostic in diagnostics {
        if holdingIn[diagnostic] == nil { order.append(diagnostic) }
        holdingIn[diagnostic, default: []].append(configuration)
      }
    }
    return order.map { diagnostic in
      let holding = holdingIn[diagnostic]!
      // `#if !WIDGET` in a file only the app compiles: the app never builds 'WIDGET'.
      let compiled = configurations.count { compiles(diagnostic.range.file, $0) }
      guard holding.count < configurations.count, holding.count < compiled else { return diagnostic }
      var scoped = diagnostic
      scoped.message = ContainerCheck.scope(holding) + diagnostic.message
      return scoped
    }
  }
}
