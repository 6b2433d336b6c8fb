import 'uplot/dist/uPlot.min.css'
import './TakingsChart.css'
import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import type { PeriodFigures } from '../../../src-preload/contract'
import { useFormats, useT } from '../../i18n/i18n'
import type { Formats } from '../../i18n/formats'
import { axisRinggit, stackUp } from './stack'
import { useUPlot } from './use-uplot'

/** The colour of each channel family, from tokens.css (canvas needs the value, not the variable). */
function groupColour(element: Element, group: string): string {
  return getComputedStyle(element).getPropertyValue(`--channel-${group}`).trim() || '#888'
}

/**
 * Takings by hour (today) or by day (week, month), stacked by channel family, drawn by uPlot on a
 * canvas (its styles are a stylesheet, its inline sizes set through the DOM: nothing the CSP refuses).
 * The same numbers are in the table under it, for screen readers and for print. Its words and
 * amounts are in the desk's language; the hours and days are Malaysia's (main buckets them so).
 * `onDrawn` is told each time the canvas has been drawn.
 */
export function TakingsChart({ chart, label, onDrawn }: { chart: PeriodFigures['chart']; label: string; onDrawn?: () => void }) {
  const t = useT()
  const formats = useFormats()
  const holder = useRef<HTMLDivElement>(null)
  // Loaded on demand (./use-uplot.ts): the canvas is drawn once it arrived.
  const uPlot = useUPlot()

  useEffect(() => {
    const element = holder.current
    if (!element || !uPlot) return
    const series = chart.series.map((s) => ({ group: s.group, values: s.paidSen }))
    const stacked = stackUp(series)
    const x = chart.labels.map((_, index) => index)
    // Drawn top stack first, so that each lower family's bars cover the part below it.
    const order = series.map((_, index) => index).reverse()
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], gap: 1 })
    const options: uPlot.Options = {
      width: Math.max(280, element.clientWidth),
      height: 220,
      legend: { show: false },
      cursor: { show: true, points: { show: false }, drag: { x: false, y: false } },
      scales: { x: { time: false, range: [-0.5, Math.max(0.5, x.length - 0.5)] }, y: { range: (_u, _min, max) => [0, Math.max(100_00, max * 1.1)] } },
      axes: [
        {
          stroke: getComputedStyle(element).color,
          grid: { show: false },
          values: (_u, splits) => splits.map((split) => (Number.isInteger(split) ? shortLabel(chart.labels[split] ?? '') : '')),
        },
        { stroke: getComputedStyle(element).color, size: 96, values: (_u, splits) => splits.map(axisRinggit) },
      ],
      series: [
        {},
        ...order.map((index) => {
          const group = series[index]?.group ?? 'other'
          const colour = groupColour(element, group)
          return { label: t(`home.chart.group.${group}`), stroke: colour, fill: colour, width: 0, ...(bars ? { paths: bars } : {}), points: { show: false } }
        }),
      ],
    }
    const data: uPlot.AlignedData = [x, ...order.map((index) => stacked[index] ?? [])]
    const plot = new uPlot(options, data, element)
    onDrawn?.()
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, element.clientWidth), height: 220 }))
    resize.observe(element)
    return () => {
      resize.disconnect()
      plot.destroy()
    }
    // Drawn again on a language switch (the axis and the series speak it), and once uPlot arrived.
  }, [chart, t, uPlot, onDrawn])

  const totals = chart.labels.map((_, index) => chart.series.reduce((total, s) => total + (s.paidSen[index] ?? 0), 0))
  return (
    <figure className="takings-chart" aria-label={label}>
      <div className="takings-chart__plot" ref={holder} data-testid="takings-chart" aria-hidden="true" />
      <figcaption className="takings-chart__legend">
        {chart.series.map((s) => (
          <span key={s.group} className={`takings-chart__key takings-chart__key--${s.group}`}>
            {t(`home.chart.group.${s.group}`)} {formats.money(s.paidSen.reduce((a, b) => a + b, 0))}
          </span>
        ))}
      </figcaption>
      <details className="takings-chart__table">
        <summary>{t('home.chart.table')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{chart.labels.length === 24 ? t('home.chart.hour') : t('home.chart.day')}</th>
              {chart.series.map((s) => (
                <th key={s.group} scope="col">
                  {t(`home.chart.group.${s.group}`)}
                </th>
              ))}
              <th scope="col">{t('home.chart.all')}</th>
            </tr>
          </thead>
          <tbody>
            {chart.labels.map((bucket, index) =>
              totals[index] ? (
                <tr key={bucket}>
                  <th scope="row">{bucketText(bucket, formats)}</th>
                  {chart.series.map((s) => (
                    <td key={s.group}>{formats.money(s.paidSen[index] ?? 0)}</td>
                  ))}
                  <td>{formats.money(totals[index] ?? 0)}</td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

/** A bucket in the table: "09:00" stays; a Malaysia day "2026-11-23" is written as a date ("23 Nov 2026"). */
function bucketText(bucket: string, formats: Formats): string {
  return DAY.test(bucket) ? formats.date(`${bucket}T00:00:00+08:00`) : bucket
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** On the axis: "09:00" becomes "09"; "2026-11-23" becomes "23". */
function shortLabel(label: string): string {
  return DAY.test(label) ? String(Number(label.slice(8))) : label.slice(0, 2)
}
