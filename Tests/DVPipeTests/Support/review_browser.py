"""Drives the review page (`dvpipe review JOB -o DIR`) in Debian's headless chromium through chromium-driver
and prints what it saw as one JSON object, for ReviewBrowserTests and bench/review.py to assert on. Runs in
.build-review/venv (scripts/setup-review-browser.sh: Selenium 4.51.0, axe-selenium-python 2.1.6).

    review_browser.py change PAGE_DIR ACTIONS_JSON   clicks the changes ACTIONS_JSON lists (a JSON array of
        {"date", "action": "choose"|"start"|"skip", "file", "steps"}) and prints #changes, the content of
        #download's href, its file name, and the console's errors
    review_browser.py inspect PAGE_DIR              prints each day cell's date and the data-file of its clips
    review_browser.py check PAGE_DIR SHOTS_DIR      prints axe-core's serious and critical violations (with
        every day's other clips closed, and opened), the
        controls shown and those the Tab key reaches, the console's errors, at 1280 and 390 px wide (screenshots in SHOTS_DIR) the day cells outside the viewport
        and the pairs that overlap, and with JavaScript off the day cells and previews that show
    review_browser.py timing PAGE_DIR [RUNS]        prints the first contentful paint, when the first screen's
        pictures had all loaded and the load's end, in ms, each a fresh browser's first look at the page, RUNS
        times (3 unless given)

Uses only the page's stable hooks (docs/review-page.md): data-date, data-file, data-action="choose", "start"
and "skip", #changes and #download.
"""

import base64
import json
import os
import sys
import time
import urllib.parse

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

# The day cells: the outermost elements with a data-date (a clip inside one may carry a date of its own).
CELLS = "[data-date]:not([data-date] [data-date])"


def browser(javascript=True, width=1280, height=900):
    """A headless chromium (as root it needs --no-sandbox) with the console's messages kept."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    return webdriver.Chrome(options=options, service=Service(executable_path="/usr/bin/chromedriver"))


def page_url(folder):
    return "file://" + urllib.parse.quote(os.path.abspath(os.path.join(folder, "index.html")))


def console_errors(driver):
    """The console's messages at level SEVERE (errors, failed loads), as text."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def cell(driver, date):
    for element in driver.find_elements(By.CSS_SELECTOR, CELLS):
        if element.get_attribute("data-date") == date:
            return element
    raise LookupError(f"no day cell with data-date {date}")


def reveal(driver, element):
    """Opens the disclosures around `element` by clicking their summaries, as a user would, and scrolls to it."""
    for details in reversed(element.find_elements(By.XPATH, "ancestor::details")):
        if details.get_attribute("open") is None:
            summary = details.find_element(By.CSS_SELECTOR, ":scope > summary")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
            summary.click()
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)


def act(driver, action):
    """Does one change by clicks and keys: choose a clip (of the day or a nearby day), move the start a number
    of steps with the arrow keys, or press skip."""
    day = cell(driver, action["date"])
    kind = action["action"]
    if kind == "choose":
        clips = [clip for clip in day.find_elements(By.CSS_SELECTOR, "[data-file]")
                 if clip.get_attribute("data-file") == action["file"]]
        if not clips:
            raise LookupError(f"{action['date']} offers no clip {action['file']!r}")
        clip = clips[0]
        buttons = ([clip] if clip.get_attribute("data-action") == "choose"
                   else clip.find_elements(By.CSS_SELECTOR, "[data-action=choose]"))
        if not buttons:
            raise LookupError(f"{action['file']!r} on {action['date']} has no data-action=choose")
        reveal(driver, buttons[0])
        buttons[0].click()
    elif kind == "start":
        slider = day.find_element(By.CSS_SELECTOR, "[data-action=start]")
        reveal(driver, slider)
        slider.click()
        key = Keys.ARROW_RIGHT if action.get("steps", 1) > 0 else Keys.ARROW_LEFT
        slider.send_keys(*([Keys.HOME] + [key] * abs(action.get("steps", 1))))
    elif kind == "skip":
        button = day.find_element(By.CSS_SELECTOR, "[data-action=skip]")
        reveal(driver, button)
        button.click()
    else:
        raise ValueError(f"unknown action {kind!r}")


