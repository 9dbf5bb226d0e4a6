import DVMedia
import DVPlanning

extension PlannedJob {
    /// Where each output's texts and pictures go on each day (`TextPlan`), in the order of `outputs`: only
    /// the fonts and the overlays' pictures are read, no clip.
    package func textPlans(observer: some RenderObserver) -> [(output: Job.Output, texts: TextPlan)] {
        let fonts = FontPool()
        let fallbacks = fallbackFonts(observer: observer)
        return outputs.map { output in
            let planned = forOutput(output)
            return (output, TextPlan(plan: planned.plan, job: planned.job, fonts: fonts, fallbacks: fallbacks))
        }
    }
}
