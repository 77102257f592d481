import DpendAnalysis
import DpendModel

/// The Markdown a hover shows on container code: on a resolve, the registrations answering
/// it or why none does; on a registration, its keys, its scope and how many resolves it answers.
enum ContainerHoverText {
  static func markdown(for symbol: ContainerSymbol, in index: ContainerIndex) -> String {
    switch symbol {
    case .resolve(let site): return resolveText(site, in: index)
    case .registration(let registration): return registrationText(registration, in: index)
    }
  }

  /// ```
  /// Resolves `Store` named `"remote"`
  ///
  /// Answered by:
  /// - `Store` named `"remote"`, scope `container`, at `Assembly.swift:12`
  /// ```
  private static func resolveText(_ site: ContainerSite, in index: ContainerIndex) -> String {
    guard let type = site.type else {
      return "Resolves a type dpend cannot read\n\nUnread: " + (site.unread ?? ContainerTypeLookup.unknownParameter)
    }
    let key = keyText([type], name: site.site.name, argumentCount: site.site.argumentCount, site.site.dialect)
    let header = "Resolves " + key + (site.site.isRequired ? "" : " (optional)")
    let answers = index.registrations(answering: site)
    if !answers.isEmpty {
      // `In target 'App', from container 'assembler': answered by:`.
      let scope = [
        String(index.filter.scope(of: site.site.range.file).dropLast(2)),
        index.filter.container(site.site.instance).map { "from container '\($0)'" } ?? "",
      ].filter { !$0.isEmpty }.joined(separator: ", ")
      var text =
        header + "\n\n" + (scope.isEmpty ? "A" : scope.prefix(1).uppercased() + scope.dropFirst() + ": a")
        + "nswered by:\n"
        + answers.map { registration in
          "- " + registrationLine(registration)
            + (index.filter.container(registration.instance).map { ", into '\($0)'" } ?? "")
            + (sameKey(as: registration, in: index).later.isEmpty ? "" : " (overridden by a later registration)")
        }.joined(separator: "\n")
      if site.site.dialect.traits.countsRuntimeArguments,
        !answers.contains(where: { $0.argumentCount == site.site.argumentCount })
      {
        let counts = Set(answers.map(\.argumentCount)).sorted().map(String.init).joined(separator: " or ")
        text += "\n\nRuntime arguments differ: resolved with \(site.site.argumentCount), registered with \(counts)"
      }
      return text
    }
    let unread = index.unreadRegistrations(possiblyAnswering: site)
    if !unread.isEmpty {
      return header + "\n\nMaybe answered by an unread registration:\n"
        + unread.map { "- at \(location($0.range)): \($0.unread ?? "unread")" }.joined(separator: "\n")
    }
    if !site.site.dialect.checksPresence {
      return header + "\n\nDefined outside the analysed sources: the compiler checks that it exists"
    }
    if let (registration, registered) = index.concreteRegistration(for: site) {
      return header + "\n\nNothing registers " + key
        + ": `\(registered)` is registered as `\(registered)`, not as `\(type)`, at "
        + location(registration.range)
    }
    let scope = index.filter.scope(of: site.site.range.file)
    let unseen = index.unseenRegistrations(for: site).map { note in
      "- at \(location(note.range))" + note.message.dropFirst("registered here".count)
    }
    return header + "\n\n" + (scope.isEmpty ? "" : scope.prefix(1).uppercased() + scope.dropFirst())
      + (scope.isEmpty ? "Nothing" : "nothing") + " registers " + key
      + (site.site.isRequired ? " (missing dependency)" : ": the optional resolve yields `nil`")
      + (unseen.isEmpty ? "" : "\n\nRegistered elsewhere:\n" + unseen.joined(separator: "\n"))
  }

