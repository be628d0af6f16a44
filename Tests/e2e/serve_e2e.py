#!/usr/bin/env python3
"""End-to-end tests of `locsim serve` in a real headless browser.

Starts `locsim serve` on a free loopback port, drives the page with Selenium and Debian's
chromium/chromium-driver, and checks what a user sees:

1. seed 000's "Request Always Authorization Directly" story, played by clicks, shows the right
   prompts, texts and buttons (E5, G1, G3, G6), and the rule links land on the rules page;
2. the exported file passes `locsim run` and its timeline equals the page's;
3. a counterexample written by `locsim explore --out` loaded through Open replays to its end, with
   the timeline `locsim run` prints for it;
4. the iOS 12, iOS 13.4 and iOS 18 prompts, drawn by the page (screenshots of the phone are
   written with --screenshots DIR);
5. the layout at 1024, 1400 and 1920 px wide: no horizontal scrolling, the lifecycle controls
   (launch first) above the fold, no control cut off or sticking out of its panel, an error shown
   next to the box it came from, an ignored action saying why, and the state graph drawn in the
   page as SVG (screenshots of the whole window with --screenshots DIR).

Usage: python3 Tests/e2e/serve_e2e.py [--locsim .build/debug/locsim] [--screenshots DIR] [--layout-only]
Exit status 0 when every check holds (or when Chromium or Selenium is not installed: the test is
skipped with a message), 1 otherwise.
"""
import argparse
import glob
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
    SELENIUM = None
except ImportError as error:
    SELENIUM = str(error)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WHEN_IN_USE = "Trails shows your position on the trail map."
ALWAYS = "Trails tells you when you reach a trailhead, even when closed."
failures = []


def check(condition, message):
    print(("ok    " if condition else "FAIL  ") + message)
    if not condition:
        failures.append(message)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(locsim, port):
    server = subprocess.Popen([locsim, "serve", "--port", str(port), "--rules", os.path.join(ROOT, "Docs/Rules.md")],
                              stderr=subprocess.PIPE, text=True)
    for _ in range(200):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/vocabulary", timeout=1).read()
            return server
        except OSError:
            if server.poll() is not None:
                raise SystemExit("locsim serve exited: " + server.stderr.read())
            time.sleep(0.1)
    server.kill()
    raise SystemExit("locsim serve did not answer")


def browser():
    options = Options()
    options.binary_location = CHROMIUM
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1500,1100"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)


class Page:
    def __init__(self, driver, base):
        self.d = driver
        self.base = base

    def el(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css)

    def wait(self, predicate, what, timeout=15):
        try:
            WebDriverWait(self.d, timeout).until(lambda _: predicate())
            return True
        except Exception:
            check(False, "timed out waiting for " + what)
            return False

    def errors(self):
        """The text of every error line on the page (each sits next to what made it)."""
        return self.d.execute_script("return Array.from(document.querySelectorAll('.error:not(.note)')).map((e) => e.textContent).filter((t) => t).join(' ')")

    def steps(self):
        return int(self.d.execute_script("return session ? session.stepCount : -1"))

    def new_session(self, platform):
        self.d.get(self.base + "/")
        self.wait(lambda: self.d.execute_script("return session !== null"), "the first session")
        Select(self.el("#platform")).select_by_value(platform)
        self.el("#new-session").click()
        self.wait(lambda: self.el("#platform-label").text == platform, "a session on " + platform)

    def click_step(self, step):
        before = self.steps()
        self.el(f'[data-step="{step}"]').click()
        self.wait(lambda: self.steps() == before + 1 or self.errors() != "", "step " + step)

    def type_step(self, step):
        before = self.steps()
        box = self.el("#step-text")
        box.clear()
        box.send_keys(step)
        self.el("#do-step").click()
        self.wait(lambda: self.steps() == before + 1 or self.errors() != "", "step " + step)

    def prompt(self):
        if not self.el("#prompt").is_displayed():
            return None
        return {
            "kind": self.el("#prompt").get_attribute("data-kind"),
            "title": self.el("#prompt-title").text,
            "message": self.el("#prompt-message").text,
            "buttons": [b.text for b in self.d.find_elements(By.CSS_SELECTOR, "#prompt-buttons button")],
            "precise": self.el("#prompt-map").is_displayed(),
        }

    def tap(self, word):
        before = self.steps()
        self.el(f'#prompt-buttons button[data-button="{word}"]').click()
        self.wait(lambda: self.steps() == before + 1, "the answer " + word)

    def hidden(self, key):
        for dt in self.d.find_elements(By.CSS_SELECTOR, "#hidden dt"):
            if dt.text == key:
                return dt.find_element(By.XPATH, "following-sibling::dd[1]").text
        return None

    def app(self, key):
        for dt in self.d.find_elements(By.CSS_SELECTOR, "#app-state dt"):
            if dt.text == key:
                return dt.find_element(By.XPATH, "following-sibling::dd[1]").text
        return None

    def timeline(self):
        return [row.get_attribute("data-line") for row in self.d.find_elements(By.CSS_SELECTOR, "#timeline tbody tr")]


