import { getInputProps } from '@conform-to/react'

import { ErrorList, Field, type FieldMeta } from '~/components/forms'

/**
 * Checkout's legal step: the buyer's optional VAT number (for a full tax invoice) and the required
 * "I accept the terms and the returns policy" box, linking both pages (opened in a new tab, so the
 * form keeps what was typed).
 */
export function CheckoutTerms({
  acceptTerms,
  vatNumber,
}: {
  acceptTerms: FieldMeta
  vatNumber: FieldMeta
}) {
  const { key, ...box } = getInputProps(acceptTerms, { type: 'checkbox' })
  return (
    <>
      <Field
        meta={vatNumber}
        label="VAT number (optional)"
        inputMode="numeric"
        autoComplete="off"
        hint="For a full tax invoice in your business’s name: 10 digits starting with 4."
      />
      <div
        className={`field field--checkbox checkout-terms${acceptTerms.errors?.length ? ' field--invalid' : ''}`}
      >
        <label>
          <input key={key} {...box} />
          <span>
            I accept the{' '}
            <a href="/terms" target="_blank" rel="noopener">
              terms
            </a>{' '}
            and the{' '}
            <a href="/returns" target="_blank" rel="noopener">
              returns policy
            </a>
          </span>
        </label>
        <ErrorList id={acceptTerms.errorId} errors={acceptTerms.errors} announce={false} />
      </div>
    </>
  )
}
