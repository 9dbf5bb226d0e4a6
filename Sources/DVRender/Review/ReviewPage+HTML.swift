import DVPlanning
import Foundation

extension ReviewPage {
    /// The page's `index.html`: a heading per month, a cell per day of the timeframe (`data-date`), each
    /// clip with its preview and a `data-file`, the controls (hidden by `review.css` until `review.js` runs),
    /// `#changes` and `#download`. Every name, reason and caption is escaped (`HTMLText`).
    package func html() -> String {
        let title = HTMLText.escaped("Review: \(jobName)")
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <link rel="stylesheet" href="review.css">
            <script src="review.js" defer></script>
            </head>
            <body data-job="\(HTMLText.escaped(jobName))" data-job-file="\(HTMLText.escaped(jobFile))">
            <header><h1>\(title)</h1>
            <p>Each day shows the clip the plan chose and why, and the clips it could show instead. Choose another clip, \
            move its start or skip a day; the changes appear below, to download and apply with \
            <code>dvpipe apply \(HTMLText.escaped(jobFile)) changes.yaml</code>.</p></header>
            <main>

            """
        let byDate = Dictionary(days.map { ($0.date, $0) }) { first, _ in first }
        for month in months {
            let id = "month-\(month.year)-\(month.month)"
            html += "<section class=\"month\" aria-labelledby=\"\(id)\"><h2 id=\"\(id)\">\(month.title)</h2>\n"
            html += "<div class=\"weekdays\" aria-hidden=\"true\">"
            html += MonthGrid.weekdayNames.map { "<span>\($0)</span>" }.joined() + "</div>\n<ol class=\"grid\">\n"
            html += String(repeating: "<li class=\"blank\" aria-hidden=\"true\"></li>\n", count: month.leadingBlanks)
            for date in month.days {
                if let day = byDate[date] {
                    html += cell(day)
                } else {
                    html += "<li class=\"outside\" aria-hidden=\"true\"><span class=\"number\">\(date.day)</span></li>\n"
                }
            }
            html += "</ol></section>\n"
        }
        html += """
            </main>
            <section class="changes js-only" aria-labelledby="changes-title">
            <h2 id="changes-title">Changes</h2>
            <pre id="changes" aria-live="polite"></pre>
            <p><a id="download" download="changes.yaml" href="#">Download changes.yaml</a></p>
            </section>
            </body>
            </html>

            """
        return html
    }

    /// One day's cell: its heading, the chosen clip (or why there is none), the day's controls, and its
    /// other candidates and nearby clips in a disclosure.
    private func cell(_ day: Day) -> String {
        let date = day.date.description
        let name = "\(MonthGrid.weekdayNames[day.date.weekday - 1]) \(day.date.day) \(MonthGrid.monthNames[day.date.month - 1])"
        var html = "<li class=\"day \(day.status.rawValue)\" data-date=\"\(date)\" data-status=\"\(day.status.rawValue)\""
        if let chosen = day.chosen {
            html += " data-chosen=\"\(HTMLText.escaped(chosen.file))\" data-start=\"\(chosen.start.seconds)\""
        }
        html += ">\n<h3><time datetime=\"\(date)\">\(name)</time></h3>\n"
        if let caption = day.caption {
            html += "<p class=\"caption\" dir=\"auto\">\(HTMLText.escaped(caption))</p>\n"
        }
        if let chosen = day.chosen {
            html += clip(chosen, on: day, role: "chosen")
        } else {
            html += "<p class=\"why\">\(HTMLText.escaped(day.reason))</p>\n"
        }
        html += "<div class=\"controls js-only\">"
        html += "<button type=\"button\" data-action=\"skip\" aria-pressed=\"\(day.status == .skipped)\">"
        html += day.status == .skipped ? "Skipped" : "Skip"
        html += "<span class=\"visually-hidden\"> \(date)</span></button>"
        if day.clips.contains(where: \.kind.isMovie) {
            let movie = day.chosen.flatMap { $0.kind.isMovie ? $0 : nil }
            html += "<div class=\"start\"><label for=\"start-\(date)\">Start of the clip on \(date), seconds</label>"
            // The strip of the clip's frames lies behind the slider alone, so the label and value stay readable.
            let strip = movie?.media.strip.map { " src=\"\(HTMLText.escaped($0))\"" } ?? " hidden"
            html += "<div class=\"track\"><img class=\"strip\" alt=\"\" loading=\"lazy\"\(strip)>"
            html += "<input type=\"range\" id=\"start-\(date)\" data-action=\"start\" min=\"0\" step=\"0.1\" "
            html +=
                "max=\"\(movie?.maximumStart.seconds ?? 0)\" value=\"\(movie?.start.seconds ?? 0)\"\(movie.map { $0.maximumStart == .zero } ?? true ? " disabled" : "")></div>"
            html += "<output for=\"start-\(date)\">\(movie?.start.seconds ?? 0) s</output></div>"
        }
        html += "</div>\n"
        let more = day.others.count + day.nearby.count
        if more > 0 {
            html += "<details><summary>\(more) other clip\(more == 1 ? "" : "s")<span class=\"visually-hidden\"> for \(date)</span></summary>\n"
            if !day.others.isEmpty {
                html += "<h4>Other clips of the day, best first</h4>\n<ul class=\"candidates\">\n"
                html += day.others.map { "<li>" + clip($0, on: day, role: "candidate") + "</li>\n" }.joined()
                html += "</ul>\n"
            }
            if !day.nearby.isEmpty {
                html += "<h4>Clips of nearby days</h4>\n<ul class=\"candidates nearby\">\n"
                html += day.nearby.map { "<li>" + clip($0, on: day, role: "nearby") + "</li>\n" }.joined()
                html += "</ul>\n"
            }
            html += "</details>\n"
        }
        return html + "</li>\n"
    }

    /// One clip: its preview (a video with its poster, a poster, or a note that it is unreadable), its file
    /// name and why it stands there; a candidate also carries `data-file` and its choose button.
    private func clip(_ clip: ReviewClip, on day: Day, role: String) -> String {
        let file = HTMLText.escaped(clip.file)
        var html = "<div class=\"clip \(role)\""
        if role != "chosen" {
            html += " data-file=\"\(file)\" data-source-date=\"\(clip.sourceDate)\""
        }
        html += " data-start=\"\(clip.start.seconds)\" data-max-start=\"\(clip.maximumStart.seconds)\" data-kind=\"\(clip.kind.rawValue)\""
        html += (clip.media.strip.map { " data-strip=\"\(HTMLText.escaped($0))\"" } ?? "") + ">\n"
        if let reason = clip.media.unreadable {
            html += "<p class=\"unreadable\"><bdi>\(file)</bdi> is unreadable: \(HTMLText.escaped(reason))</p>\n"
        } else if let poster = clip.media.poster {
            // A picture the browser loads only near the screen (a year of posters at once would hold up the
            // first one), and a link to the movie: without JavaScript it opens the movie, with it the movie
            // plays in the poster's place.
            html +=
                "<img src=\"\(HTMLText.escaped(poster))\" alt=\"A frame of \(file)\" width=\"\(clip.media.width)\" height=\"\(clip.media.height)\" loading=\"lazy\">\n"
            if let movie = clip.media.movie {
                html +=
                    "<a class=\"play\" href=\"\(HTMLText.escaped(movie))\">Play<span class=\"visually-hidden\"> the preview of \(file)</span></a>\n"
            }
        }
        html += "<p class=\"file\" dir=\"auto\">\(file)</p>\n<p class=\"why\">\(HTMLText.escaped(Self.why(clip)))</p>\n"
        if role != "chosen" {
            html += "<button type=\"button\" data-action=\"choose\">Choose<span class=\"visually-hidden\"> \(file) for \(day.date)</span></button>\n"
        }
        return html + "</div>"
    }

    /// Why a clip stands where it does, in one line: reason, kind, pin, score, rating, favourite, people.
    static func why(_ clip: ReviewClip) -> String {
        var parts = [clip.reason]
        if !clip.reason.contains(clip.kind.label) { parts.append(clip.kind.label) }
        if clip.isPinned, !clip.reason.hasPrefix("pinned") { parts.append("pinned") }
        if let score = clip.score { parts.append("score \(String(format: "%.2f", score))") }
        if let rating = clip.rating, !clip.reason.contains("★") { parts.append(rating < 0 ? "rejected" : "★\(rating)") }
        if clip.isFavourite { parts.append("favourite") }
        if !clip.people.isEmpty, !clip.reason.contains(" · ") { parts.append(clip.people.joined(separator: ", ")) }
        parts.append("from \(clip.sourceDate)")
        return parts.joined(separator: " · ")
    }
}
