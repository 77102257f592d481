/// The widget extension's entry (target `Widget`, built with `WIDGET` set); it uses no container.
struct WidgetEntry {
  let title: String
}
