/// The fixed parts of ``GraphPage``: its style sheet, its legend and its script. None of them
/// holds a name from the workspace.
enum GraphPageAssets {
  /// The style sheet: the header, the legend, and the marks the script sets on the drawing
  /// (`match` on a node a search matches, `dimmed` on what it does not).
  static let style = """
    body { margin: 0; font-family: system-ui, "Segoe UI", Helvetica, Arial, sans-serif; color: #1d1d1f; background: #fff; }
    header { padding: 12px 16px; border-bottom: 1px solid #ddd; background: #f6f6f6; }
    h1 { margin: 0 0 6px; font-size: 1.25rem; }
    .scope, form, #counts { margin: 0 0 8px; }
    input[type=search] { min-width: 16em; padding: 4px 8px; font: inherit; }
    #search-status { margin-left: 8px; color: #555; }
    .legend { display: flex; flex-wrap: wrap; gap: 4px 20px; margin: 0 0 8px; padding: 0; list-style: none; font-size: 0.9rem; }
    .legend li { display: flex; align-items: center; gap: 6px; }
    #counts { color: #555; font-size: 0.9rem; }
    main { padding: 16px; overflow: auto; }
    main > svg { max-width: 100%; height: auto; }
    #graph g.node.match > polygon { fill: #ffe94d; stroke-width: 3px; }
    #graph g.node.focus > polygon { stroke-width: 3px; }
    #graph .dimmed { opacity: 0.2; }

    """

  /// What each mark means, each with a small drawing of it.
  static let legend = """
    <ul class="legend">
    <li><svg width="40" height="18" aria-hidden="true"><rect x="1" y="1" width="38" height="16" fill="none" \
    stroke="red" stroke-dasharray="5,2"/></svg> a missing key: nothing provides or registers it</li>
    <li><svg width="40" height="18" aria-hidden="true"><line x1="0" y1="9" x2="40" y2="9" stroke="red" \
    stroke-width="2"/></svg> a need on a dependency cycle</li>
    <li><svg width="40" height="18" aria-hidden="true"><line x1="0" y1="9" x2="40" y2="9" stroke="red"/></svg> \
    a need of a missing key</li>
    <li><svg width="40" height="18" aria-hidden="true"><line x1="0" y1="9" x2="40" y2="9" stroke="black" \
    stroke-dasharray="5,3"/></svg> an optional need or a property injection</li>
    <li><svg width="40" height="18" aria-hidden="true"><rect x="1" y="1" width="38" height="16" fill="#ffe94d" \
    stroke="black" stroke-width="2"/></svg> a key the search matches</li>
    </ul>

    """

  /// The script: counts the drawing's keys, missing keys and cycle edges into the body's
  /// `data-node-count`, `data-missing-count` and `data-cycle-edge-count` and the counts line;
  /// searches the keys for the box's text (or `#search=…` in the address), case
  /// insensitively, marking each matching node `match` and the rest `dimmed`, and writes
  /// the matches' ids, space-separated, into `data-matches` and their number into
  /// `data-match-count`; sets `data-ready` last.
  static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("graph-data").textContent);
      var graph = document.getElementById("graph");
      var body = document.body;
      var input = document.getElementById("search");
      var status = document.getElementById("search-status");

      function plural(count, one, many) { return count + " " + (count === 1 ? one : many); }

      var keys = graph.querySelectorAll("g.node").length;
      var missing = graph.querySelectorAll("g.node.missing").length;
      var cycleEdges = graph.querySelectorAll("g.edge.cycle").length;
      body.dataset.nodeCount = String(keys);
      body.dataset.missingCount = String(missing);
      body.dataset.cycleEdgeCount = String(cycleEdges);
      document.getElementById("counts").textContent = plural(keys, "key", "keys") + ", " +
        plural(missing, "missing key", "missing keys") + ", " + plural(cycleEdges, "edge", "edges") + " on cycles";

      function search(text) {
        var query = text.trim().toLowerCase();
        var matched = {};
        var ids = [];
        data.nodes.forEach(function (node) {
          var element = document.getElementById(node.id);
          if (!element) { return; }
          var match = query !== "" && node.key.toLowerCase().indexOf(query) !== -1;
          if (match) { matched[node.id] = true; ids.push(node.id); }
          element.classList.toggle("match", match);
          element.classList.toggle("dimmed", query !== "" && !match);
        });
        data.edges.forEach(function (ends, index) {
          var element = document.getElementById("edge-" + index);
          if (element) { element.classList.toggle("dimmed", query !== "" && !matched[ends[0]] && !matched[ends[1]]); }
        });
        body.dataset.matches = ids.join(" ");
        body.dataset.matchCount = String(ids.length);
        status.textContent = query === "" ? "" : plural(ids.length, "key matches", "keys match");
      }

      function searchFromAddress() {
        var text = new URLSearchParams(location.hash.replace(/^#/, "")).get("search") || "";
        input.value = text;
        search(text);
      }

      input.addEventListener("input", function () {
        search(input.value);
        var hash = input.value === "" ? "" : "#search=" + encodeURIComponent(input.value);
        try { history.replaceState(null, "", location.pathname + location.search + hash); } catch (error) {}
      });
      window.addEventListener("hashchange", searchFromAddress);
      searchFromAddress();
      body.dataset.ready = "true";
    })();

    """
}
