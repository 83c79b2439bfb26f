import { Form } from '@remix-run/react'

import { ErrorList } from '~/components/forms'
import { Link } from '~/components/link'
import { useIsPending } from '~/components/use-is-pending'
import { PERIOD_PRESETS, PRESET_LABELS, type PeriodPreset } from '~/lib/reports/period'
import type { PeriodValues } from '~/lib/reports/period-fields'

/**
 * A report's period: the presets as links, and a custom range of SAST days as a GET form (so the
 * report's URL is shareable and works without JavaScript). A bad day is named beside its box.
 */
export function PeriodForm({
  action,
  values,
  preset,
  errors = {},
}: {
  action: string
  values: PeriodValues
  preset: PeriodPreset | null
  errors?: Partial<Record<'period' | 'from' | 'to', string>>
}) {
  const pending = useIsPending({ formMethod: 'GET' })
  const field = (name: 'from' | 'to', label: string) => {
    const error = errors[name]
    const errorId = `report-${name}-error`
    return (
      <div className="field">
        <label htmlFor={`report-${name}`}>{label}</label>
        <input
          id={`report-${name}`}
          name={name}
          type="date"
          defaultValue={values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <ErrorList id={errorId} errors={error ? [error] : null} announce={false} />
      </div>
    )
  }
  return (
    <>
      <nav aria-label="Periods">
        <ul className="report-presets">
          {PERIOD_PRESETS.map((name) => (
            <li key={name}>
              <Link
                to={`${action}?period=${name}`}
                aria-current={preset === name ? 'page' : undefined}
              >
                {PRESET_LABELS[name]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorList errors={errors.period ? [errors.period] : null} />
      <Form method="get" action={action} className="admin-filters">
        {field('from', 'First day')}
        {field('to', 'Last day')}
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Loading…' : 'Show period'}
        </button>
      </Form>
    </>
  )
}
