/// The review page's style sheet and script, written beside `index.html` as `review.css` and `review.js`:
/// kept in the binary, so an installed dvpipe writes them without a bundle.
enum ReviewAssets {
    /// `review.css`: months of seven columns (two at phone widths, blank cells dropped), visible focus, text
    /// of at least 4.5:1 contrast; the controls hidden until the script marks `<html class="js">`.
    static let css = """
        :root { color-scheme: light; --ink: #1b1b1b; --muted: #4a4a4a; --accent: #0b57a4; --line: #b8b8b8;
          --paper: #ffffff; --shade: #f1f1f1; --changed: #8a4500; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1440px; padding: 1rem; font: 15px/1.4 system-ui, sans-serif; color: var(--ink);
          background: var(--paper); }
        h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
        h2 { font-size: 1.25rem; margin: 1.5rem 0 .5rem; }
        h3 { font-size: .9rem; margin: 0 0 4px; }
        h4 { font-size: .85rem; margin: .5rem 0 4px; }
        p { margin: 2px 0; }
        .js-only { display: none; }
        html.js .js-only { display: block; }
        html.js .controls.js-only { display: flex; }
        .grid, .weekdays { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: 6px; list-style: none; padding: 0;
          margin: 0; }
        .weekdays { margin-bottom: 4px; font-weight: bold; color: var(--muted); }
        .day, .outside { min-width: 0; border: 1px solid var(--line); border-radius: 4px; padding: 4px; }
        .outside { background: var(--shade); color: var(--muted); }
        .day.skipped { background: var(--shade); }
        .day.skipped img, .day.skipped video { filter: grayscale(1); }
        .day.changed { border: 3px solid var(--changed); }
        .day:has(details[open]) { grid-column: 1 / -1; }
        .day:has(details[open]) > .clip.chosen, .day:has(details[open]) > .controls { max-width: 320px; }
        img, video { display: block; width: 100%; height: auto; object-fit: contain; background: #000; }
        .file { overflow-wrap: anywhere; font-size: .8rem; }
        .why, .caption { color: var(--muted); font-size: .8rem; overflow-wrap: anywhere; }
        .unreadable { color: #a10000; font-size: .8rem; overflow-wrap: anywhere; }
        .clip.selected { outline: 3px solid var(--changed); outline-offset: 1px; }
        .candidates { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
          gap: 8px; }
        .controls { flex-wrap: wrap; gap: 4px; align-items: center; margin: 4px 0; }
        .start { flex: 1 1 100%; font-size: .75rem; }
        .start label { display: block; }
        .track { position: relative; min-height: 32px; display: flex; align-items: center; }
        .track img.strip { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: fill; }
        .track input { position: relative; }
        .play { display: inline-block; margin-top: 2px; font-size: .8rem; }
        input[type=range] { width: 100%; margin: 0; }
        button, summary { font: inherit; font-size: .85rem; cursor: pointer; }
        button { padding: 2px 8px; border: 1px solid var(--accent); background: var(--paper); color: var(--accent); border-radius: 3px; }
        button[aria-pressed="true"] { background: var(--accent); color: var(--paper); }
        summary { color: var(--accent); }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        #changes { background: var(--shade); padding: .5rem; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        @media (max-width: 720px) {
          .grid { grid-template-columns: repeat(2, minmax(0, 1fr)); }
          .weekdays, .blank, .outside { display: none; }
          .day:has(details[open]) { grid-column: 1 / -1; }
        }

        """

