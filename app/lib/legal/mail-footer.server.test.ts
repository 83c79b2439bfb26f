// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'

import { passwordResetMail, type MailContext } from '~/lib/mail/messages.server'

const context: MailContext = { shopName: 'Karoo & Co.', appUrl: 'https://shop.example.co.za' }

describe('every mail’s footer', () => {
  it('links the returns policy, the terms and the privacy policy in both parts', () => {
    const mail = passwordResetMail(
      { to: 'a@example.co.za', link: 'https://shop.example.co.za/auth/reset?t=x', tokenHash: 'f' },
      context,
    )
    const html = new DOMParser().parseFromString(mail.html, 'text/html')
    const hrefs = [...html.querySelectorAll('a')].map((a) => [a.textContent, a.href])
    expect(hrefs).toEqual(
      expect.arrayContaining([
        ['Returns and refunds', 'https://shop.example.co.za/returns'],
        ['Terms', 'https://shop.example.co.za/terms'],
        ['Privacy', 'https://shop.example.co.za/privacy'],
      ]),
    )
    expect(mail.text).toContain('Returns and refunds: https://shop.example.co.za/returns')
    expect(mail.text).toContain('Terms: https://shop.example.co.za/terms')
    expect(mail.text).toContain('Privacy: https://shop.example.co.za/privacy')
  })
})
