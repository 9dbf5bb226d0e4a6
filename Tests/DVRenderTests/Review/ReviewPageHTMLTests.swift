import DVPlanning
import DVRender
import DVTestBasics
import Foundation
import Testing

/// The review page's HTML: one cell per day of the timeframe, candidates with their hooks, and every name,
/// reason and caption escaped so that none closes a tag or an attribute.
@Suite struct ReviewPageHTMLTests {
    private func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    static let hostileNames = [
        "say \"cheese\" & <b>bold</b>.mov", "two\nlines\tand 'quotes'.mp4", "عيد ميلاد سعيد.mov", "家族の日.mp4", "back\\slash.mov"
    ]

    /// A page over `dates` whose first day shows the hostile names as its chosen clip and candidates.
    private func page(_ dates: [String]) -> ReviewPage {
        let days = dates.enumerated().map { index, text in
            let date = day(text)
            var planned = PlannedDay(date: date, status: .chosen, reason: "video 1 of 5 · Ana <\"Lulu\">")
            guard index == 0 else { return ReviewPage.Day(date: date, status: .noMedia, reason: "no media", others: [], nearby: []) }
            planned.caption = "<script>alert('x')</script>"
            let clips = Self.hostileNames.map { name in
                ReviewClip(chosen: .example(file: name, path: "/lib/" + name, sourceDate: date), day: planned)
            }
            var unreadable = clips[2]
            unreadable.media.unreadable = "Invalid data found when <processing> input"
            var withMovie = clips[3]
            withMovie.media = ReviewMedia(poster: "media/p.jpg", movie: "media/m.mp4", strip: "media/s.jpg")
            return ReviewPage.Day(
                date: date, status: .chosen, reason: planned.reason, caption: planned.caption, chosen: clips[0], others: [clips[1], unreadable],
                nearby: [withMovie, clips[4]])
        }
        return ReviewPage(jobName: "Holiday \"2024\"", jobFile: "jobs/dec.yaml", days: days)
    }

    @Test func everyDayOfTheTimeframeHasOneCellAndBlankDaysStayBlank() {
        let dates = (1...31).map { String(format: "2024-12-%02d", $0) } + ["2025-01-01", "2025-01-02"]
        let html = page(dates).html()
        for date in dates {
            #expect(html.components(separatedBy: "data-date=\"\(date)\"").count == 2, "\(date)")
        }
        #expect(html.components(separatedBy: "<section class=\"month\"").count == 3)
        // December 2024 starts on a Sunday: six blank cells before the 1st; January 2025 on a Wednesday: two.
        #expect(html.components(separatedBy: "<li class=\"blank\"").count == 1 + 6 + 2)
        // The rest of January is outside the timeframe: shown, but with no data-date.
        #expect(html.components(separatedBy: "<li class=\"outside\"").count == 1 + 29)
        #expect(html.contains("<html lang=\"en\">"))
    }

    @Test func candidatesCarryTheirFileAChooseButtonAndTheirPreview() {
        let html = page(["2024-12-01"]).html()
        #expect(html.components(separatedBy: "data-action=\"choose\"").count == 1 + 4)
        #expect(html.components(separatedBy: "data-action=\"skip\"").count == 2)
        #expect(html.components(separatedBy: "data-action=\"start\"").count == 2)
        #expect(html.contains("id=\"changes\"") && html.contains("id=\"download\" download=\"changes.yaml\""))
        #expect(html.contains("<img src=\"media/p.jpg\" alt=\"A frame of 家族の日.mp4\" width=\"320\" height=\"180\" loading=\"lazy\">"))
        #expect(html.contains("<a class=\"play\" href=\"media/m.mp4\">Play<span class=\"visually-hidden\"> the preview of 家族の日.mp4</span></a>"))
        #expect(html.contains("data-strip=\"media/s.jpg\""))
        #expect(html.contains("is unreadable: Invalid data found when &lt;processing&gt; input"))
    }

    @Test func namesReasonsAndCaptionsAreEscaped() {
        let html = page(["2024-12-01"]).html()
        #expect(!html.contains("<b>") && !html.contains("<script>alert") && !html.contains("<\"Lulu\">"))
        #expect(html.contains("data-file=\"two&#10;lines&#9;and &#39;quotes&#39;.mp4\""))
        #expect(html.contains("data-chosen=\"say &quot;cheese&quot; &amp; &lt;b&gt;bold&lt;/b&gt;.mov\""))
        #expect(html.contains("data-file=\"عيد ميلاد سعيد.mov\"") && html.contains("<bdi>عيد ميلاد سعيد.mov</bdi>"))
        #expect(html.contains("data-file=\"家族の日.mp4\"") && html.contains("data-file=\"back\\slash.mov\""))
        #expect(html.contains("data-job=\"Holiday &quot;2024&quot;\""))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        // Each name decodes back to itself.
        for name in Self.hostileNames {
            #expect(Self.unescaped(HTMLText.escaped(name)) == name)
        }
    }

    /// `text` with the references `HTMLText` writes turned back into characters.
    static func unescaped(_ text: String) -> String {
        var result = text
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#10;", "\n"), ("&#9;", "\t")] {
            result = result.replacingOccurrences(of: reference, with: character)
        }
        return result.replacingOccurrences(of: "&amp;", with: "&")
    }
}