    /// `review.js`: keeps each day's choice (another clip, a start, a skip), marks changed cells, and writes
    /// the changes file (docs/review-page.md) into `#changes` and `#download`.
    static let javascript = #"""
        "use strict";
        document.documentElement.classList.add("js");
        document.addEventListener("DOMContentLoaded", function () {
          var body = document.body;
          var days = {};
          function quoted(text) {
            var out = "\"";
            for (var i = 0; i < text.length; i++) {
              var c = text.charCodeAt(i), ch = text.charAt(i);
              if (ch === "\\") out += "\\\\";
              else if (ch === "\"") out += "\\\"";
              else if (ch === "\n") out += "\\n";
              else if (ch === "\t") out += "\\t";
              else if (ch === "\r") out += "\\r";
              else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) out += "\\x" + (c < 16 ? "0" : "") + c.toString(16);
              else if (c === 0x2028 || c === 0x2029 || c === 0xfeff) out += "\\u" + c.toString(16);
              else out += ch;
            }
            return out + "\"";
          }
          function scalar(text) {
            var plain = /^[A-Za-z][A-Za-z0-9 _.()-]*$/.test(text) && !/ $/.test(text) &&
              !/^(true|false|null|yes|no|on|off|y|n)$/i.test(text);
            return plain ? text : quoted(text);
          }
          function seconds(value) { return String(Math.round(value * 1000) / 1000) + "s"; }
          function render() {
            var jobFile = (body.dataset.jobFile || "").replace(/[\r\n]+/g, " ");
            var text = "# dvpipe review: changes to " + jobFile + ", apply with: dvpipe apply " + jobFile + " changes.yaml\n";
            text += "job: " + scalar(body.dataset.job || "") + "\n";
            var lines = "";
            Object.keys(days).sort().forEach(function (date) {
              var day = days[date], entry = "";
              if (day.skipped !== day.wasSkipped && day.skipped) {
                entry = "    skip: true\n";
              } else {
                var moved = day.start !== day.defaultStart;
                if (day.file !== null && (day.file !== day.original || moved)) {
                  entry += moved ? "    pin: {file: " + quoted(day.file) + ", start: " + seconds(day.start) + "}\n"
                    : "    pin: " + quoted(day.file) + "\n";
                }
                if (day.skipped !== day.wasSkipped) entry += "    skip: false\n";
              }
              day.cell.classList.toggle("changed", entry !== "");
              if (entry !== "") lines += "  " + date + ":\n" + entry;
            });
            text += lines === "" ? "days: {}\n" : "days:\n" + lines;
            document.getElementById("changes").textContent = text;
            document.getElementById("download").href = "data:text/yaml;charset=utf-8," + encodeURIComponent(text);
          }
          function setSlider(day, clip) {
            var slider = day.cell.querySelector("[data-action=start]");
            if (!slider) return;
            var movie = clip && clip.dataset.kind !== "photo";
            slider.disabled = !movie || parseFloat(clip.dataset.maxStart) === 0;
            slider.max = movie ? clip.dataset.maxStart : "0";
            slider.value = movie ? clip.dataset.start : "0";
            var strip = slider.parentNode.querySelector("img.strip");
            strip.hidden = !(clip && clip.dataset.strip);
            if (!strip.hidden) strip.src = clip.dataset.strip;
            slider.closest(".start").querySelector("output").textContent = slider.value + " s";
          }
          body.addEventListener("click", function (event) {
            var link = event.target.closest("a.play");
            if (!link) return;
            event.preventDefault();
            var picture = link.parentNode.querySelector("img");
            var video = document.createElement("video");
            video.src = link.getAttribute("href");
            video.poster = picture.getAttribute("src");
            video.width = picture.width;
            video.height = picture.height;
            video.controls = video.autoplay = video.muted = video.playsInline = true;
            video.setAttribute("aria-label", picture.alt.replace(/^A frame of /, "Preview of "));
            picture.replaceWith(video);
            link.remove();
            video.focus();
          });
          document.querySelectorAll("li.day[data-date]").forEach(function (cell) {
            var start = cell.dataset.start === undefined ? null : parseFloat(cell.dataset.start);
            var day = {
              cell: cell, original: cell.dataset.chosen === undefined ? null : cell.dataset.chosen,
              wasSkipped: cell.dataset.status === "skipped", start: start, defaultStart: start
            };
            day.file = day.original;
            day.skipped = day.wasSkipped;
            days[cell.dataset.date] = day;
            cell.addEventListener("click", function (event) {
              var button = event.target.closest("button[data-action]");
              if (!button) return;
              if (button.dataset.action === "skip") {
                day.skipped = !day.skipped;
                button.setAttribute("aria-pressed", String(day.skipped));
                button.firstChild.textContent = day.skipped ? "Skipped" : "Skip";
              } else if (button.dataset.action === "choose") {
                var clip = button.closest("[data-file]");
                cell.querySelectorAll(".clip.selected").forEach(function (other) { other.classList.remove("selected"); });
                cell.querySelectorAll("button[data-action=choose]").forEach(function (other) { other.setAttribute("aria-pressed", "false"); });
                clip.classList.add("selected");
                button.setAttribute("aria-pressed", "true");
                day.file = clip.dataset.file;
                day.start = day.defaultStart = parseFloat(clip.dataset.start);
                day.skipped = false;
                var skip = cell.querySelector("button[data-action=skip]");
                skip.setAttribute("aria-pressed", "false");
                skip.firstChild.textContent = "Skip";
                setSlider(day, clip);
              }
              render();
            });
            var slider = cell.querySelector("[data-action=start]");
            if (slider) {
              slider.addEventListener("input", function () {
                day.start = parseFloat(slider.value);
                slider.closest(".start").querySelector("output").textContent = slider.value + " s";
                render();
              });
            }
          });
          render();
        });

        """#
}
