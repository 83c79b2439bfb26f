import { describe, expect, it } from 'vitest'

import { solidPng } from '../../../test/solid-png'

import sharp from 'sharp'

import {
  atMost,
  ImageRejectedError,
  MAX_IMAGE_PIXELS,
  oneAtATime,
  planDrawing,
  prepareImage,
  renderDrawing,
  type TaskQueue,
} from './prepare.server'

/** A one-at-a-time queue that counts the tasks handed to it. */
function countingQueue() {
  const inner = oneAtATime()
  const counted: { tasks: number; queue: TaskQueue } = {
    tasks: 0,
    queue: (task) => {
      counted.tasks += 1
      return inner(task)
    },
  }
  return counted
}

describe('prepareImage pixel limit', () => {
  it('refuses a 16000 x 16000 PNG of a few KB by its size, without decoding it', async () => {
    const bomb = solidPng(16_000, 16_000)
    expect(bomb.length).toBeLessThan(1024 * 1024)
    const counted = countingQueue()
    const refusal = prepareImage(bomb, counted.queue)
    await expect(refusal).rejects.toThrow(ImageRejectedError)
    await expect(refusal).rejects.toThrow(
      'This photo is 16000 x 16000 pixels; photos up to 50 megapixels are accepted. Save it smaller (for example 2000 px wide) and upload it again.',
    )
    expect(counted.tasks).toBe(0)
  })

  it('takes a photo of up to 50 megapixels and refuses one pixel row more', async () => {
    // 7071 x 7071 is 49 999 041 pixels; 7071 x 7072 is 50 006 112.
    expect(7071 * 7071).toBeLessThanOrEqual(MAX_IMAGE_PIXELS)
    expect(7071 * 7072).toBeGreaterThan(MAX_IMAGE_PIXELS)
    await expect(prepareImage(solidPng(7071, 7072))).rejects.toThrow(
      'This photo is 7071 x 7072 pixels; photos up to 50 megapixels are accepted.',
    )
    const largest = await prepareImage(solidPng(7071, 7071))
    expect(largest).toMatchObject({ width: 7071, height: 7071 })
    expect(largest.renditions.map((r) => [r.width, r.height])).toEqual([
      [320, 320],
      [640, 640],
      [1024, 1024],
      [1600, 1600],
    ])
  })

  it('decodes in the queue it is given', async () => {
    const counted = countingQueue()
    await prepareImage(solidPng(800, 600), counted.queue)
    expect(counted.tasks).toBe(1)
  })
})

function deferred() {
  let resolve = () => {}
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('oneAtATime', () => {
  it('runs tasks one after another in the order given, and a failure does not stop the rest', async () => {
    const queue = oneAtATime()
    let running = 0
    let most = 0
    const finished: number[] = []
    const gates = Array.from({ length: 4 }, deferred)
    const started = Array.from({ length: 4 }, deferred)
    const results = gates.map((gate, i) =>
      queue(async () => {
        running += 1
        most = Math.max(most, running)
        started[i]!.resolve()
        await gate.promise
        running -= 1
        finished.push(i)
        if (i === 1) throw new Error('task 1 failed')
        return i
      }),
    )
    await started[0]!.promise
    // Let them all go at once, last first: each still waits for the one before it.
    for (const gate of [...gates].reverse()) gate.resolve()
    const settled = await Promise.allSettled(results)
    expect(most).toBe(1)
    expect(finished).toEqual([0, 1, 2, 3])
    expect(settled.map((s) => s.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    expect(await results[3]).toBe(3)
  })
})

describe('atMost', () => {
  it('runs at most that many tasks at once, the rest in the order given, past a failure', async () => {
    const queue = atMost(2)
    let running = 0
    let most = 0
    const order: number[] = []
    const gates = Array.from({ length: 5 }, deferred)
    const results = gates.map((gate, i) =>
      queue(async () => {
        running += 1
        most = Math.max(most, running)
        order.push(i)
        await gate.promise
        running -= 1
        if (i === 0) throw new Error('task 0 failed')
        return i
      }),
    )
    for (const gate of gates) gate.resolve()
    const settled = await Promise.allSettled(results)
    expect(most).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4])
    expect(settled.map((s) => s.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ])
  })
})

describe('planDrawing and renderDrawing', () => {
  const svg = (fill: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="${fill}"/></svg>`

  it('names a drawing by its contents and gives it the widths an upload of its size gets', () => {
    const plan = planDrawing(svg('#123456'))
    expect(plan).toMatchObject({ width: 800, height: 600, widths: [320, 640, 800] })
    expect(plan.id).toMatch(/^[0-9a-f]{16}$/)
    expect(planDrawing(svg('#123456')).id).toBe(plan.id)
    expect(planDrawing(svg('#654321')).id).not.toBe(plan.id)
  })

  it('refuses a drawing without a width and height in pixels on its root element', () => {
    for (const unsized of [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"/>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%"/>',
      '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="10"/>',
      '<p>not a drawing</p><svg width="10" height="10"/>',
    ]) {
      expect(() => planDrawing(unsized), unsized).toThrow(/width="…" and height="…"/)
    }
  })

  it('draws it as WebP at each of those widths, the same bytes every time', async () => {
    const counted = countingQueue()
    const renditions = await renderDrawing(svg('#1f6f5c'), counted.queue)
    expect(counted.tasks).toBe(1)
    expect(renditions.map((r) => [r.width, r.height])).toEqual([
      [320, 240],
      [640, 480],
      [800, 600],
    ])
    for (const rendition of renditions) {
      expect((await sharp(rendition.bytes).metadata()).format).toBe('webp')
    }
    const again = await renderDrawing(svg('#1f6f5c'), counted.queue)
    expect(again.map((r) => r.bytes.equals(renditions[again.indexOf(r)]!.bytes))).toEqual([
      true,
      true,
      true,
    ])
  })
})
