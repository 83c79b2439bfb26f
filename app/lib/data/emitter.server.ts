import { errorSummary, logger } from '~/lib/log.server'

import type { ProductChange } from './store'

type Listener = (changes: ProductChange[]) => void

/**
 * In-process fan-out of product changes. A listener that throws must not undo or block the write
 * that caused the change (the write has committed), so its error is logged and the rest still run.
 */
export class ProductEmitter {
  private listeners = new Set<Listener>()

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  get size(): number {
    return this.listeners.size
  }

  emit(changes: ProductChange[]): void {
    if (changes.length === 0) return
    for (const listener of [...this.listeners]) {
      try {
        listener(changes)
      } catch (error) {
        logger.error(`A product change listener failed: ${errorSummary(error)}`)
      }
    }
  }

  clear(): void {
    this.listeners.clear()
  }
}
