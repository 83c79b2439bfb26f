import type { User } from './types'

/**
 * The longest start of a name or email word a Firestore customer search matches by; a longer
 * query finds only a whole email or a whole name (typed in full).
 */
export const USER_SEARCH_PREFIX_MAX = 40

/** The back office's customer search as the stores compare it: trimmed, one space, lower case. */
export function userSearchText(q: string | undefined): string {
  return (q ?? '').trim().replace(/\s+/g, ' ').toLowerCase()
}

function prefixes(word: string): string[] {
  const out: string[] = []
  for (let n = 1; n <= Math.min(word.length, USER_SEARCH_PREFIX_MAX); n++)
    out.push(word.slice(0, n))
  return out
}

/**
 * What a customer is found by where the store cannot search inside text (Firestore: one
 * `array-contains` on these): every start of the email, of its domain, of the full name and of
 * each word of either, up to USER_SEARCH_PREFIX_MAX characters, and the whole email and whole name.
 */
export function userSearchTerms(user: Pick<User, 'email' | 'firstName' | 'lastName'>): string[] {
  const email = userSearchText(user.email)
  const name = userSearchText(`${user.firstName} ${user.lastName}`)
  const domain = email.includes('@') ? email.slice(email.lastIndexOf('@') + 1) : ''
  const words = [domain, ...email.split(/[._+\-@]+/), ...name.split(/[\s'._-]+/)].filter(Boolean)
  const terms = new Set<string>([email, name])
  for (const text of [email, name, ...words]) for (const prefix of prefixes(text)) terms.add(prefix)
  terms.delete('')
  return [...terms]
}