def run_lines(locsim, path):
    result = subprocess.run([locsim, "run", path], capture_output=True, text=True)
    return result.returncode, [line for line in result.stdout.splitlines() if line.startswith("+")], result.stdout + result.stderr


def seed000(page, locsim):
    print("== seed 000, Request Always Authorization Directly, by clicks")
    page.new_session("iOS 18.0")
    page.click_step("launch")
    page.click_step("requestAlways")
    p = page.prompt()
    check(p is not None and p["kind"] == "initial", "E5: requestAlways from notDetermined shows the first prompt")
    if p:
        check(p["title"] == "Allow “Trails” to use your location?", "its title names the app: " + p["title"])
        check(p["message"] == WHEN_IN_USE, "E5: its message is the When In Use string: " + p["message"])
        check(p["buttons"] == ["Allow Once", "Allow While Using App", "Don’t Allow"], "E5: no Always button: " + str(p["buttons"]))
        check(p["precise"], "F7: the Precise toggle on iOS 14+")
    page.tap("allowWhileUsing")
    check(page.app("status") == "authorizedAlways (provisional)", "G1: Allow While Using grants provisional Always, read as authorizedAlways, shown as provisional: " + str(page.app("status")))
    check(any(l.endswith("didChangeAuthorization(authorizedAlways, provisional)") for l in page.timeline()), "G1: the timeline marks the callback provisional")
    check(page.hidden("provisional Always") == "true", "G1: the hidden state shows it is provisional")
    check(page.app("Settings") == "whileUsing", "A10: Settings shows While Using")
    page.click_step("monitorRegion: {name: trailhead, latitude: 37.3318, longitude: -122.0312, radius: 200}")
    page.click_step("terminate")
    before = page.steps()
    page.el("#move").click()
    page.wait(lambda: page.steps() == before + 1, "the move")
    p = page.prompt()
    check(p is not None and p["kind"] == "alwaysConfirmation", "G3: the region event while not running raises the second prompt")
    if p:
        check(p["buttons"] == ["Keep Only While Using", "Change to Always Allow"], "F5: its buttons: " + str(p["buttons"]))
        check(p["message"] == ALWAYS, "F5: its message is the Always string: " + p["message"])
    links = [a.get_attribute("href") for a in page.d.find_elements(By.CSS_SELECTOR, "#prompt-rules a")]
    check(any(h.endswith("/rules#g3") for h in links), "the prompt links its rule G3: " + str(links))
    page.type_step("wait: 15s")
    page.tap("changeToAlwaysAllow")
    check(page.app("status") == "authorizedAlways" and page.hidden("provisional Always") == "false", "G6: Always is permanent")
    check(page.app("Settings") == "always", "G6: Settings shows Always")
    lines = page.timeline()
    check(any(l.endswith("didEnterRegion(trailhead)") for l in lines), "G5: the held region event is delivered")
    check(not any("didChangeAuthorization(authorizedWhenInUse)" in l for l in lines), "C6: confirming is silent")
    rules = urllib.request.urlopen(page.base + "/rules").read().decode()
    linked = {a.get_attribute("href").split("#")[1] for a in page.d.find_elements(By.CSS_SELECTOR, "#timeline a.rule")}
    check(linked and all(f'id="{r}"' in rules for r in linked), "every rule the timeline links has its anchor on /rules: " + ", ".join(sorted(linked)))

    print("== export, replayed by locsim run")
    href = page.el("#export").get_attribute("href")
    text = urllib.request.urlopen(href).read().decode()
    with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
        f.write(text)
    status, run_timeline, output = run_lines(locsim, f.name)
    check(status == 0, "the exported file passes locsim run" + ("" if status == 0 else ":\n" + output))
    check(run_timeline == lines, f"its timeline equals the page's ({len(lines)} entries)")
    os.unlink(f.name)


