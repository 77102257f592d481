import DpendAnalysis
import DpendModel

/// The container part of `dpend tree`: one section per registered key, sorted, each the
/// registration and, indented below, what its factory resolves.
/// ```
/// NetworkClient ← APIClient (singleton) [Dip] — Sources/App/Container.swift:6
/// ├── URLSessionTransport ← URLSessionTransport (singleton) [Dip] — Sources/App/Container.swift:5
/// └── TokenStore (missing)
/// ```
/// A registered need expands in turn (one line per registration answering it); within a
/// section a registration already shown is marked `(see above)`, one back on the current path
/// `(cycle)`. A need nothing registers is `(missing)`, or `Key? (not registered: nil)` when
/// optional, or `(not in the analysed sources)` for a Factory definition (which the compiler
/// guarantees exists, perhaps in another module); `(unknown: …)` when only a registration
/// dpend could not read may answer it; `(unread: why)` when its type cannot be read;
/// property injection is `(property)`. Registrations whose key could not be read come last,
/// as `(unread: why)`.
enum ContainerTreeRenderer {
  static func render(_ graph: ContainerGraph, relativeTo root: String? = nil) -> String {
    let prefix = root.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    func named(_ file: String) -> String {
      guard let prefix, file.hasPrefix(prefix) else { return file }
      return String(file.dropFirst(prefix.count))
    }
    var sections: [(key: ContainerKey?, node: Int)] = []
    for (index, node) in graph.nodes.enumerated() {
      if node.registration.types.isEmpty { sections.append((nil, index)) }
      for key in node.registration.keys { sections.append((key, index)) }
    }
    sections.sort { lhs, rhs in
      switch (lhs.key, rhs.key) {
      case (let left?, let right?) where left != right: return left < right
      case (nil, _?): return false
      case (_?, nil): return true
      default: return lhs.node < rhs.node
      }
    }
    var output = ""
    for section in sections {
      var shown: Set<Int> = []
      func visit(
        _ node: Int, as key: ContainerKey?, optional: Bool, markers: [String], prefix: String, childPrefix: String,
        path: [Int]
      ) {
        var markers = markers
        if path.contains(node) {
          markers.append("(cycle)")
        } else if shown.contains(node) {
          markers.append("(see above)")
        }
        output +=
          prefix
          + line(
            graph.nodes[node].registration, key, optional: optional, markers: markers,
            targets: graph.nodes[node].targets, container: graph.nodes[node].container, file: named) + "\n"
        guard !path.contains(node), shown.insert(node).inserted else { return }
        let children = graph.nodes[node].needs.flatMap { need in child(need, in: graph) }
        for (index, child) in children.enumerated() {
          let last = index == children.count - 1
          let (prefix, childPrefix) = (childPrefix + (last ? "└── " : "├── "), childPrefix + (last ? "    " : "│   "))
          switch child {
          case .registered(let target, let key, let optional, let markers):
            visit(
              target, as: key, optional: optional, markers: markers, prefix: prefix, childPrefix: childPrefix,
              path: path + [node])
          case .leaf(let text):
            output += prefix + text + "\n"
          }
        }
      }
      visit(section.node, as: section.key, optional: false, markers: [], prefix: "", childPrefix: "", path: [])
    }
    return output
  }

  private enum Child {
    /// A registration answering the need, shown under `key`.
    case registered(Int, key: ContainerKey, optional: Bool, markers: [String])
    /// A need no read registration answers, or whose type is unknown.
    case leaf(String)
  }

  /// The lines of one need: one per registration answering it, or one saying why none does.
  private static func child(_ need: ContainerGraph.Need, in graph: ContainerGraph) -> [Child] {
    let markers = need.isPropertyInjection ? ["(property)"] : []
    let optional = !need.site.isRequired
    guard let type = need.type, let key = need.key else {
      return [.leaf((["(unread: \(need.unread ?? "the resolved type is unknown"))"] + markers).joined(separator: " "))]
    }
    let answering = graph.registrations(answering: need)
    if !answering.isEmpty {
      return answering.map { index in
        .registered(
          index, key: ContainerText.key(of: graph.nodes[index].registration, as: type), optional: optional,
          markers: markers)
      }
    }
    let why =
      graph.mayBeAnsweredByUnread(need)
      ? "(unknown: a registration dpend could not read may answer it)"
      : !need.site.dialect.checksPresence
        ? "(not in the analysed sources)"
        : optional ? "(not registered: nil)" : "(missing)"
    return [.leaf(([ContainerText.key(key, optional: optional), why] + markers).joined(separator: " "))]
  }

  /// `Store ← StoreImpl (singleton) [Dip] — Sources/App/Container.swift:12`, then `markers`;
  /// `[Swinject, container 'previewContainer', target 'App']` when the workspace has several
  /// containers or targets.
  private static func line(
    _ registration: ContainerRegistration, _ key: ContainerKey?, optional: Bool, markers: [String],
    targets: [String], container: String?, file fileName: (String) -> String
  ) -> String {
    var parts: [String] = []
    if let key {
      parts.append(ContainerText.key(key, optional: optional))
      if let constructed = registration.constructedType { parts.append("← \(constructed)") }
    }
    parts += ContainerText.details(registration)
    let named = targets.map { "'\($0)'" }
    let tag =
      [ContainerText.name(of: registration.dialect)] + (container.map { ["container '\($0)'"] } ?? [])
      + (named.isEmpty ? [] : ["target\(named.count == 1 ? "" : "s") \(named.joined(separator: " and "))"])
    parts.append(
      "[\(tag.joined(separator: ", "))] — \(fileName(registration.range.file)):\(registration.range.start.line)")
    return (parts + markers).joined(separator: " ")
  }
}
