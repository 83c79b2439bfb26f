import { describe, expect, it } from 'vitest'

import { USER_SEARCH_PREFIX_MAX, userSearchTerms, userSearchText } from './user-search'

const THANDI = {
  email: 'Thandi.Mokoena+shop@Example.co.za',
  firstName: 'Thandi',
  lastName: "van der Merwe-O'Neill",
}

describe('the customer search terms Firestore keeps', () => {
  const terms = userSearchTerms(THANDI)

  it('finds the start of the email, of the full name and of every word, in lower case', () => {
    for (const typed of [
      'thandi.mokoena+shop@example.co.za',
      'thandi.mok',
      'mokoena',
      'shop',
      'example.co',
      'thandi van der',
      'merwe',
      'neill',
      'o',
    ]) {
      expect(terms, typed).toContain(userSearchText(typed))
    }
  })

  it('does not find the middle of a word', () => {
    expect(terms).not.toContain('koena')
    expect(terms).not.toContain('andi')
  })

  it('keeps starts up to the limit, and a longer email or name only whole', () => {
    const long = userSearchTerms({
      email: `${'a'.repeat(60)}@example.co.za`,
      firstName: 'Lerato',
      lastName: 'Khumalo',
    })
    expect(long).toContain('a'.repeat(USER_SEARCH_PREFIX_MAX))
    expect(long).not.toContain('a'.repeat(USER_SEARCH_PREFIX_MAX + 1))
    expect(long).toContain(`${'a'.repeat(60)}@example.co.za`)
    expect(Math.max(...long.map((term) => term.length))).toBe(74)
  })

  it('compares a search trimmed, in lower case, with one space between words', () => {
    expect(userSearchText('  Thandi \t  MOKOENA ')).toBe('thandi mokoena')
    expect(userSearchText(undefined)).toBe('')
  })
})