def change(folder, actions_file):
    with open(actions_file, encoding="utf-8") as handle:
        actions = json.load(handle)
    driver = browser()
    try:
        driver.get(page_url(folder))
        for action in actions:
            act(driver, action)
        changes = driver.find_element(By.ID, "changes").get_attribute("textContent")
        download = driver.find_element(By.ID, "download")
        href = download.get_attribute("href")
        fetched = driver.execute_async_script(
            "var done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then(r => r.text()).then(done, e => done('fetch failed: ' + e));", href)
        return {"changes": changes, "download": fetched, "download_name": download.get_attribute("download"),
                "console_errors": console_errors(driver)}
    finally:
        driver.quit()


def inspect(folder):
    driver = browser()
    try:
        driver.get(page_url(folder))
        days = [{"date": day.get_attribute("data-date"),
                 "files": [clip.get_attribute("data-file") for clip in day.find_elements(By.CSS_SELECTOR, "[data-file]")]}
                for day in driver.find_elements(By.CSS_SELECTOR, CELLS)]
        return {"days": days, "console_errors": console_errors(driver)}
    finally:
        driver.quit()


# Each day cell's rectangle, the viewport's width, and the pairs of cells that overlap by more than half a pixel.
LAYOUT = """
var cells = Array.from(document.querySelectorAll(arguments[0])).filter(c => c.getClientRects().length > 0);
var rects = cells.map(c => c.getBoundingClientRect());
var width = document.documentElement.clientWidth;
var outside = [], overlapping = [];
rects.forEach((r, i) => { if (r.left < -0.5 || r.right > width + 0.5) outside.push(cells[i].dataset.date); });
for (var i = 0; i < rects.length; i++) for (var j = i + 1; j < rects.length; j++) {
  var a = rects[i], b = rects[j];
  if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5)
    overlapping.push([cells[i].dataset.date, cells[j].dataset.date]);
}
return {cells: cells.length, width: width, page_width: document.documentElement.scrollWidth, outside: outside,
        overlapping: overlapping};
"""

# With JavaScript off: the day cells that show, and the previews (pictures loaded, or videos with a poster).
STATIC = """
var shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
var cells = Array.from(document.querySelectorAll(arguments[0]));
var pictures = Array.from(document.querySelectorAll('img')).filter(shown);
var videos = Array.from(document.querySelectorAll('video')).filter(shown);
return {cells: cells.length, cells_shown: cells.filter(shown).length, pictures: pictures.length,
        pictures_loaded: pictures.filter(i => i.complete && i.naturalWidth > 0).length, videos: videos.length,
        videos_with_poster: videos.filter(v => v.getAttribute('poster')).length,
        scripted: document.documentElement.classList.contains('js')};
"""

# Marks every element that takes the focus, as the Tab key moves it.
FOCUS_WATCH = """
window.focused = new Set();
document.addEventListener('focusin', e => window.focused.add(e.target));
"""

# The controls shown (buttons, inputs, summaries, links), and those of them the Tab key reached.
FOCUS_COUNT = """
var controls = Array.from(document.querySelectorAll('button, input, select, summary, a[href]'))
  .filter(e => !e.disabled && e.checkVisibility({checkVisibilityCSS: true}));
var missed = controls.filter(e => !window.focused.has(e));
return {controls: controls.length, reached: controls.length - missed.length,
        missed: missed.slice(0, 5).map(e => e.outerHTML.slice(0, 160))};
"""


def keyboard(driver):
    """Presses Tab through the whole page, once per control shown and a few more, and counts the controls it reached."""
    driver.execute_script(FOCUS_WATCH)
    controls = driver.execute_script("return document.querySelectorAll('button, input, select, summary, a[href]').length")
    chain = ActionChains(driver)
    for _ in range(controls + 5):
        chain.send_keys(Keys.TAB)
    chain.perform()
    return driver.execute_script(FOCUS_COUNT)


def screenshot(driver, path):
    """The whole page, beyond the viewport, as a PNG at `path`."""
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    with open(path, "wb") as handle:
        handle.write(base64.b64decode(shot["data"]))
    return path


def serious(report):
    """axe-core's serious and critical violations: each rule, its impact and help, and the first few elements."""
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"], "targets": [n["target"] for n in v["nodes"]][:5]}
            for v in report["violations"] if v["impact"] in ("serious", "critical")]


