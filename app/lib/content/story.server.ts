import { z } from 'zod'

import type { Blok, Story } from './types'

const blokSchema: z.ZodType<Blok> = z
  .object({ _uid: z.string().min(1), component: z.string().min(1) })
  .passthrough()

/** The story envelope both adapters accept; unknown fields are dropped, blok fields kept as sent. */
export const storySchema = z.object({
  uuid: z.string().min(1),
  name: z.string(),
  slug: z.string(),
  full_slug: z.string(),
  published_at: z.string().nullable().default(null),
  first_published_at: z.string().nullable().default(null),
  content: blokSchema,
})

/** Parses one story; a malformed story is an error in the content, so it says which one. */
export function parseStory(raw: unknown, where: string): Story {
  const result = storySchema.safeParse(raw)
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Malformed story in ${where}: ${issues}`)
  }
  return result.data
}

/** Storyblok's `sort_by` (`field:dir`, where field is a story field or `content.<field>`). */
export function compareBy(sortBy: string | undefined): ((a: Story, b: Story) => number) | null {
  if (!sortBy) return null
  const [path = '', direction = 'asc'] = sortBy.split(':')
  const sign = direction === 'desc' ? -1 : 1
  const read = (story: Story): unknown => {
    if (path.startsWith('content.')) return story.content[path.slice('content.'.length)]
    return (story as unknown as Record<string, unknown>)[path]
  }
  return (a, b) => {
    const x = read(a)
    const y = read(b)
    // Blank values sort last whichever the direction, as Storyblok lists them.
    const xBlank = x === undefined || x === null || x === ''
    const yBlank = y === undefined || y === null || y === ''
    if (xBlank || yBlank) return xBlank === yBlank ? 0 : xBlank ? 1 : -1
    if (typeof x === 'number' && typeof y === 'number') return sign * (x - y)
    return sign * String(x).localeCompare(String(y))
  }
}
