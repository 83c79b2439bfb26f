import { getInputProps } from '@conform-to/react'

import { ErrorList, type FieldMeta } from '~/components/forms'

/** The words of the box on sign-up, checkout and /account (docs/contracts.md "Customers and privacy"). */
export const MARKETING_OPT_IN_LABEL = 'Send me news and offers'

/**
 * The `marketingOptIn` box: unticked unless the form's default says otherwise (only /account, where
 * it shows the consent given). Consent is asked for, never assumed (POPIA s69).
 */
export function MarketingOptIn({ meta, hint }: { meta: FieldMeta; hint?: string }) {
  const { key, ...box } = getInputProps(meta, { type: 'checkbox' })
  const hintId = `${meta.id}-hint`
  return (
    <div className={`field field--checkbox${meta.errors?.length ? ' field--invalid' : ''}`}>
      <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', fontWeight: 400 }}>
        <input
          key={key}
          {...box}
          style={{ width: 'auto' }}
          aria-describedby={
            [box['aria-describedby'], hint ? hintId : null].filter(Boolean).join(' ') || undefined
          }
        />
        <span>{MARKETING_OPT_IN_LABEL}</span>
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} announce={false} />
    </div>
  )
}