def counterexample(page, locsim):
    print("== a counterexample from locsim explore, through Open")
    out = tempfile.mkdtemp()
    subprocess.run([locsim, "explore", os.path.join(ROOT, "Examples/explore/buggy-tracker.yml"), "--out", out], capture_output=True, text=True)
    files = sorted(glob.glob(os.path.join(out, "**", "*.yml"), recursive=True))
    check(len(files) > 0, f"locsim explore wrote counterexamples ({len(files)})")
    if not files:
        return
    path = files[0]
    page.new_session("iOS 18.0")
    page.el("#open-file").send_keys(path)
    page.wait(lambda: page.el("#pending-count").text not in ("", "0"), "the opened file's steps")
    pending = int(page.el("#pending-count").text)
    check(pending > 0, f"{os.path.basename(path)}: {pending} steps to step through")
    page.el("#next-step").click()
    page.wait(lambda: int(page.el("#pending-count").text) == pending - 1, "one step")
    page.el("#run-all").click()
    page.wait(lambda: page.el("#pending-count").text == "0" or page.errors() != "", "the end of the file", timeout=30)
    check(page.errors() == "", "every step applied and every expect held: " + page.errors())
    status, run_timeline, output = run_lines(locsim, path)
    check(run_timeline == page.timeline(), f"the page's timeline is the one locsim run prints ({len(run_timeline)} entries)")
    exported = urllib.request.urlopen(page.el("#export").get_attribute("href")).read().decode()
    with tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False) as f:
        f.write(exported)
    status, again, output = run_lines(locsim, f.name)
    check(status == 0 and again == run_timeline, "the replayed counterexample exports a file that replays the same")
    os.unlink(f.name)


def prompts(page, shots):
    print("== the prompts of iOS 12, iOS 13.4 and iOS 18")
    cases = [
        ("iOS 12.0", ["launch", "requestAlways"], "initial", ["Only While Using the App", "Always Allow", "Don’t Allow"], False),
        ("iOS 13.4", ["launch", "requestWhenInUse", "choose: allowWhileUsing", "requestAlways"], "alwaysUpgrade",
         ["Keep Only While Using", "Change to Always Allow"], False),
        ("iOS 18.0", ["launch", "requestWhenInUse"], "initial", ["Allow Once", "Allow While Using App", "Don’t Allow"], True),
    ]
    for platform, steps, kind, buttons, precise in cases:
        page.new_session(platform)
        for step in steps:
            if step.startswith("choose: "):
                page.tap(step.split(": ")[1])
            else:
                page.click_step(step)
        p = page.prompt()
        check(p is not None and p["kind"] == kind and p["buttons"] == buttons,
              f"{platform}: the {kind} prompt with {buttons}: {p and p['buttons']}")
        check(p is not None and p["precise"] == precise, f"{platform}: Precise toggle {'shown' if precise else 'absent'}")
        if shots:
            name = "serve-" + platform.replace(" ", "").replace(".0", "").replace(".", "-").lower() + ".png"
            page.d.execute_script("window.scrollTo(0, 0)")   # element screenshots of a scrolled page are offset
            time.sleep(0.3)
            page.el("#phone").screenshot(os.path.join(shots, name))
            print("      wrote", os.path.join(shots, name))


# The widths the page must fit, each with a window height of a common screen of that width.
WIDTHS = [(1024, 768), (1400, 900), (1920, 1080)]

LAYOUT_SCRIPT = """
const width = window.innerWidth, height = window.innerHeight;
const problems = [];
const root = document.documentElement;
if (root.scrollWidth > width) problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in a ${width} px window`);
const launch = document.querySelector('#lifecycle [data-step="launch"]');
const r = launch ? launch.getBoundingClientRect() : null;
const launchVisible = !!r && r.width > 0 && r.top >= 0 && r.bottom <= height && r.left >= 0 && r.right <= width;
const controls = document.querySelectorAll('#setup button, #setup input, #setup select, #setup label, #setup a, #setup legend, #device button, #device input, #device label, #device h3');
let checked = 0;
for (const c of controls) {
  if (!c.offsetParent || c.closest('[hidden]')) continue;
  const box = c.getBoundingClientRect();
  if (box.width === 0) continue;
  checked++;
  const panel = c.closest('.panel').getBoundingClientRect();
  const name = c.id || c.getAttribute('data-step') || c.textContent.trim().slice(0, 40) || c.tagName;
  if (box.left < panel.left - 1 || box.right > panel.right + 1) problems.push(`${name} sticks out of its panel (${Math.round(box.left)}–${Math.round(box.right)} in ${Math.round(panel.left)}–${Math.round(panel.right)})`);
  if (box.right > width + 1 || box.left < -1) problems.push(`${name} is outside the window`);
  if (c.tagName !== 'INPUT' && c.tagName !== 'SELECT' && c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).overflow !== 'visible') problems.push(`${name} is clipped`);
}
return {problems, launchVisible, launchTop: r ? Math.round(r.top) : null, checked};
"""


