import { Form, useSubmit } from '@remix-run/react'
import { useState } from 'react'

import type { ReviewSort } from '~/lib/data/store'
import { REVIEW_SORTS } from '~/lib/reviews/review-query'

/**
 * The reviews' sort: a GET form back to the product page (a new sort starts at its first page),
 * keeping the picked variant. Without JS the button sends it; with JS a change sends it at once
 * and the page keeps its scroll position. The button stays for keyboard and screen reader users.
 */
export function ReviewSortForm({
  productPath,
  variant,
  sort,
}: {
  productPath: string
  variant: string | null
  sort: ReviewSort
}) {
  const submit = useSubmit()
  // Controlled, and not re-keyed, so the select keeps focus through the navigation it starts and
  // follows the URL when it changes otherwise (a pagination link, Back).
  const [value, setValue] = useState(sort)
  const [sortShown, setSortShown] = useState(sort)
  if (sortShown !== sort) {
    setSortShown(sort)
    setValue(sort)
  }
  return (
    <Form
      method="get"
      action={productPath}
      className="review-sort"
      preventScrollReset
      aria-label="Sort reviews"
    >
      {variant ? <input type="hidden" name="variant" value={variant} /> : null}
      <label htmlFor="review-sort">Sort reviews by</label>
      <select
        id="review-sort"
        name="reviewSort"
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value as ReviewSort)
          submit(event.currentTarget.form, { preventScrollReset: true })
        }}
      >
        {REVIEW_SORTS.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        Sort
      </button>
    </Form>
  )
}
