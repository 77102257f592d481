import DpendModel

/// Any JSON value, for message parts whose shape depends on the method: LSP's name for
/// ``DpendModel/JSONValue``, the one value every JSON dpend reads becomes.
public typealias LSPAny = JSONValue
