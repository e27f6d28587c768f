/// The gallery's one page: HTML with its styles and script inline, reading `data/index.js`
/// and loading `data/chunk-N.js` files for the groups it shows. The same page for every kind
/// of gallery; everything it says comes from the data.
enum GalleryPage {
    /// Groups shown on one page of results.
    static let groupsPerPage = 20

    static func html(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escaped(title))</title>
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header>
          <h1 id="title">\(escaped(title))</h1>
          <div id="errors" role="alert" hidden></div>
          <div id="notes"></div>
          <div id="summary"></div>
          <form id="filters" onsubmit="return false">
            <label>Language <select id="filter-language"></select></label>
            <label>Fails at <select id="filter-category"></select></label>
            <label>Reason <select id="filter-reason"></select></label>
            <label>Platform <select id="filter-platform"></select></label>
            <label>Search <input id="filter-search" type="search" placeholder="key, screen or test"></label>
            <button id="filter-reset" type="button">Show all</button>
          </form>
          <div id="status" role="status"></div>
        </header>
        <main id="results"></main>
        <nav id="pager"></nav>
        <script src="data/index.js"></script>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    /// Text for HTML content and attributes.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }

    private static let style = """
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7; --fail: #d70015; --bg: #f5f5f7; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--bg); }
        header { background: #fff; border-bottom: 1px solid var(--line); padding: 16px 24px 12px; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        #notes { color: var(--muted); font-size: 13px; }
        #errors { border: 2px solid var(--fail); background: #fde8ea; border-radius: 8px; padding: 8px 12px; margin: 8px 0; }
        #errors h2 { color: var(--fail); font-size: 15px; margin: 0 0 4px; }
        #errors ul { margin: 0; padding-left: 18px; font: 13px/1.4 ui-monospace, "SF Mono", Menlo, monospace; overflow-wrap: anywhere; }
        #summary { display: flex; flex-wrap: wrap; gap: 8px 28px; margin: 10px 0; }
        .tally h3 { font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 0 0 2px; font-weight: 600; }
        .tally .big { font-size: 22px; font-weight: 600; }
        .tally.failing .big, .tally.failing h3 { color: var(--fail); }
        .chips { display: flex; flex-wrap: wrap; gap: 4px; max-width: 720px; }
        .chip { border: 1px solid var(--line); background: #fff; border-radius: 12px; padding: 1px 9px; font-size: 12px; cursor: pointer; color: var(--ink); }
        .chip:hover, .chip.on { border-color: var(--ink); }
        .chip b { font-weight: 600; }
        #filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; }
        #filters label { font-size: 12px; color: var(--muted); }
        #filters select, #filters input { font: inherit; font-size: 13px; margin-left: 4px; padding: 2px 4px; }
        #status { color: var(--muted); font-size: 13px; margin-top: 8px; }
        main { padding: 16px 24px; display: flex; flex-direction: column; gap: 16px; }
        .group { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 12px 16px; }
        .group h2 { font: 600 16px/1.3 ui-monospace, "SF Mono", Menlo, monospace; margin: 0; overflow-wrap: anywhere; }
        .group .sub { color: var(--muted); font-size: 12px; margin-bottom: 6px; overflow-wrap: anywhere; }
        .finding { display: grid; grid-template-columns: minmax(220px, 320px) 1fr; gap: 16px; border-top: 1px solid #ececf0; padding: 12px 0 4px; }
        .facts .lang { font-weight: 700; font-size: 15px; margin-right: 6px; }
        .facts .from { font-size: 14px; }
        .facts .from b { color: var(--fail); }
        .reason { display: inline-block; background: #fde8ea; color: var(--fail); border-radius: 4px; padding: 0 6px; margin: 4px 4px 0 0; font-size: 12px; font-weight: 600; }
        .platform, .node { display: inline-block; background: #eef; border-radius: 4px; padding: 0 6px; margin-top: 4px; font-size: 12px; }
        .text { margin: 8px 0 4px; padding: 6px 8px; background: var(--bg); border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; unicode-bidi: plaintext; }
        .details { margin: 4px 0 0; padding-left: 16px; color: var(--muted); font-size: 12px; overflow-wrap: anywhere; }
        .facts { min-width: 0; }
        .pictures { display: flex; gap: 12px; align-items: flex-start; min-width: 0; }
        .pictures .large { margin: 0; flex: 0 1 auto; min-width: 0; }
        .pictures .large img { max-width: 100%; max-height: 560px; width: auto; height: auto; border: 1px solid var(--line); display: block; background: #fff; }
        .side { display: flex; gap: 12px; align-items: flex-start; min-width: 0; }
        .side figure { margin: 0; flex: 1 1 0; min-width: 0; text-align: center; font-size: 12px; color: var(--muted); }
        .side img { max-width: 100%; max-height: 420px; width: auto; height: auto; border: 2px solid var(--line); background: #fff; }
        .side figure.failing img { border-color: var(--fail); }
        .thumbs { display: flex; flex-wrap: wrap; gap: 8px; align-content: flex-start; max-width: 50%; }
        .thumb { margin: 0; cursor: pointer; text-align: center; font-size: 11px; color: var(--muted); }
        .thumb img { display: block; max-width: 140px; max-height: 110px; width: auto; height: auto; border: 2px solid var(--line); background: #fff; }
        .thumb.failing img { border-color: var(--fail); }
        .thumb.failing { color: var(--fail); font-weight: 600; }
        .thumb.shown img { outline: 3px solid #0071e3; outline-offset: 1px; }
        #pager { display: flex; gap: 8px; justify-content: center; align-items: center; padding: 8px 0 32px; }
        #pager button { font: inherit; padding: 4px 12px; }
        .empty { color: var(--muted); padding: 32px; text-align: center; }
        @media (max-width: 900px) { .finding { grid-template-columns: 1fr; } .pictures { flex-direction: column; } .thumbs { max-width: none; } }
        """