def check(folder, shots):
    os.makedirs(shots, exist_ok=True)
    result = {}
    driver = browser()
    try:
        driver.get(page_url(folder))
        axe = Axe(driver)
        axe.inject()
        report = axe.run()
        result["axe"] = serious(report)
        result["axe_rules_passed"] = len(report["passes"])
        result["keyboard"] = keyboard(driver)
        for width, mobile in ((1280, False), (390, True)):
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": 844 if mobile else 900, "deviceScaleFactor": 1, "mobile": mobile})
            layout = driver.execute_script(LAYOUT, CELLS)
            layout["screenshot"] = screenshot(driver, os.path.join(shots, f"review-{width}.png"))
            result[f"layout_{width}"] = layout
            driver.execute_script("document.querySelectorAll(arguments[0] + ' details').forEach(d => d.open = true)", CELLS)
            opened = driver.execute_script(LAYOUT, CELLS)
            opened["screenshot"] = screenshot(driver, os.path.join(shots, f"review-{width}-opened.png"))
            result[f"layout_{width}_opened"] = opened
            if not mobile:
                result["axe_opened"] = serious(axe.run())
            driver.execute_script("document.querySelectorAll(arguments[0] + ' details').forEach(d => d.open = false)", CELLS)
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        result["console_errors"] = console_errors(driver)
    finally:
        driver.quit()
    static = browser(javascript=False)
    try:
        static.get(page_url(folder))
        # The pictures load as they come near the screen (loading="lazy"): scroll the whole page past, then
        # give the last ones up to 5 s.
        height = static.execute_script("return document.documentElement.scrollHeight")
        for top in range(0, height + 600, 600):
            static.execute_script("window.scrollTo(0, arguments[0])", top)
            time.sleep(0.05)
        for _ in range(50):
            seen = static.execute_script(STATIC, CELLS)
            if seen["pictures_loaded"] == seen["pictures"]:
                break
            time.sleep(0.1)
        result["without_javascript"] = seen
        result["without_javascript"]["screenshot"] = screenshot(static, os.path.join(shots, "review-no-javascript.png"))
    finally:
        static.quit()
    return result


# Run before the page's own scripts: notes when every picture of the first screen has loaded, looking every 10 ms.
FIRST_SCREEN = """
(function () {
  function look() {
    var screen = Array.from(document.images).filter(function (i) {
      if (!i.checkVisibility()) return false;
      var r = i.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight && r.right > 0 && r.left < innerWidth;
    });
    if (screen.every(function (i) { return i.complete; })) window.firstScreen = performance.now();
    else setTimeout(look, 10);
  }
  document.addEventListener('DOMContentLoaded', look);
})();
"""


def timing(folder, runs):
    """Each run a fresh browser, so nothing of the page is cached: the first contentful paint, when every picture
    of the first screen had loaded (looked at every 10 ms) and the end of the load event, in ms from the
    navigation's start (the Performance API)."""
    paints, screens, loads = [], [], []
    for _ in range(runs):
        driver = browser()
        try:
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_SCREEN})
            driver.get(page_url(folder))
            figures = driver.execute_async_script("""
                var done = arguments[arguments.length - 1];
                function look() {
                  var nav = performance.getEntriesByType('navigation')[0];
                  var paint = performance.getEntriesByName('first-contentful-paint')[0];
                  if (nav && nav.loadEventEnd > 0 && paint && window.firstScreen !== undefined)
                    done({paint: paint.startTime, screen: window.firstScreen, load: nav.loadEventEnd});
                  else setTimeout(look, 50);
                }
                look();""")
            paints.append(figures["paint"])
            screens.append(figures["screen"])
            loads.append(figures["load"])
        finally:
            driver.quit()
    return {"first_contentful_paint_ms": paints, "first_screen_ms": screens, "load_ms": loads}


def main(arguments):
    command = arguments[0]
    if command == "change":
        result = change(arguments[1], arguments[2])
    elif command == "inspect":
        result = inspect(arguments[1])
    elif command == "check":
        result = check(arguments[1], arguments[2])
    elif command == "timing":
        result = timing(arguments[1], int(arguments[2]) if len(arguments) > 2 else 3)
    else:
        raise SystemExit(f"unknown command {command!r}: change, inspect, check or timing")
    json.dump(result, sys.stdout)
    print()


if __name__ == "__main__":
    main(sys.argv[1:])
