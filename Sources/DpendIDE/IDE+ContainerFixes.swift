import DpendAnalysis
import DpendModel

/// Quick fixes for container code (SPEC 9): a registration for a key nothing registers, "did
/// you mean" a registered key, removing an overridden registration, resolving without the
/// runtime arguments a registration does not take. Each is an exact edit of the analysed
/// text, offered only where the graph reports the problem; none writes code that traps.
extension IDE {
  /// For the resolves at UTF-8 `offsets` of `path` that nothing registers
  /// (`missing-dependency`, `unregistered-optional-resolve`): "did you mean" each registered
  /// key differing only by its name or tag, or by a typo in its type (edit distance); and a
  /// registration of the key (``ContainerStub``), with the runtime arguments the resolve
  /// passes, after the last registration of the block registering most of its neighbours
  /// (what needs the key, what its implementation needs), formatted like them.
  public func missingRegistrationFixes(at offsets: [Int], in path: String) -> [Fix] {
    var fixes: [Fix] = []
    var seen: Set<SourceRange> = []
    for site in unansweredSites(at: offsets, in: path) where seen.insert(site.site.range).inserted {
      let meant = didYouMeanFixes(for: site)
      var registration = registrationFix(for: site)
      // A registered key the resolve likely meant comes first.
      if !meant.isEmpty { registration?.isPreferred = false }
      for fix in meant + [registration].compactMap({ $0 }) where !fixes.contains(fix) {
        fixes.append(fix)
      }
    }
    return fixes
  }

  /// For the `duplicate-registration`s at UTF-8 `offsets` of `path` (each at the registration
  /// that counts): removes the overridden registration's statement with its lines, when it
  /// fills lines of its own and registers nothing else.
  public func duplicateRegistrationFixes(at offsets: [Int], in path: String) -> [Fix] {
    let index = graph.containerIndex
    var fixes: [Fix] = []
    for diagnostic in graph.diagnostics where diagnostic.code == .duplicateRegistration {
      guard offsets.contains(where: { Self.contains(diagnostic.range, $0, path) }),
        let first = diagnostic.notes.first?.range,
        let overridden = index.registrations.first(where: { $0.range == first }),
        let statement = overridden.statement, let lines = statement.lines,
        index.registrations.filter({ $0.statement?.range == statement.range }).count == 1,
        let table = self.lines(of: lines.file)
      else { continue }
      let removal = TextReplacement(
        offset: lines.start.offset, length: lines.end.offset - lines.start.offset, replacement: "")
      let fix = Fix(
        title: "Remove the overridden registration at line \(first.start.line)", isPreferred: true,
        edits: [.edit(path: lines.file, replacements: [removal], lines: table)])
      if !fixes.contains(fix) { fixes.append(fix) }
    }
    return fixes
  }

  /// For the `argument-count-mismatch`es at UTF-8 `offsets` of `path`: a resolve passing
  /// runtime arguments to registrations that take none loses them. A registration taking
  /// some gets no fix: which values to pass is the caller's to say.
  public func argumentCountFixes(at offsets: [Int], in path: String) -> [Fix] {
    var fixes: [Fix] = []
    for offset in offsets {
      guard case .resolve(let site)? = containerSymbol(at: offset, in: path)?.symbol, let type = site.type,
        graph.diagnostics.contains(where: { $0.code == .argumentCountMismatch && $0.range == site.site.range }),
        let arguments = editRanges(of: site).runtimeArguments, let lines = lines(of: arguments.file)
      else { continue }
      let registered = candidates(for: site, type: type, name: site.site.name)
      guard !registered.isEmpty, registered.allSatisfy({ $0.argumentCount == 0 }) else { continue }
      let removal = TextReplacement(
        offset: arguments.start.offset, length: arguments.end.offset - arguments.start.offset, replacement: "")
      let fix = Fix(
        title: "Resolve '\(type)' without runtime arguments", isPreferred: true,
        edits: [.edit(path: arguments.file, replacements: [removal], lines: lines)])
      if !fixes.contains(fix) { fixes.append(fix) }
    }
    return fixes
  }

  // MARK: Missing keys

  /// The resolve sites at `offsets` that the graph reports nothing registers.
  private func unansweredSites(at offsets: [Int], in path: String) -> [ContainerSite] {
    let codes: Set<DiagnosticCode> = [.missingDependency, .unregisteredOptionalResolve]
    return offsets.compactMap { offset in
      guard case .resolve(let site)? = containerSymbol(at: offset, in: path)?.symbol, site.type != nil,
        graph.diagnostics.contains(where: { diagnostic in
          codes.contains(diagnostic.code)
            && (diagnostic.range == site.site.range || diagnostic.notes.contains { $0.range == site.site.range })
        })
      else { return nil }
      return site
    }
  }

