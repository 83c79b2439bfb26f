import type { Blok as BlokData } from '~/lib/content/types'

// Replaced by the blok registry in the next commit.
export function Blok({ blok }: { blok: BlokData }) {
  return <div data-blok={blok.component} />
}
