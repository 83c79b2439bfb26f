import { describe, expect, it } from 'vitest'

import { createUnsentMail } from './mail.server'

const resetMail = {
  to: 'thandi@example.co.za',
  subject: 'Reset your Karoo & Co. password',
  text: 'Choose a new password: https://shop.example/auth?intent=reset&token=secret-token',
  html: '<a href="https://shop.example/auth?intent=reset&amp;token=secret-token">Choose</a>',
  key: 'password-reset:abc',
}

describe('the mail port before the outbox', () => {
  it('notes who a message was for and its subject, never its body', async () => {
    const notes: string[] = []
    await createUnsentMail({ note: (line) => notes.push(line) }).send(resetMail)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toContain('thandi@example.co.za')
    expect(notes[0]).toContain('Reset your Karoo & Co. password')
    expect(notes[0]).not.toContain('secret-token')
  })
})