def layout(driver, base, shots):
    print("== the layout at 1024, 1400 and 1920 px")
    page = Page(driver, base)
    for width, height in WIDTHS:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        page.new_session("iOS 18.0")
        page.click_step("launch")
        page.click_step("requestAlways")
        page.tap("allowWhileUsing")
        driver.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        result = driver.execute_script(LAYOUT_SCRIPT)
        check(result["checked"] > 40, f"{width} px: {result['checked']} controls measured")
        check(not result["problems"], f"{width} px: no horizontal scroll, nothing cut off: " + "; ".join(result["problems"][:6]))
        check(result["launchVisible"], f"{width}x{height}: launch is above the fold (top at {result['launchTop']} px)")
        lifecycle = [b.get_attribute("data-step") for b in driver.find_elements(By.CSS_SELECTOR, "#lifecycle button")]
        check(lifecycle[:1] == ["launch"], f"{width} px: the lifecycle controls start with launch: {lifecycle[:3]}")
        nodes = driver.find_elements(By.CSS_SELECTOR, "#graph svg .node")
        current = driver.find_elements(By.CSS_SELECTOR, "#graph svg .node.current")
        check(len(nodes) > 3 and len(current) == 1, f"{width} px: the state graph is drawn in the page ({len(nodes)} nodes, {len(current)} current)")
        if current:
            check("provisional" in current[0].text or "provisional" in (current[0].get_attribute("textContent") or ""),
                  "the current node is the provisional Always state: " + str(current[0].get_attribute("textContent")))
        if shots:
            path = os.path.join(shots, f"serve-layout-{width}.png")
            driver.save_screenshot(path)
            print("      wrote", path)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    print("== errors next to where they were made, ignored actions say why")
    page.new_session("iOS 18.0")
    page.click_step("launch")
    box = page.el("#step-text")
    box.clear()
    box.send_keys("requestWhenInUs")
    page.el("#do-step").click()
    any_step = page.el("#do-step").find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".error")
    page.wait(lambda: any_step.text != "", "the error of a typo in the Any step box")
    check("did you mean 'requestWhenInUse'" in any_step.text, "the typo's error is under the Any step box: " + any_step.text)
    check(page.el("#error").text == "", "and not in the setup panel")
    page.el('[data-step="enterRegion: trailhead"]').click()
    world = page.el('[data-step="enterRegion: trailhead"]').find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".error")
    page.wait(lambda: world.text != "", "the note of an ignored region event")
    check("monitors no region named trailhead" in world.text, "entering a region the app does not monitor says why, next to the button: " + world.text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--locsim", default=os.path.join(ROOT, ".build/debug/locsim"))
    parser.add_argument("--screenshots", default=None, help="write PNGs of the phone and of the whole page at each width here")
    parser.add_argument("--layout-only", action="store_true", help="check only the layout, errors and graph (part 5)")
    args = parser.parse_args()
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.path.exists(p)]
    if missing or SELENIUM:
        print("skipped: the browser test needs Chromium, chromedriver and Selenium (" +
              ("; ".join(f"{p} is not installed" for p in missing) or SELENIUM) + ")")
        return 0
    locsim = os.path.abspath(args.locsim)
    port = free_port()
    server = start_server(locsim, port)
    driver = None
    try:
        driver = browser()
        page = Page(driver, f"http://127.0.0.1:{port}")
        if not args.layout_only:
            seed000(page, locsim)
            counterexample(page, locsim)
            prompts(page, args.screenshots)
        layout(driver, page.base, args.screenshots)
        # The 400 of the typo sent on purpose (the layout part) is the browser's own network log.
        logs = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"
                and not (e.get("source") == "network" and "status of 400" in e.get("message", ""))] if hasattr(driver, "get_log") else []
        check(not logs, "no errors in the browser's console: " + str(logs[:3]))
    finally:
        if driver:
            driver.quit()
        server.terminate()
        server.wait(timeout=10)
    print(f"{'FAILED' if failures else 'passed'}: {len(failures)} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    # SIGTERM (a test's time limit) ends the run through main's `finally`: the browser, its
    # driver and the server are stopped with it.
    import signal
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    sys.exit(main())
