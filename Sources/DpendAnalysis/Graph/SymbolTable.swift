import Dispatch
import DpendModel

/// Every declaration of the analysed sources by qualified name, and name resolution:
/// nested names (`Inner` inside `Outer` is `Outer.Inner`) and typealiases.
///
/// Built from the files' interfaces only (see ``FileInterface``) and updated file by file:
/// an update reports which names may now mean something else, so that only the files that
/// looked those names up need their factories collected again.
struct SymbolTable: Sendable {
  typealias TypeSymbol = DeclarationSite<FileInterface.TypeFacts>

  /// One interface change: `nil` when the file has no interface (new or removed).
  struct Change: Sendable {
    var path: String
    var old: FileInterface?
    var new: FileInterface?
  }

  /// An extension adding conformances or initializers, with the type its name resolved to.
  fileprivate struct ResolvedExtension: Equatable, Sendable {
    var written: String
    var resolved: String
    var inheritance: [String]
    /// The digest of the initializers it adds, 0 for none.
    var initializers: UInt64 = 0
  }

  /// Every name the table knows, numbered: declared names, the scopes enclosing them and
  /// the components declared inside those scopes. The tables below are keyed by number, so
  /// each name is held and hashed once however many tables have it.
  private(set) var names = NameNumbers()
  /// The files that declared something, numbered; their paths decide which declaration wins.
  private var files = NameNumbers()
  private(set) var types = FirstDeclarations<FileInterface.TypeFacts>()
  private(set) var protocols = FirstDeclarations<AccessLevel>()
  /// Every typealias of each name that has one, in path order: the first wins. Few names
  /// have one, so this is a dictionary, where types and protocols are arrays by number.
  private var aliases: [Int32: [NumberedSite<FileInterface.TypealiasEntry>]] = [:]
  /// For each enclosing scope, the first components of the names declared directly inside
  /// it: `Outer.Inner.Leaf` puts `Inner` in `Outer` and `Leaf` in `Outer.Inner`. Lets a
  /// lookup skip scopes that cannot hold the name; the top level is always looked at.
  /// Only grows: a stale entry costs one lookup of a name nothing declares.
  /// A list, not a set: most scopes hold one or two names, and a set of one costs more.
  private(set) var members: [Int32: [Int32]] = [:]
  /// For each resolved extended type, the conformances its extensions add, by file in
  /// path order.
  private(set) var extensionConformances: [String: [DeclarationSite<[String]>]] = [:]
  /// Each file's extensions that add conformances.
  private var fileExtensions: [String: [ResolvedExtension]] = [:]
  /// How many typealiases end in each name: a class inheriting such a name may be a
  /// configuration.
  private var aliasLastComponents: [Substring: Int] = [:]
  /// Names that libraries use as keys: they count as known protocols.
  private(set) var libraryKeyNames: Set<String>
  /// The written types of the globals of each name, one a file, in path order
  /// (``FileInterface/globals``).
  private(set) var globals: [String: [DeclarationSite<String>]] = [:]
  /// Names of the classes that conform to `DependencyConfiguration`.
  private(set) var configurations: Set<String> = []
  /// The analysed module's name: `App.Store` written in module `App` is `Store`.
  private(set) var moduleName: String?
  /// An empty table.
  init(libraryFactories: [Factory], moduleName: String? = nil) {
    self.moduleName = moduleName
    var names = Set<String>()
    for factory in libraryFactories {
      names.insert(factory.key.name)
      for key in factory.dependencies { names.insert(key.name) }
    }
    libraryKeyNames = names
  }

