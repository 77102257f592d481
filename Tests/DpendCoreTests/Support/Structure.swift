@testable import DpendModel

/// A ``DpendModel/Deferred`` value or ``DpendModel/DeferredTable``, whatever its type.
protocol DeferredValue {
  var anyValue: Any { get }
}

extension Deferred: DeferredValue {
  var anyValue: Any { value }
}

extension DeferredTable: DeferredValue {
  var anyValue: Any { dictionary }
}

/// A value's every stored property, found by reflection, written out with the entries of
/// dictionaries and sets sorted: two values that hold the same read the same, whatever the
/// order their hash tables keep. What a persisted state must bring back whole: a property
/// its codec forgets reads differently.
enum Structure {
  /// The description of `value`, leaving out the properties labelled with one of `skipping`
  /// (caches and figures of the last run, which a state does not keep).
  static func of(_ value: Any, skipping: Set<String> = []) -> String {
    var text = ""
    write(value, skipping: skipping, into: &text)
    return text
  }

  private static func write(_ value: Any, skipping: Set<String>, into text: inout String) {
    let mirror = Mirror(reflecting: value)
    let typeName = String(describing: type(of: value))
    // A value kept in binary form until asked for: the value, decoded.
    if let deferred = value as? any DeferredValue {
      write(deferred.anyValue, skipping: skipping, into: &text)
      return
    }
    // A hash table's slots depend on the process's hash seed: its values say it all.
    if typeName.hasPrefix("Numbering<") {
      for child in mirror.children where child.label == "elements" {
        write(child.value, skipping: skipping, into: &text)
      }
      return
    }
    switch mirror.displayStyle {
    case .dictionary?, .set?:
      let entries = mirror.children.map { of($0.value, skipping: skipping) }.sorted()
      text += "{" + entries.joined(separator: ", ") + "}"
    case .optional?:
      if let wrapped = mirror.children.first {
        write(wrapped.value, skipping: skipping, into: &text)
      } else {
        text += "nil"
      }
    default:
      guard !mirror.children.isEmpty, !(value is String), !(value is Substring) else {
        text += String(reflecting: value)
        return
      }
      text += typeName + "("
      for child in mirror.children where !skipping.contains(child.label ?? "") {
        text += (child.label ?? "") + ": "
        write(child.value, skipping: skipping, into: &text)
        text += "; "
      }
      text += ")"
    }
  }
}
