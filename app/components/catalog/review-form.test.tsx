// @vitest-environment jsdom
import { parseWithZod } from '@conform-to/zod'
import { redirect } from '@remix-run/node'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'

import { renderRoute, renderRouteWithoutJs } from '../../../test/render-route'

import { reviewFormSchema } from '~/lib/reviews/schema'

import { ReviewForm } from './review-form'

const form = () => screen.getByRole('form', { name: 'Write a review' })

describe('ReviewForm', () => {
  it('posts intent=review with a rating of 1 to 5 stars, a title and the review, even without JS', () => {
    renderRouteWithoutJs(<ReviewForm />, { url: '/shop/rooibos' })
    expect(form()).toHaveAttribute('method', 'post')
    const rating = within(form()).getByRole('group', { name: 'Your rating' })
    expect(
      within(rating)
        .getAllByRole('radio')
        .map((radio) => (radio as HTMLInputElement).value),
    ).toEqual(['1', '2', '3', '4', '5'])
    expect(within(rating).getByRole('radio', { name: '1 star' })).toBeRequired()
    expect(within(form()).getByRole('textbox', { name: 'Title (optional)' })).toHaveAttribute(
      'maxlength',
      '100',
    )
    expect(within(form()).getByRole('textbox', { name: 'Your review' })).toBeRequired()
    expect(form()).toHaveFormValues({ intent: 'review' })
  })

  it('posts to the server, which names a missing rating and review beside them', async () => {
    let posted = 0
    renderRoute(ReviewForm, {
      url: '/shop/rooibos',
      action: async ({ request }) => {
        posted += 1
        const submission = parseWithZod(await request.formData(), { schema: reviewFormSchema })
        return Response.json({ result: submission.reply() }, { status: 400 })
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Post review' }))
    expect(await screen.findByText('Write your review')).toBeInTheDocument()
    expect(within(form()).getByRole('radio', { name: '5 stars' })).toHaveAccessibleDescription(
      'Choose a rating from 1 to 5 stars',
    )
    expect(
      within(form()).getByRole('textbox', { name: 'Your review' }),
    ).toHaveAccessibleDescription('Write your review')
    expect(posted).toBe(1)
  })

  it('shows the server’s answer beside the field and keeps what was written', async () => {
    renderRoute(ReviewForm, {
      url: '/shop/rooibos',
      action: async ({ request }) => {
        const submission = parseWithZod(await request.formData(), { schema: reviewFormSchema })
        return Response.json(
          { result: submission.reply({ fieldErrors: { body: ['Keep it civil, please'] } }) },
          { status: 400 },
        )
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: '4 stars' }))
    await user.type(within(form()).getByRole('textbox', { name: 'Title (optional)' }), 'Lovely')
    await user.type(within(form()).getByRole('textbox', { name: 'Your review' }), 'Smooth tea.')
    await user.click(screen.getByRole('button', { name: 'Post review' }))

    const body = within(form()).getByRole('textbox', { name: 'Your review' })
    expect(await screen.findByText('Keep it civil, please')).toBeInTheDocument()
    expect(body).toHaveAttribute('aria-invalid', 'true')
    expect(body).toHaveAccessibleDescription('Keep it civil, please')
    expect(body).toHaveValue('Smooth tea.')
    expect(within(form()).getByRole('radio', { name: '4 stars' })).toBeChecked()
    expect(within(form()).getByRole('textbox', { name: 'Title (optional)' })).toHaveValue('Lovely')
  })

  it('empties itself once the review is posted (the action redirects back to the product)', async () => {
    renderRoute(ReviewForm, {
      url: '/shop/rooibos',
      action: () => redirect('/shop/rooibos'),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('radio', { name: '5 stars' }))
    await user.type(within(form()).getByRole('textbox', { name: 'Title (optional)' }), 'Lovely')
    await user.type(within(form()).getByRole('textbox', { name: 'Your review' }), 'Smooth tea.')
    await user.click(screen.getByRole('button', { name: 'Post review' }))

    await waitFor(() =>
      expect(within(form()).getByRole('textbox', { name: 'Your review' })).toHaveValue(''),
    )
    expect(within(form()).getByRole('textbox', { name: 'Title (optional)' })).toHaveValue('')
    expect(within(form()).getByRole('radio', { name: '5 stars' })).not.toBeChecked()
  })
})
