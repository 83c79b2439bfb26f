// @vitest-environment jsdom
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import { ReviewForm } from './review-form'

const mine = {
  rating: 4 as const,
  title: 'Good tea',
  body: 'Smooth, a little sweet.',
  hidden: false,
  writtenAt: '2026-11-24T08:30:00.000Z',
}

describe('ReviewForm for a customer who reviewed the product', () => {
  it('shows their review, when they wrote it, and the form filled in to edit it, even without JS', () => {
    renderRouteWithoutJs(<ReviewForm mine={mine} />, { url: '/shop/rooibos' })
    const form = screen.getByRole('form', { name: 'Edit your review' })
    expect(within(form).getByText(/^You reviewed this on/)).toHaveTextContent(
      'You reviewed this on 24 November 2026. Change it below and post it again to update it.',
    )
    expect(form).toHaveFormValues({
      intent: 'review',
      rating: '4',
      title: 'Good tea',
      body: 'Smooth, a little sweet.',
    })
    expect(within(form).getByRole('button', { name: 'Update review' })).toBeInTheDocument()
  })

  it('says so when staff hid it', () => {
    renderRoute(<ReviewForm mine={{ ...mine, hidden: true }} />, { url: '/shop/rooibos' })
    expect(screen.getByText(/^You reviewed this on/)).toHaveTextContent(
      'You reviewed this on 24 November 2026 (staff have hidden it from the shop).',
    )
  })

  it('is the empty "Write a review" form for a customer who has not', () => {
    renderRoute(<ReviewForm mine={null} />, { url: '/shop/rooibos' })
    const form = screen.getByRole('form', { name: 'Write a review' })
    expect(form).toHaveFormValues({ title: '', body: '' })
    expect(screen.queryByText(/You reviewed this/)).toBeNull()
    expect(within(form).getByRole('button', { name: 'Post review' })).toBeInTheDocument()
  })
})
