import { useEffect, useState } from 'react'
import type uPlot from 'uplot'

let loaded: typeof uPlot | null = null

/**
 * uPlot (about 20 kB gzipped), loaded on demand (issue 23: the first screen's JavaScript): null until
 * it arrived, then the class, at once for every chart drawn afterwards. The chart's legend and table
 * show meanwhile; only the canvas waits.
 */
export function useUPlot(): typeof uPlot | null {
  // An initializer that returns the class: handed as the value, React would call the class itself (a
  // second Home, once uPlot has arrived, would then throw).
  const [plotClass, setPlotClass] = useState<typeof uPlot | null>(() => loaded)
  useEffect(() => {
    if (plotClass) return
    let gone = false
    void import('uplot').then((module) => {
      loaded = module.default
      // A class is a function: handed as the value, not as an updater.
      if (!gone) setPlotClass(() => module.default)
    })
    return () => {
      gone = true
    }
  }, [plotClass])
  return plotClass
}