  /// The table of `files` (in any order).
  init(
    files given: consuming [(path: String, interface: FileInterface)], libraryFactories: [Factory],
    moduleName: String? = nil
  ) {
    var files = consume given
    self.init(libraryFactories: libraryFactories, moduleName: moduleName)
    var declarationCount = 0
    for (_, interface) in files {
      declarationCount += interface.types.count + interface.protocols.count + interface.typealiases.count
    }
    // Room for the scopes and their members too (one nested type a file in the synthetic
    // workspaces; a guess, not a limit).
    names.reserveCapacity(declarationCount + declarationCount / 4)
    self.files.reserveCapacity(files.count)
    types.reserveCapacity(declarationCount + declarationCount / 4)
    // Only a class with conformances can be a configuration.
    var mayBeConfigurations = Set<String>()
    for index in files.indices {
      let file = self.files.insert(files[index].path)
      for entry in files[index].interface.types {
        insertType(entry, file: file)
        if entry.kind == .class && !entry.inheritance.isEmpty { mayBeConfigurations.insert(entry.name) }
      }
      for entry in files[index].interface.protocols { insertProtocol(entry, file: file) }
      for entry in files[index].interface.typealiases { insertAlias(entry, file: file) }
      insertGlobals(files[index].interface.globals, path: files[index].path)
      // Only the extensions are read again: the rest goes now, when nothing else holds the
      // interface (a one-graph build's), not once every file is in.
      files[index].interface = FileInterface(
        types: [], protocols: [], typealiases: [], extensions: files[index].interface.extensions)
    }
    var unused = Set<Substring>()
    var touched = Set<String>()
    updateExtensions(
      files.compactMap { file in
        file.interface.extensions.isEmpty ? nil : Change(path: file.path, old: nil, new: file.interface)
      }, reportingChanges: false, changed: &unused, touchedTypes: &touched)
    mayBeConfigurations.formUnion(extensionConformances.keys)
    updateConfigurations(mayBeConfigurations, reportingChanges: false, changed: &unused)
  }

  /// `true` when the table holds no name (a one-graph builder's after the graph, or a new one).
  var isEmpty: Bool { names.count == 0 }

  /// The winning declaration of the type named `name` (resolved).
  func type(named name: String) -> DeclarationSite<FileInterface.TypeFacts>? {
    guard let number = names.number(of: name), let site = types[number] else { return nil }
    return DeclarationSite(file: files[site.file], value: site.value)
  }

  /// The paths of the files declaring types named `name` (resolved), the winner's first.
  func filesDeclaringType(named name: String) -> [String] {
    guard let number = names.number(of: name) else { return [] }
    return types.files(declaring: number).map { files[$0] }
  }

  /// The winning declaration of the protocol named `name` (resolved), with its access.
  func protocolDeclaration(named name: String) -> DeclarationSite<AccessLevel>? {
    guard let number = names.number(of: name), let site = protocols[number] else { return nil }
    return DeclarationSite(file: files[site.file], value: site.value)
  }

  /// The written types of the globals named `name`, one a file, in path order.
  func globalTypes(named name: String) -> [DeclarationSite<String>] {
    globals[name] ?? []
  }

  private mutating func insertGlobals(_ entries: [FileInterface.GlobalEntry], path: String) {
    for entry in entries {
      var sites = globals[entry.name] ?? []
      let index = sites.firstIndex { $0.file > path } ?? sites.count
      sites.insert(DeclarationSite(file: path, value: entry.type), at: index)
      globals[entry.name] = sites
    }
  }

  private mutating func removeGlobals(_ entries: [FileInterface.GlobalEntry], path: String) {
    for entry in entries {
      globals[entry.name]?.removeAll { $0.file == path }
      if globals[entry.name]?.isEmpty == true { globals[entry.name] = nil }
    }
  }

  private mutating func insertType(_ entry: FileInterface.TypeEntry, file: Int32) {
    let number = declare(entry.name)
    types.insert(number, NumberedSite(value: FileInterface.TypeFacts(entry), file: file), files: files)
  }

  private mutating func insertProtocol(_ entry: FileInterface.ProtocolEntry, file: Int32) {
    let number = declare(entry.name)
    protocols.insert(number, NumberedSite(value: entry.access, file: file), files: files)
  }

  private mutating func insertAlias(_ entry: FileInterface.TypealiasEntry, file: Int32) {
    let number = declare(entry.name)
    FirstDeclarations.insert(NumberedSite(value: entry, file: file), into: &aliases[number, default: []], files: files)
    aliasLastComponents[Self.lastComponent(entry.name), default: 0] += 1
  }

  private mutating func removeAlias(_ entry: FileInterface.TypealiasEntry, file: Int32) {
    let last = Self.lastComponent(entry.name)
    aliasLastComponents[last]! -= 1
    if aliasLastComponents[last] == 0 { aliasLastComponents[last] = nil }
    guard let number = names.number(of: entry.name), var sites = aliases[number] else { return }
    sites.removeAll { $0.file == file }
    aliases[number] = sites.isEmpty ? nil : sites
  }

  /// The number of a declared name, with the scopes enclosing it recorded.
  private mutating func declare(_ name: String) -> Int32 {
    if let number = names.number(of: name) { return number }
    let number = names.insert(name)
    addMembers(name)
    return number
  }