  /// The registrations `site` can see (dialect, targets, reached gates, container instance)
  /// registering `type` under `name`; for Swinject, whatever their runtime arguments.
  private func candidates(for site: ContainerSite, type: String, name: String?) -> [ContainerRegistration] {
    graph.containerIndex.registrations.filter { registration in
      registration.unread == nil && registration.types.contains(type) && registration.name == name
        && graph.containerIndex.filter.sees(site.site, registration)
    }
  }

  /// "Did you mean": the registered keys `site` can see that differ from its key only by the
  /// name or tag, or by a small edit of the type's name, each as the edit making the resolve
  /// ask for it.
  private func didYouMeanFixes(for site: ContainerSite) -> [Fix] {
    guard let type = site.type, let lines = lines(of: site.site.range.file) else { return [] }
    let edits = editRanges(of: site)
    let visible = graph.containerIndex.registrations.filter { registration in
      registration.unread == nil && registration.dialect == site.site.dialect
        && (!site.site.dialect.traits.countsRuntimeArguments || registration.argumentCount == site.site.argumentCount)
        && graph.containerIndex.filter.answers(site.site, registration)
    }
    var found: [(title: String, replacement: TextReplacement)] = []
    func offer(_ key: ContainerKey, _ replacement: TextReplacement?) {
      let title = "Did you mean '\(ContainerKey(type: key.type, name: key.name))'?"
      guard let replacement, !found.contains(where: { $0.title == title }) else { return }
      found.append((title, replacement))
    }
    let label = site.site.dialect.traits.nameNoun
    for registration in visible {
      if registration.types.contains(type), registration.name != site.site.name {
        let key = ContainerKey(type: type, name: registration.name)
        switch (site.site.name, registration.name) {
        case (_?, let registered?): offer(key, edits.name.map { Self.replacing($0, with: registered) })
        case (_?, nil): offer(key, edits.nameArgument.map { Self.replacing($0, with: "") })
        case (nil, let registered?):
          offer(
            key,
            edits.nameInsertion.map {
              Self.replacing($0.position, with: $0.prefix + label + ": " + registered + $0.suffix)
            })
        case (nil, nil): break
        }
      } else if registration.name == site.site.name, let written = edits.type {
        for registered in registration.types where Self.isTypo(registered, of: type) {
          offer(ContainerKey(type: registered, name: site.site.name), Self.replacing(written, with: registered))
        }
      }
    }
    return found.map { title, replacement in
      Fix(
        title: title, isPreferred: found.count == 1,
        edits: [.edit(path: site.site.range.file, replacements: [replacement], lines: lines)])
    }
  }

  /// The registration of `site`'s key, constructing its one implementation and taking the
  /// runtime arguments the resolve passes, after the last registration of its neighbours
  /// (``placement(of:making:)``); `nil` when it cannot be written without a trap.
  private func registrationFix(for site: ContainerSite) -> Fix? {
    guard let key = site.key, let construction = Construction(implementing: key.type, in: graph),
      let placed = placement(of: site, making: construction), let statement = placed.last.statement,
      let lines = statement.lines, let table = self.lines(of: lines.file),
      let stub = ContainerStub.registration(
        of: key, dialect: site.site.dialect, receiver: statement.receiver, making: construction,
        argumentTypes: key.argumentCount == 0 ? [] : site.site.argumentTypes)
    else { return nil }
    let gap = placed.apart ? "\n" : ""
    // After the line break ending the last registration's lines; at the end of a file that
    // has none, after one.
    let text =
      lines.end.line > statement.range.end.line
      ? gap + statement.indentation + stub + "\n" : "\n" + gap + statement.indentation + stub
    let title =
      "Register " + (construction.type == key.type ? "'\(key)'" : "'\(construction.type)' as '\(key)'")
    return Fix(
      title: title, isPreferred: true,
      edits: [
        .edit(
          path: lines.file, replacements: [TextReplacement(offset: lines.end.offset, length: 0, replacement: text)],
          lines: table)
      ])
  }