  /// ```
  /// Registers `StoreImpl`, `Store`, scope `singleton`
  ///
  /// Answers 2 resolve sites
  /// ```
  private static func registrationText(_ registration: ContainerRegistration, in index: ContainerIndex) -> String {
    let keys =
      registration.types.isEmpty
      ? "a type dpend cannot read"
      : keyText(
        registration.types, name: registration.name, argumentCount: registration.argumentCount, registration.dialect)
    let provided = registration.providedType.map { " providing `\($0)`" } ?? ""
    var header = "Registers \(keys)\(provided)\(made(registration)), \(scopeText(registration))"
    if !registration.conditions.isEmpty {
      header += "\n\nOnly under `#if \(registration.conditions.joined(separator: " && "))`"
    }
    if let unread = registration.unread { return header + "\n\nUnread: " + unread }
    let (earlier, later) = sameKey(as: registration, in: index)
    if let later = later.first {
      return header + "\n\nOverridden: the registration at \(location(later.range)) registers the same key later, "
        + "and only the last one counts; this one answers no resolve site"
    }
    let count = index.sites(answeredBy: registration).count
    var text =
      header + "\n\nAnswers " + (count == 0 ? "no resolve site" : "\(count) resolve site\(count == 1 ? "" : "s")")
    if !earlier.isEmpty {
      text +=
        "\n\nRegistered more than once: this one counts, overriding "
        + earlier.map { location($0.range) }.joined(separator: ", ")
    }
    for (wanted, registered) in index.protocolsMissed(by: registration) {
      text += "\n\nNot registered as `\(wanted)`, which is resolved: `\(registered)` is registered instead"
    }
    return text
  }

  /// The registrations of `registration`'s key on the same container under the same `#if`
  /// conditions, before and after it in the order the check reads them: one configuration
  /// registers them all, and the last counts (the `duplicate-registration` rule,
  /// ``DpendAnalysis/ContainerRegistration/exclusiveKeys``).
  private static func sameKey(
    as registration: ContainerRegistration, in index: ContainerIndex
  ) -> (earlier: [ContainerRegistration], later: [ContainerRegistration]) {
    guard let position = index.registrations.firstIndex(of: registration) else { return ([], []) }
    let keys = Set(registration.exclusiveKeys)
    func same(_ other: ContainerRegistration) -> Bool {
      other.unread == nil && other.scopeName == registration.scopeName && other.conditions == registration.conditions
        && !keys.isDisjoint(with: other.exclusiveKeys)
    }
    return (
      index.registrations[..<position].filter(same),
      index.registrations[(position + 1)...].filter(same)
    )
  }

  /// `` `Impl`, `P` named `"n"`, scope `singleton`, at `Assembly.swift:12` ``.
  private static func registrationLine(_ registration: ContainerRegistration) -> String {
    keyText(
      registration.types, name: registration.name, argumentCount: registration.argumentCount, registration.dialect)
      + made(registration) + ", \(scopeText(registration)), at \(location(registration.range))"
  }

  /// `` making `Impl` `` for a Factory definition whose factory constructs `Impl`: its key
  /// (`\Container.x`) does not say what it makes. Empty otherwise.
  private static func made(_ registration: ContainerRegistration) -> String {
    guard registration.dialect.traits.keyNamesDefinition, let constructed = registration.constructedType else {
      return ""
    }
    return " making `\(constructed)`"
  }

  /// `` `Store` named `"remote"` with 1 runtime argument `` (Dip: `tagged`).
  private static func keyText(_ types: [String], name: String?, argumentCount: Int, _ dialect: Dialect) -> String {
    var text = types.filter { !$0.isEmpty }.map { "`\($0)`" }.joined(separator: ", ")
    // A key known by its name alone (Stitcher's `Dependency("auth", …)`): `name "auth"`.
    if let name { text += text.isEmpty ? "name `\(name)`" : " \(dialect.traits.namedAdjective) `" + name + "`" }
    if argumentCount > 0 { text += " with \(argumentCount) runtime argument\(argumentCount == 1 ? "" : "s")" }
    return text
  }

  private static func scopeText(_ registration: ContainerRegistration) -> String {
    registration.scope.map { "scope `\($0)`" } ?? "default scope"
  }

  /// `` `Assembly.swift:12` ``: the file's name and the line.
  private static func location(_ range: SourceRange) -> String {
    let name = range.file.split(separator: "/").last.map(String.init) ?? range.file
    return "`\(name):\(range.start.line)`"
  }
}
