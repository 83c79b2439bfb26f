import { describe, expect, test } from 'vitest'

import { loader } from './metrics'

describe('GET /metrics', () => {
  test('is a 404 while METRICS_TOKEN is unset (the default)', async () => {
    const request = new Request('http://shop.test/metrics', {
      headers: { Authorization: 'Bearer anything' },
    })
    const response = await loader({ request, params: {}, context: { clientIp: '' } })
    expect(response.status).toBe(404)
  })
})
