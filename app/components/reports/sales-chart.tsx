import type { DaySales } from '~/lib/reports/figures'
import { formatRand } from '~/lib/money'
import { formatSastDate } from '~/lib/dates'

const WIDTH = 640
const HEIGHT = 200
const GAP = 2

/**
 * Net sales by day as bars, drawn on the server as SVG (no script, no chart library: a bar per day
 * is a few rectangles), beside a table of the same figures that screen readers and a page without
 * styles read. A day whose refunds outweigh its sales draws below the line.
 */
export function SalesChart({ days, title }: { days: DaySales[]; title: string }) {
  const values = days.map((day) => day.netCents)
  const top = Math.max(0, ...values)
  const bottom = Math.min(0, ...values)
  const span = top - bottom || 1
  const zeroY = (top / span) * HEIGHT
  const barWidth = WIDTH / Math.max(1, days.length)
  return (
    <figure className="report-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}: the table below gives each day's figures`}
        preserveAspectRatio="none"
        className="report-chart__svg"
      >
        <line x1={0} x2={WIDTH} y1={zeroY} y2={zeroY} className="report-chart__axis" />
        {days.map((day, i) => {
          const height = (Math.abs(day.netCents) / span) * HEIGHT
          const y = day.netCents >= 0 ? zeroY - height : zeroY
          return (
            <rect
              key={day.day}
              x={i * barWidth + GAP / 2}
              y={y}
              width={Math.max(1, barWidth - GAP)}
              height={height}
              className={day.netCents < 0 ? 'report-chart__bar--negative' : 'report-chart__bar'}
            >
              <title>{`${formatSastDate(`${day.day}T12:00:00+02:00`)}: ${formatRand(day.netCents)}`}</title>
            </rect>
          )
        })}
      </svg>
      <figcaption>
        {title}, {formatSastDate(`${days[0]?.day ?? ''}T12:00:00+02:00`)} to{' '}
        {formatSastDate(`${days.at(-1)?.day ?? ''}T12:00:00+02:00`)}
      </figcaption>
    </figure>
  )
}
