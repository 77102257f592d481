/// The `id` of a node's or an edge's element in the SVG `dpend graph` draws: what the page's
/// script and its tests find elements by.
///
/// A node's id is `node-` and its name with every character but an ASCII letter or digit
/// written as `_` and its hexadecimal code point and `_` (`swinject:Clock` is
/// `node-swinject_3a_Clock`): no two names meet, and the id holds no space, quote or markup.
public enum GraphElementID {
  /// The id of the node named `name` (``GraphDrawing/Node/name``).
  public static func node(_ name: String) -> String {
    var id = "node-"
    for scalar in name.unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        id.unicodeScalars.append(scalar)
      } else {
        id += "_\(String(scalar.value, radix: 16))_"
      }
    }
    return id
  }

  /// The id of the edge at `index` in ``GraphDrawing/edges``.
  public static func edge(_ index: Int) -> String { "edge-\(index)" }
}
