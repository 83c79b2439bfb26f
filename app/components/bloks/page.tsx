import { bloks, editable } from '~/lib/content/blok-fields'
import type { Blok as BlokData } from '~/lib/content/types'

import { Blok } from './registry'

/** A content page: its body bloks in order. */
export function Page({ blok }: { blok: BlokData }) {
  return (
    <div className="content-page" {...editable(blok)}>
      {bloks(blok.body).map((child) => (
        <Blok key={child._uid} blok={child} />
      ))}
    </div>
  )
}
