#!/usr/bin/env python3
"""Opens a review report (render-cli audit --report / report-goldens) in headless Chromium and
checks it as a reviewer would use it: the page loads with no console errors or failed loads,
groups and pictures show, each filter changes what is shown (read back through the DOM), a
thumbnail click swaps the large picture, the pager pages. Saves a screenshot.

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: NUL-separated
JSON on file descriptors 3 and 4), so it needs nothing but Python's standard library.

usage: gallery-browser-check.py REPORT_DIR SCREENSHOT.png [--chromium PATH] [--strict]

--strict (CI): a step the page gives nothing to try with (a filter with one choice, no finding
with two thumbnails, one page only) fails instead of being left out.
"""
import base64, json, os, subprocess, sys, tempfile, time


class Browser:
    def __init__(self, chromium, width=1400, height=1000):
        self.profile = tempfile.TemporaryDirectory(prefix="gallery-chromium-")
        to_child, self.commands = os.pipe()
        self.replies, from_child = os.pipe()
        # Chromium reads commands on its fd 3 and writes replies and events on its fd 4. The
        # pipes are made non-inheritable, so close_fds=False passes only these two.
        def wire():
            # Copied high first: a pipe end may already be fd 3 or 4, and dup2 onto itself
            # would leave it close-on-exec.
            os.dup2(to_child, 100)
            os.dup2(from_child, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)
        self.process = subprocess.Popen(
            [chromium, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--hide-scrollbars",
             "--remote-debugging-pipe", f"--window-size={width},{height}", f"--user-data-dir={self.profile.name}",
             "about:blank"],
            preexec_fn=wire, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child)
        os.close(from_child)
        self.next_id = 0
        self.buffer = b""
        self.events = []
        self.session = None

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except Exception:
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.profile.cleanup()

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise TimeoutError("Chromium didn't answer in time")
            chunk = os.read(self.replies, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=True, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def pump(self, seconds):
        """Collects events for a while (console messages, load events)."""
        deadline = time.time() + seconds
        os.set_blocking(self.replies, False)
        try:
            while time.time() < deadline:
                try:
                    chunk = os.read(self.replies, 1 << 20)
                    if chunk:
                        self.buffer += chunk
                except BlockingIOError:
                    time.sleep(0.05)
                while b"\0" in self.buffer:
                    message, self.buffer = self.buffer.split(b"\0", 1)
                    self.events.append(json.loads(message))
        finally:
            os.set_blocking(self.replies, True)

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression, what, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.evaluate(expression):
                return
            self.pump(0.1)
        raise AssertionError(f"timed out waiting for {what}")


# Families of Debian's CJK fonts: fonts-vlgothic, fonts-noto-cjk, fonts-ipafont, fonts-takao,
# fonts-droid-fallback.
CJK_FAMILIES = ("VL Gothic", "VL PGothic", "Noto Sans CJK", "Noto Serif CJK", "IPAGothic", "IPAPGothic", "IPAexGothic",
                "TakaoGothic", "TakaoPGothic", "Droid Sans Fallback")


def errors_in(events):
    found = []
    for event in events:
        method, params = event.get("method"), event.get("params", {})
        if method == "Runtime.exceptionThrown":
            found.append("exception: " + json.dumps(params.get("exceptionDetails", {}))[:400])
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            found.append("console.error: " + json.dumps(params.get("args", []))[:400])
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            entry = params["entry"]
            found.append(f"log: {entry.get('text')} {entry.get('url', '')}")
    return found


def main():
    args = sys.argv[1:]
    chromium = "chromium"
    strict = "--strict" in args
    if strict:
        args.remove("--strict")
    if "--chromium" in args:
        at = args.index("--chromium")
        chromium = args[at + 1]
        del args[at:at + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    report, screenshot = os.path.abspath(args[0]), os.path.abspath(args[1])
    if not os.path.isfile(os.path.join(report, "index.html")):
        sys.exit(f"gallery-browser-check: {report}/index.html doesn't exist")

    browser = Browser(chromium)
    checks = []

    def check(condition, message):
        checks.append(message)
        if not condition:
            raise AssertionError(message)

    def tried(step, done):
        """A step with nothing to try: left out, or under --strict a failure."""
        if strict and not done:
            check(False, f"{step}: the page gives nothing to try it with")

    try:
        target = next(t for t in browser.send("Target.getTargets", session=False)["targetInfos"] if t["type"] == "page")
        browser.session = browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True},
                                       session=False)["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            browser.send(domain + ".enable")
        browser.send("Page.navigate", {"url": "file://" + os.path.join(report, "index.html")})
        browser.wait_for("document.readyState === 'complete' && document.querySelectorAll('.group').length > 0", "the first groups")
        browser.pump(0.5)

        state = lambda: browser.evaluate("""(() => {
            const results = document.getElementById('results');
            return { groups: Number(results.dataset.groups), findings: Number(results.dataset.findings),
                     shownGroups: document.querySelectorAll('.group').length,
                     languages: [...new Set([...document.querySelectorAll('.finding')].map(f => f.dataset.language))],
                     reasons: [...document.querySelectorAll('.finding')].map(f => [...f.querySelectorAll('.reason')].map(r => r.textContent)),
                     titles: [...document.querySelectorAll('.group h2')].map(h => h.textContent),
                     status: document.getElementById('status').textContent };
        })()""")
        start = state()
        check(start["findings"] > 0 and start["shownGroups"] > 0, f"the page shows groups: {start['status']}")
        summary = browser.evaluate("document.getElementById('summary').textContent")
        check("Findings" in summary and "Per reason" in summary, "the summary has totals per reason (and per language when there are languages)")
        broken = browser.evaluate("""[...document.querySelectorAll('.large img')].filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src)""")
        browser.wait_for("[...document.querySelectorAll('.large img')].every(i => i.complete && i.naturalWidth > 0)", "the large pictures to load")
        check(True, f"every large picture loads ({len(broken)} were still loading at first)")

        unmarked = browser.evaluate("""[...document.querySelectorAll('.finding')].filter(f => {
            const text = f.querySelector('.text');
            return text && (text.dir !== 'auto' || (f.dataset.language && text.lang !== f.dataset.language));
        }).length""")
        check(unmarked == 0, f"each finding's text carries its language and dir=auto ({unmarked} without)")

        def choose(filter_id, option):
            return browser.evaluate(f"""(() => {{
                const select = document.getElementById('{filter_id}');
                if (select.disabled || select.options.length <= {option}) return null;
                select.value = select.options[{option}].value;
                select.dispatchEvent(new Event('change'));
                return select.options[{option}].text;
            }})()""")

        def choose_value(filter_id, value):
            """Chooses the option whose value is `value`, if the filter has it; its text or None."""
            return browser.evaluate(f"""(() => {{
                const select = document.getElementById('{filter_id}');
                const option = [...select.options].find(o => o.value === '{value}');
                if (select.disabled || !option) return null;
                select.value = option.value;
                select.dispatchEvent(new Event('change'));
                return option.text;
            }})()""")

        def settle():
            browser.pump(0.3)
            browser.wait_for("document.querySelectorAll('.group').length > 0 || document.querySelector('.empty')", "results after filtering")

        chosen = choose("filter-language", 1)
        if chosen:
            settle()
            language = chosen.split(" (")[0]
            after = state()
            check(after["languages"] == [language], f"language filter {language}: only {language} shown (got {after['languages']})")
            check(after["findings"] < start["findings"] or len(browser.evaluate("[...document.getElementById('filter-language').options].map(o => o.value)")) == 2,
                  f"language filter {language}: {after['findings']} of {start['findings']} findings")
            expected = int(chosen.split("(")[-1].rstrip(")"))
            check(after["findings"] == expected, f"language filter {language}: the count in the menu ({expected}) is what is shown ({after['findings']})")
        tried("language filter", chosen)
        choose("filter-language", 0)
        settle()
        chosen = choose("filter-reason", 2) or choose("filter-reason", 1)
        if chosen:
            settle()
            reason = chosen.split(" (")[0]
            after = state()
            check(all(reason in reasons for reasons in after["reasons"]) and after["reasons"],
                  f"reason filter {reason}: every finding shown has it ({after['findings']} findings)")
        tried("reason filter", chosen)
        browser.evaluate("document.getElementById('filter-reset').click()")
        settle()
        check(state()["findings"] == start["findings"], "Show all brings every finding back")
        chosen = choose("filter-category", 1)
        if chosen:
            settle()
            after = state()
            check(0 < after["findings"] <= start["findings"], f"category filter {chosen}: {after['findings']} findings")
            browser.evaluate("document.getElementById('filter-reset').click()")
            settle()
        tried("category filter", chosen)

        swapped = browser.evaluate("""(() => {
            const finding = [...document.querySelectorAll('.finding')].find(f => f.querySelectorAll('.thumb').length > 1);
            if (!finding) return null;
            const big = finding.querySelector('.large img');
            const before = big.getAttribute('src');
            const other = [...finding.querySelectorAll('.thumb')].find(t => !t.classList.contains('shown'));
            other.click();
            return [before, big.getAttribute('src')];
        })()""")
        if swapped:
            check(swapped[0] != swapped[1], "a thumbnail click shows that picture large")
        tried("thumbnail click", swapped)

        paged = browser.evaluate("document.querySelectorAll('#pager button').length") == 2
        tried("pager", paged)
        if paged:
            first_titles = state()["titles"]
            browser.evaluate("document.querySelectorAll('#pager button')[1].click()")
            settle()
            check(state()["titles"] != first_titles, "the next page shows other groups")
            browser.evaluate("document.querySelectorAll('#pager button')[0].click()")
            settle()

        # The findings' text is drawn by the browser, so a Japanese string shows as boxes without
        # a CJK font (gallery-browser-test.sh installs fonts-vlgothic). Chromium reports the
        # platform fonts it drew a node's text with: one of them must be a CJK face.
        japanese = choose_value("filter-language", "ja")
        if japanese:
            settle()
            marked = browser.evaluate("""(() => {
                const text = [...document.querySelectorAll('.finding[data-language="ja"] .text')]
                    .find(t => /[\\u3040-\\u30ff\\u4e00-\\u9fff]/.test(t.textContent));
                if (!text) return null;
                text.id = 'gallery-check-japanese';
                return text.textContent.slice(0, 40);
            })()""")
            tried("Japanese text", marked)
            if marked:
                for domain in ("DOM", "CSS"):
                    browser.send(domain + ".enable")
                root = browser.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
                node = browser.send("DOM.querySelector", {"nodeId": root, "selector": "#gallery-check-japanese"})["nodeId"]
                fonts = browser.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
                drawn = ", ".join(f"{font['familyName']} ({font['glyphCount']} glyphs)" for font in fonts) or "no font"
                cjk = [font for font in fonts if any(name in font["familyName"] for name in CJK_FAMILIES)]
                check(bool(cjk), f"Japanese text ({marked}) is drawn with a CJK font: {drawn}")
            choose("filter-language", 0)
            settle()
        tried("Japanese text", japanese)

        browser.evaluate("window.scrollTo(0, 0)")
        browser.pump(0.5)
        shot = browser.send("Page.captureScreenshot", {"format": "png"})
        with open(screenshot, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        browser.pump(0.3)
        errors = errors_in(browser.events)
        check(not errors, "no console errors or failed loads" + ("".join("\n  " + e for e in errors) if errors else ""))
    except AssertionError as failure:
        print(f"gallery-browser-check: FAILED: {failure}", file=sys.stderr)
        for passed in checks[:-1]:
            print(f"  ok: {passed}", file=sys.stderr)
        sys.exit(1)
    finally:
        browser.close()
    for passed in checks:
        print(f"ok: {passed}")
    print(f"screenshot: {screenshot}")


if __name__ == "__main__":
    main()