  /// `true` when some type, protocol or typealias has the name numbered `number`.
  func isDeclared(_ number: Int32) -> Bool {
    types[number] != nil || protocols[number] != nil || alias(number) != nil
  }

  /// The winning typealias of the name numbered `number`.
  func alias(_ number: Int32) -> FileInterface.TypealiasEntry? {
    aliases.isEmpty ? nil : aliases[number]?.first?.value
  }

  private mutating func addMembers(_ name: String) {
    var scope = Substring(name)
    while let index = scope.utf8.lastIndex(of: Self.dot) {
      let member = names.insert(scope[scope.utf8.index(after: index)...])
      let enclosing = names.insert(scope[..<index])
      if members[enclosing]?.contains(member) != true { members[enclosing, default: []].append(member) }
      scope = scope[..<index]
    }
  }

  /// Applies interface changes and returns the last components of the names whose
  /// declaration, resolution or conformances may now differ (`Leaf` for
  /// `Outer.Inner.Leaf`), and the ``declarationWatch(of:)`` of each whole type name whose
  /// declaration, conformances or configuration status may differ: a file that looked none
  /// of them up keeps its factories.
  /// - Parameter reportingChanges: `false` for a build from scratch, where every file is
  ///   collected anyway and nothing is returned.
  @discardableResult
  mutating func update(_ changes: [Change], reportingChanges: Bool) -> Set<Substring> {
    var changed = Set<Substring>()
    var touchedTypes = Set<String>()
    var aliasesChanged = false
    for change in changes {
      let old = change.old ?? .empty
      let new = change.new ?? .empty
      let file = files.insert(change.path)
      for entry in old.types {
        if let number = names.number(of: entry.name) { types.remove(number, in: file) }
      }
      for entry in old.protocols {
        if let number = names.number(of: entry.name) { protocols.remove(number, in: file) }
      }
      for entry in old.typealiases { removeAlias(entry, file: file) }
      for entry in new.types { insertType(entry, file: file) }
      for entry in new.protocols { insertProtocol(entry, file: file) }
      for entry in new.typealiases { insertAlias(entry, file: file) }
      removeGlobals(old.globals, path: change.path)
      insertGlobals(new.globals, path: change.path)
      guard reportingChanges else { continue }
      for name in Self.differingNames(old.globals, new.globals, by: \.name) { changed.insert(name[...]) }
      let differingTypes = Self.differingNames(old.types, new.types, by: \.name)
      touchedTypes.formUnion(differingTypes)
      for name in differingTypes { Self.reportType(name, in: &changed) }
      let differingAliases = Self.differingNames(old.typealiases, new.typealiases, by: \.name)
      aliasesChanged = aliasesChanged || !differingAliases.isEmpty
      for name in differingAliases + Self.differingNames(old.protocols, new.protocols, by: \.name) {
        changed.insert(Self.lastComponent(name))
      }
    }
    updateExtensions(changes, reportingChanges: reportingChanges, changed: &changed, touchedTypes: &touchedTypes)
    let everyClass =
      !reportingChanges || aliasesChanged
      || changed.contains { $0 == "DependencyConfiguration" || aliasLastComponents[$0] != nil }
    updateConfigurations(everyClass ? nil : touchedTypes, reportingChanges: reportingChanges, changed: &changed)
    return changed
  }

  /// Names of the entries that differ between two lists, compared name by name.
  private static func differingNames<Entry: Hashable>(
    _ old: [Entry], _ new: [Entry], by name: (Entry) -> String
  ) -> [String] {
    guard old != new else { return [] }
    let before = Dictionary(grouping: old, by: name)
    let after = Dictionary(grouping: new, by: name)
    return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
  }