    private static let script = #"""
        "use strict";
        (function () {
          const index = window.GALLERY_INDEX;
          const $ = (id) => document.getElementById(id);
          if (!index) { $("results").textContent = "data/index.js is missing: open index.html inside its report folder."; return; }
          const tables = index.tables;
          const chunks = {};
          const waiting = {};
          window.GALLERY_CHUNK = function (number, groups) {
            chunks[number] = groups;
            (waiting[number] || []).forEach((done) => done());
            delete waiting[number];
          };
          // Chunks come as <script> tags: browsers refuse to fetch local files for a page opened from file://.
          function loadChunk(number) {
            return new Promise((resolve, reject) => {
              if (chunks[number]) { resolve(chunks[number]); return; }
              const first = !waiting[number];
              (waiting[number] = waiting[number] || []).push(() => resolve(chunks[number]));
              if (!first) return;
              const tag = document.createElement("script");
              tag.src = "data/chunk-" + number + ".js";
              tag.onerror = () => reject(new Error("can't load " + tag.src));
              document.head.appendChild(tag);
            });
          }
          function element(name, className, text) {
            const node = document.createElement(name);
            if (className) node.className = className;
            if (text !== undefined) node.textContent = text;
            return node;
          }
          // A picture's figure: its lazily loaded image at its own size and its label.
          function figureOf(picture, className) {
            const figure = element("figure", className);
            const image = element("img");
            image.loading = "lazy";
            image.src = picture.src;
            image.width = picture.w;
            image.height = picture.h;
            image.alt = picture.l;
            figure.appendChild(image);
            figure.appendChild(element("figcaption", "", picture.l));
            return figure;
          }
          // kind: -1 any, 0 failures, 1 warnings; set by the per-language chips, which count one kind each.
          const state = { language: -1, category: -1, reason: -1, platform: -1, kind: -1, search: "", page: 0 };
          const filters = [
            ["language", tables.languages, "All languages"], ["category", tables.categories, "Any category"],
            ["reason", tables.reasons, "Any reason"], ["platform", tables.platforms, "All platforms"],
          ];
          const facet = { language: 0, platform: 1, category: 3, reason: 4 };
          function counts(name) {
            const result = new Array(tables[name === "category" ? "categories" : name + "s"].length).fill(0);
            for (const group of index.groups) for (const finding of group.f) {
              const value = finding[facet[name]];
              if (Array.isArray(value)) value.forEach((v) => result[v]++); else result[value]++;
            }
            return result;
          }
          for (const [name, values, all] of filters) {
            const select = $("filter-" + name);
            const tally = counts(name);
            select.appendChild(new Option(all, "-1"));
            values.forEach((value, i) => select.appendChild(new Option((value || "(none)") + " (" + tally[i] + ")", String(i))));
            select.disabled = values.length < 2 && name !== "category" && name !== "reason";
            select.addEventListener("change", () => { state[name] = Number(select.value); if (name === "language") state.kind = -1; state.page = 0; show(); });
          }
          $("filter-search").addEventListener("input", (event) => { state.search = event.target.value.trim().toLowerCase(); state.page = 0; show(); });
          $("filter-reset").addEventListener("click", () => setFilter({ language: -1, category: -1, reason: -1, platform: -1, kind: -1 }, true));
          function setFilter(values, clearSearch) {
            Object.assign(state, values, { page: 0 });
            for (const [name] of filters) $("filter-" + name).value = String(state[name]);
            if (clearSearch) { state.search = ""; $("filter-search").value = ""; }
            show();
          }

          document.title = index.title;
          const errors = index.errors || [];
          if (errors.length) {
            // An input that could not be read fails the run: said first, whatever else the page shows.
            const box = $("errors");
            box.hidden = false;
            box.appendChild(element("h2", "", errors.length + " input" + (errors.length === 1 ? "" : "s") + " could not be read: the audit fails"));
            const list = element("ul");
            errors.forEach((line) => list.appendChild(element("li", "", line)));
            box.appendChild(list);
          }
          index.notes.forEach((note) => $("notes").appendChild(element("div", "", note)));
          const summary = $("summary");
          function tally(title, big) {
            const box = element("div", "tally");
            box.appendChild(element("h3", "", title));
            if (big !== undefined) box.appendChild(element("div", "big", big));
            summary.appendChild(box);
            return box;
          }
          if (errors.length) tally("Input errors", errors.length.toLocaleString("en")).classList.add("failing");
          tally("Findings", index.summary.findings.toLocaleString("en"));
          tally(index.groupNoun + "s", index.summary.groups.toLocaleString("en"));
          tally("Pictures", index.summary.pictures.toLocaleString("en"));
          function chipTally(title, list, name, table, kind) {
            // Goldens have no language or platform: no tally of one empty value.
            if (!list.length || (list.length === 1 && !Object.keys(list[0])[0])) return;
            const chips = element("div", "chips");
            for (const entry of list) {
              const value = Object.keys(entry)[0];
              const chip = element("button", "chip");
              chip.type = "button";
              chip.appendChild(element("span", "", (value || "(none)") + " "));
              chip.appendChild(element("b", "", entry[value].toLocaleString("en")));
              chip.dataset.filter = name;
              chip.dataset.value = String(table.indexOf(value));
              // A chip shows what it counted: a per-language chip the failures or the warnings alone.
              chip.dataset.kind = String(kind === undefined ? -1 : kind);
              chip.addEventListener("click", () => setFilter(kind === undefined ? { [name]: Number(chip.dataset.value) }
                : { [name]: Number(chip.dataset.value), kind: kind }));
              chips.appendChild(chip);
            }
            tally(title).appendChild(chips);
          }
          chipTally("Per reason", index.summary.reasons, "reason", tables.reasons);
          // Failures and warnings apart: an untranslated string doesn't fail.
          chipTally("Failing per language", index.summary.languages, "language", tables.languages, 0);
          chipTally("Warnings per language", index.summary.warningLanguages, "language", tables.languages, 1);
          chipTally("First failing category", index.summary.firstFailingCategories, "category", tables.categories);

          function matches(finding) {
            return (state.language < 0 || finding[0] === state.language)
              && (state.platform < 0 || finding[1] === state.platform)
              && (state.category < 0 || finding[3].includes(state.category))
              && (state.reason < 0 || finding[4].includes(state.reason))
              && (state.kind < 0 || (finding[5] || 0) === state.kind);
          }
          function selection() {
            const result = [];
            let findings = 0;
            index.groups.forEach((group, number) => {
              if (state.search && !(group.t.toLowerCase().includes(state.search) || group.s.toLowerCase().includes(state.search))) return;
              const shown = [];
              group.f.forEach((finding, i) => { if (matches(finding)) shown.push(i); });
              if (shown.length) { result.push([number, shown]); findings += shown.length; }
            });
            return { groups: result, findings };
          }
          let generation = 0;
          async function show() {
            const mine = ++generation;
            for (const chip of document.querySelectorAll(".chip")) chip.classList.toggle("on", state[chip.dataset.filter] === Number(chip.dataset.value)
              && (chip.dataset.kind === "-1" || state.kind === Number(chip.dataset.kind)));
            const { groups, findings } = selection();
            const perPage = \#(groupsPerPage);
            const pages = Math.max(1, Math.ceil(groups.length / perPage));
            state.page = Math.min(state.page, pages - 1);
            const page = groups.slice(state.page * perPage, (state.page + 1) * perPage);
            const needed = [...new Set(page.map(([number]) => Math.floor(number / index.groupsPerChunk)))];
            let loaded;
            try { loaded = await Promise.all(needed.map(loadChunk)); } catch (error) { console.error(error.message); $("status").textContent = error.message; return; }
            if (mine !== generation) return;
            const results = $("results");
            results.replaceChildren();
            results.dataset.groups = String(groups.length);
            results.dataset.findings = String(findings);
            const first = groups.length ? state.page * perPage + 1 : 0;
            $("status").textContent = findings.toLocaleString("en") + " finding" + (findings === 1 ? "" : "s") + " in "
              + groups.length.toLocaleString("en") + " " + index.groupNoun + (groups.length === 1 ? "" : "s")
              + (groups.length ? "; showing " + first + "–" + (first + page.length - 1) : "");
            if (!page.length) results.appendChild(element("div", "empty", index.summary.findings ? "Nothing matches these filters."
              : errors.length ? "No findings in what could be read; the inputs above could not be read." : "Nothing fails: no findings."));
            for (const [number, shown] of page) {
              const details = loaded[needed.indexOf(Math.floor(number / index.groupsPerChunk))][number % index.groupsPerChunk];
              results.appendChild(groupCard(index.groups[number], details, shown));
            }
            pager(pages);
          }
          function groupCard(group, details, shown) {
            const card = element("section", "group");
            card.appendChild(element("h2", "", group.t));
            card.appendChild(element("div", "sub", group.s + " · " + group.f.length + " finding" + (group.f.length === 1 ? "" : "s")
              + (shown.length < group.f.length ? ", " + shown.length + " shown" : "")));
            for (const i of shown) card.appendChild(findingRow(group.f[i], details[i]));
            return card;
          }
          function findingRow(facts, details) {
            const row = element("div", "finding");
            row.dataset.language = tables.languages[facts[0]];
            const left = element("div", "facts");
            if (tables.languages[facts[0]]) left.appendChild(element("span", "lang", tables.languages[facts[0]]));
            if (facts[3].length) {
              const first = facts[2] >= 0 ? facts[2] : facts[3][0];
              const from = element("span", "from", facts[3].length > 1 ? "fails from " : "fails at ");
              from.appendChild(element("b", "", tables.categories[first]));
              from.appendChild(document.createTextNode(facts[3].length > 1 ? " up (" + facts[3].length + " categories)" : ""));
              left.appendChild(from);
            }
            left.appendChild(element("div"));
            for (const reason of facts[4]) left.appendChild(element("span", "reason", tables.reasons[reason]));
            if (tables.platforms[facts[1]]) left.appendChild(element("span", "platform", tables.platforms[facts[1]]));
            if (details.n) left.appendChild(element("span", "node", "node " + details.n));
            if (details.t) {
              // In the string's own language and direction: Han glyphs chosen for it, Arabic
              // and Hebrew right to left (the page itself is English).
              const text = left.appendChild(element("div", "text", details.t));
              if (tables.languages[facts[0]]) text.lang = tables.languages[facts[0]];
              text.dir = "auto";
            }
            if (details.d.length) {
              const list = element("ul", "details");
              details.d.forEach((line) => list.appendChild(element("li", "", line)));
              left.appendChild(list);
            }
            row.appendChild(left);
            // A finding without pictures (an untranslated string) is its facts alone.
            if (!details.p.length) return row;
            if (index.sideBySide) {
              const side = element("div", "side");
              for (const picture of details.p) side.appendChild(figureOf(picture, picture.f ? "failing" : ""));
              row.appendChild(side);
              return row;
            }
            const pictures = element("div", "pictures");
            const large = element("figure", "large");
            const big = element("img");
            large.appendChild(big);
            const thumbs = element("div", "thumbs");
            const first = Math.max(0, details.p.findIndex((picture) => picture.f));
            details.p.forEach((picture, i) => {
              const thumb = figureOf(picture, "thumb" + (picture.f ? " failing" : ""));
              thumb.addEventListener("click", () => select(i));
              thumbs.appendChild(thumb);
            });
            function select(i) {
              const picture = details.p[i];
              big.src = picture.src;
              big.width = picture.w;
              big.height = picture.h;
              big.alt = picture.l;
              thumbs.childNodes.forEach((node, j) => node.classList.toggle("shown", i === j));
            }
            if (details.p.length) select(first);
            pictures.appendChild(large);
            if (details.p.length > 1) pictures.appendChild(thumbs);
            row.appendChild(pictures);
            return row;
          }
          function pager(pages) {
            const nav = $("pager");
            nav.replaceChildren();
            if (pages < 2) return;
            const button = (text, page, disabled) => {
              const node = element("button", "", text);
              node.type = "button";
              node.disabled = disabled;
              node.addEventListener("click", () => { state.page = page; show(); window.scrollTo(0, 0); });
              nav.appendChild(node);
            };
            button("← Previous", state.page - 1, state.page === 0);
            nav.appendChild(element("span", "", "page " + (state.page + 1) + " of " + pages));
            button("Next →", state.page + 1, state.page === pages - 1);
          }
          show();
        })();
        """#
}
