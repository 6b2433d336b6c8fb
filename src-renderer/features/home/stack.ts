/**
 * Stacking for the takings chart (uPlot draws bars, not stacks): each channel family's bars stand on
 * the ones before it, so the top of a stack is the bucket's total.
 */
import { t } from '../../i18n/i18n'

export interface StackSeries {
  group: string
  values: readonly number[]
}

/** The running totals, first family at the bottom; the last row is the total of each bucket. */
export function stackUp(series: readonly StackSeries[]): number[][] {
  const stacked: number[][] = []
  let below: number[] = series[0] ? series[0].values.map(() => 0) : []
  for (const { values } of series) {
    const top = values.map((value, index) => (below[index] ?? 0) + value)
    stacked.push(top)
    below = top
  }
  return stacked
}

/** Ringgit for an axis, from sen, in the desk's language: "RM 1.2k", "RM 350" ("RM 1.2 ribu"). */
export function axisRinggit(sen: number): string {
  const rm = sen / 100
  if (Math.abs(rm) >= 1_000_000) return t('home.chart.axis.millions', { n: (rm / 1_000_000).toFixed(1) })
  if (Math.abs(rm) >= 1_000) return t('home.chart.axis.thousands', { n: (rm / 1_000).toFixed(1) })
  return t('home.chart.axis.ringgit', { n: String(Math.round(rm)) })
}
