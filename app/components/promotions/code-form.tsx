import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { useFetcher } from '@remix-run/react'
import { useHydrated } from 'remix-utils/use-hydrated'

import { FetcherForm, resultMessages } from '~/components/fetcher-form'
import { ErrorList, Field, VALIDATE_ON } from '~/components/forms'
import type { PromotionActionData } from '~/lib/promotions/cart-promotions.server'
import { applyDiscountSchema, applyGiftCardSchema } from '~/lib/promotions/fields'

const KINDS = {
  discount: {
    schema: applyDiscountSchema,
    name: 'code',
    apply: 'apply-discount',
    remove: 'remove-discount',
    label: 'Discount code',
    hint: undefined,
    button: 'Apply code',
  },
  'gift-card': {
    schema: applyGiftCardSchema,
    name: 'giftCardCode',
    apply: 'apply-gift-card',
    remove: 'remove-gift-card',
    label: 'Gift card code',
    hint: 'The 16 characters on your card or in its email, e.g. ABCD-EFGH-JKMN-PQRS.',
    button: 'Use gift card',
  },
} as const

const constraints = {
  discount: getZodConstraint(applyDiscountSchema),
  'gift-card': getZodConstraint(applyGiftCardSchema),
}

/**
 * A discount code's or a gift card's form on the cart and checkout: a labelled field and its
 * button, and, once one is applied, what it is and a Remove button. Real forms posting to the page
 * (`intent=apply-discount` with `code`, `intent=apply-gift-card` with `giftCardCode`, and the
 * remove intents); with JavaScript a fetcher posts them, the page's totals follow, and the result
 * is said in the form's status region. A refused code shows its reason on the field.
 */
export function CodeForm({
  kind,
  action,
  applied,
  actionData,
}: {
  kind: keyof typeof KINDS
  action: '/cart' | '/checkout'
  /** What is applied now ("Code SAVE10", "Gift card ••••-PQRS"), or null. */
  applied: string | null
  /** The page's answer to a post without JavaScript (only a promotion form's is passed). */
  actionData?: PromotionActionData | null
}) {
  const config = KINDS[kind]
  const hydrated = useHydrated()
  const applyFetcher = useFetcher<PromotionActionData>({ key: `${kind}-apply` })
  const removeFetcher = useFetcher<PromotionActionData>({ key: `${kind}-remove` })
  const plain = actionData?.intent === config.apply ? actionData.result : undefined
  const [form, fields] = useForm({
    id: `${kind}-code-form`,
    lastResult: applyFetcher.state === 'idle' ? (applyFetcher.data?.result ?? plain) : undefined,
    constraint: constraints[kind],
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: config.schema }),
  })
  const field = fields[config.name as 'code']
  const busy = applyFetcher.state !== 'idle' || removeFetcher.state !== 'idle'
  const done =
    applyFetcher.state === 'idle' && removeFetcher.state === 'idle'
      ? (removeFetcher.data?.done ?? applyFetcher.data?.done)
      : undefined
  const removeErrors =
    removeFetcher.state === 'idle'
      ? resultMessages(
          removeFetcher.data?.result ??
            (actionData?.intent === config.remove ? actionData.result : undefined),
        )
      : []

  return (
    <div className="code-form">
      {applied ? (
        <FetcherForm fetcher={removeFetcher} action={action} className="code-form__applied">
          <input type="hidden" name="intent" value={config.remove} />
          {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
          <span>{applied} applied</span>
          <button
            type="submit"
            className="button button--link"
            aria-label={`Remove ${applied}`}
            disabled={busy}
          >
            Remove
          </button>
          <ErrorList errors={removeErrors} />
        </FetcherForm>
      ) : null}
      <FetcherForm
        fetcher={applyFetcher}
        action={action}
        formProps={getFormProps(form)}
        noValidate
        className="code-form__apply"
      >
        <input type="hidden" name="intent" value={config.apply} />
        {hydrated ? <input type="hidden" name="fetcher" value="1" /> : null}
        <Field
          meta={field}
          label={config.label}
          hint={config.hint}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
        />
        <button type="submit" className="button button--secondary" disabled={busy}>
          {config.button}
        </button>
      </FetcherForm>
      <p className="visually-hidden" role="status">
        {done}
      </p>
    </div>
  )
}
