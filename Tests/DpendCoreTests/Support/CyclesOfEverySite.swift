import DpendModel

@testable import DpendAnalysis

extension ContainerStage {
  /// Each configuration's cycles as one search of every site and every registration finds
  /// them (``ResolveCycleCheck``, the registrations constructing a property wrapper's owner
  /// included), without the stage's graph: what the graph's cycles must equal, in any order.
  func cyclesOfEverySite() -> [[Diagnostic]] {
    let reach = filter.reach
    var free: [(ContainerCheck.Site, String)] = []
    var needs: [(ContainerCheck.Site, String)] = []
    for path in paths {
      let facts = files[path]!
      for index in facts.sites.indices where facts.siteTypes[index] != nil {
        let (site, type) = self.site(Ref(path: path, index: index))
        guard isNeed(site) else { continue }
        if index < facts.freeSiteCount { free.append((site, type)) } else { needs.append((site, type)) }
      }
    }
    let all = free + needs
    let registrations = orderedRegistrations()
    let filter = self.filter
    return configurations.map { configuration in
      let sites = all.filter { site, _ in
        ContainerCheck.holds(site.site.conditions, in: configuration)
          && filter.compiles(site.site.range.file, in: configuration)
          && (site.consumer.map { reach?.reaches($0, for: site.site) ?? true } ?? true)
      }
      let inConfiguration = registrations.filter {
        ContainerCheck.holds($0.conditions, in: configuration) && filter.compiles($0.range.file, in: configuration)
      }
      return ResolveCycleCheck().findings(sites, inConfiguration)
    }
  }
}