  /// Where the registration of `site`'s key goes: after the last registration of the block
  /// (assembly, configuration function, setup closure: ``DpendModel/ContainerRegistration/scopeName``)
  /// holding the most of the key's neighbours — the registrations needing the key, and those
  /// of the keys `construction` needs — of as many, one holding a registration needing it
  /// (`site`'s own first), then the one met first; without a neighbour, as ``fallbackNeighbour(of:among:)`` says. Only
  /// registrations `site` can see, on lines of their own, outside `#if`, count; the last is
  /// the last at the block's outermost indentation. `apart` when every registration there
  /// after the first follows a blank line.
  private func placement(
    of site: ContainerSite, making construction: Construction
  ) -> (last: ContainerRegistration, apart: Bool)? {
    let index = graph.containerIndex
    let placeable = index.registrations.filter { registration in
      registration.unread == nil && registration.dialect == site.site.dialect && registration.conditions.isEmpty
        && registration.statement?.lines != nil && index.filter.answers(site.site, registration)
    }
    let key = site.key
    let consumers = Set(
      index.sites.compactMap { other in
        other.key == key && other.site.dialect == site.site.dialect
          ? other.consumer.map { index.registrations[$0].range } : nil
      })
    let needed = construction.dependencies.map(\.type)
    let own = site.consumer.map { index.registrations[$0].range }
    // By block: its neighbours, whether one needs the key, whether one is `site`'s factory.
    var scores: [String: (neighbours: Int, consumes: Int, owns: Int)] = [:]
    var order: [String] = []
    for registration in placeable {
      let consumes = consumers.contains(registration.range)
      guard consumes || (registration.name == nil && needed.contains(where: registration.types.contains)) else {
        continue
      }
      if scores[registration.scopeName] == nil { order.append(registration.scopeName) }
      var score = scores[registration.scopeName] ?? (0, 0, 0)
      score.neighbours += 1
      if consumes { score.consumes = 1 }
      if registration.range == own { score.owns = 1 }
      scores[registration.scopeName] = score
    }
    // The most neighbours; of as many, one holding a consumer (`site`'s first); then the block
    // met first.
    let block = order.enumerated().max { first, second in
      let (a, b) = (scores[first.element]!, scores[second.element]!)
      return (a.neighbours, a.consumes, a.owns, -first.offset) < (b.neighbours, b.consumes, b.owns, -second.offset)
    }?.element
    guard let block else { return fallbackNeighbour(of: site, among: placeable).map { ($0, false) } }
    // One per statement (`.implements` makes several registrations of one).
    var statements: Set<SourceRange> = []
    let inBlock = placeable.filter { $0.scopeName == block && statements.insert($0.statement!.range).inserted }.sorted {
      $0.statement!.range.start.offset < $1.statement!.range.start.offset
    }
    // A registration nested deeper (in an `if`, a loop) is no place for the new one.
    let outermost = inBlock.map { $0.statement!.indentation.count }.min()
    let level = inBlock.filter { $0.statement!.indentation.count == outermost }
    guard let last = level.last else { return nil }
    let apart = level.count > 1 && level.dropFirst().allSatisfy { $0.statement!.followsBlankLine }
    return (last, apart)
  }

  /// Where a key without neighbours goes: after the last registration (by position) of the
  /// container and function that register `site`'s resolving factory; for a resolve
  /// elsewhere, of the container and function holding the most of the `placeable`
  /// registrations.
  private func fallbackNeighbour(
    of site: ContainerSite, among placeable: [ContainerRegistration]
  ) -> ContainerRegistration? {
    let container: String?
    if let consumer = site.consumer {
      container = graph.containerIndex.registrations[consumer].scopeName
    } else {
      var counts: [String: Int] = [:]
      for registration in placeable { counts[registration.scopeName, default: 0] += 1 }
      // The most registrations; of as many, the container met first.
      container = placeable.map(\.scopeName).first { counts[$0] == counts.values.max() }
    }
    return placeable.filter { $0.scopeName == container }.max {
      $0.statement!.range.end.offset < $1.statement!.range.end.offset
    }
  }

  // MARK: Shared

  /// Where `site`'s key is written, from its file's summary.
  private func editRanges(of site: ContainerSite) -> SiteEditRanges {
    graph.summary(of: site.site.range.file)?.edits(of: site.site) ?? SiteEditRanges()
  }

  private static func replacing(_ range: SourceRange, with text: String) -> TextReplacement {
    TextReplacement(offset: range.start.offset, length: range.end.offset - range.start.offset, replacement: text)
  }

  private static func contains(_ range: SourceRange, _ offset: Int, _ path: String) -> Bool {
    range.file == path && range.start.offset <= offset && offset <= range.end.offset
  }

  /// `true` when `registered` is `written` with a small typo: one edit for a name of up to 8
  /// characters, two beyond; never the same name.
  static func isTypo(_ registered: String, of written: String) -> Bool {
    let allowed = min(registered.count, written.count) > 8 ? 2 : 1
    let distance = editDistance(Array(registered), Array(written))
    return distance > 0 && distance <= allowed && min(registered.count, written.count) > 2
  }

  /// The Levenshtein distance: insertions, deletions and substitutions.
  private static func editDistance(_ first: [Character], _ second: [Character]) -> Int {
    var previous = Array(0...second.count)
    for (i, character) in first.enumerated() {
      var current = [i + 1] + Array(repeating: 0, count: second.count)
      for (j, other) in second.enumerated() {
        current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (character == other ? 0 : 1))
      }
      previous = current
    }
    return previous[second.count]
  }
}
