import { describe, expect, test } from 'vitest'

import { errorSummary } from './log.server'

describe('errorSummary', () => {
  test('names the error and its causes on one line, without a stack trace', () => {
    const error = new TypeError('story home is unavailable', {
      cause: new Error('Storyblok answered 500'),
    })
    const line = errorSummary(error)
    expect(line).toBe(
      'TypeError: story home is unavailable <- caused by Error: Storyblok answered 500',
    )
    expect(line).not.toContain('\n')
    expect(line).not.toContain('log.server.test')
  })

  test('says something useful for values that are not errors', () => {
    expect(errorSummary('disk full')).toBe('disk full')
    expect(errorSummary(undefined)).toBe('unknown error')
  })

  test('stops on a cause that points back at itself', () => {
    const error = new Error('loop')
    ;(error as { cause?: unknown }).cause = error
    expect(errorSummary(error).split('<- caused by')).toHaveLength(5)
  })
})