  /// Re-resolves the extensions of the changed files and of the files extending a name
  /// that changed, or a name a typealias ends in (the alias's target, looked up from its
  /// scope, may now name another type), moving their conformances to the types they now
  /// extend.
  private mutating func updateExtensions(
    _ changes: [Change], reportingChanges: Bool, changed: inout Set<Substring>, touchedTypes: inout Set<String>
  ) {
    var written: [String: [(extendedType: String, inheritance: [String], initializers: UInt64)]] = [:]
    for change in changes {
      written[change.path] = (change.new?.extensions ?? []).filter { !$0.inheritance.isEmpty || $0.initializers != 0 }
        .map { ($0.extendedType, $0.inheritance, $0.initializers) }
    }
    if reportingChanges && !changed.isEmpty {
      for (path, extensions) in fileExtensions where written[path] == nil {
        guard
          extensions.contains(where: {
            let last = Self.lastComponent($0.written)
            return changed.contains(last) || aliasLastComponents[last] != nil
          })
        else { continue }
        written[path] = extensions.map { ($0.written, $0.inheritance, $0.initializers) }
      }
    }
    for (path, extensions) in written {
      let old = fileExtensions[path] ?? []
      let new = extensions.map {
        ResolvedExtension(
          written: $0.extendedType, resolved: resolve($0.extendedType, in: ""), inheritance: $0.inheritance,
          initializers: $0.initializers)
      }
      guard old != new else { continue }
      for name in Set(old.map(\.resolved)) {
        extensionConformances[name]!.removeAll { $0.file == path }
        if extensionConformances[name]!.isEmpty { extensionConformances[name] = nil }
      }
      for entry in new {
        var sites = extensionConformances[entry.resolved] ?? []
        let index = sites.firstIndex { $0.file > path } ?? sites.count
        sites.insert(DeclarationSite(file: path, value: entry.inheritance), at: index)
        extensionConformances[entry.resolved] = sites
      }
      fileExtensions[path] = new.isEmpty ? nil : new
      guard reportingChanges else { continue }
      for entry in old + new {
        Self.reportType(entry.resolved, in: &changed)
        touchedTypes.insert(entry.resolved)
      }
    }
  }

  /// Decides again which classes are configurations: the `candidates`, or every class.
  private mutating func updateConfigurations(
    _ candidates: Set<String>?, reportingChanges: Bool, changed: inout Set<Substring>
  ) {
    guard let candidates else {
      let aliasNames = aliasLastComponents
      var found = Set<String>()
      for (number, type) in types.first.enumerated() {
        guard let type, type.value.kind == .class else { continue }
        let name = names[Int32(number)]
        if isConfiguration(name, type.value, aliasNames: aliasNames) { found.insert(name) }
      }
      if reportingChanges {
        for name in found.symmetricDifference(configurations) { Self.reportType(name, in: &changed) }
      }
      configurations = found
      return
    }
    // A candidate is a type the update touched, reported as changed already.
    for name in candidates {
      let now = type(named: name).map { isConfiguration(name, $0.value, aliasNames: aliasLastComponents) } ?? false
      guard now != configurations.contains(name) else { continue }
      if now { configurations.insert(name) } else { configurations.remove(name) }
    }
  }

  /// `true` for a class conforming to `DependencyConfiguration`. Only a class naming the
  /// marker, or a typealias that could turn into it, has its conformances resolved.
  private func isConfiguration(_ name: String, _ type: FileInterface.TypeFacts, aliasNames: [Substring: Int]) -> Bool {
    guard type.kind == .class else { return false }
    func mayBeMarker(_ reference: String) -> Bool {
      let last = Self.lastComponent(reference)
      return last == "DependencyConfiguration" || aliasNames[last] != nil
    }
    guard
      type.inheritance.contains(where: mayBeMarker)
        || extensionConformances[name]?.contains(where: { $0.value.contains(where: mayBeMarker) }) == true
    else { return false }
    return conformances(of: name).contains { Self.configurationMarkers.contains($0) }
  }

  /// Reports the type named `name` (whole) as changed: its last component, for the files
  /// that looked up a name ending in it, and its ``declarationWatch(of:)``, for the files
  /// declaring it.
  private static func reportType(_ name: String, in changed: inout Set<Substring>) {
    changed.insert(lastComponent(name))
    changed.insert(declarationWatch(of: name))
  }
}

extension SymbolTable: BinaryCoded {
  init() { self.init(libraryFactories: []) }

  /// Every table.
  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&names)
    try coder.code(&files)
    try coder.code(&types)
    try coder.code(&protocols)
    try coder.code(&aliases)
    try coder.code(&members)
    try coder.code(&extensionConformances)
    try coder.code(&fileExtensions)
    try coder.code(&aliasLastComponents)
    try coder.code(&globals)
    try coder.code(&libraryKeyNames)
    try coder.code(&configurations)
    try coder.code(&moduleName)
  }
}

extension SymbolTable.ResolvedExtension: BinaryCoded {
  init() { self.init(written: "", resolved: "", inheritance: []) }

  mutating func code(_ coder: inout BinaryCoder) throws(SummaryDecodingError) {
    try coder.code(&written)
    try coder.code(&resolved)
    try coder.code(&inheritance)
    try coder.code(&initializers)
  }
}
