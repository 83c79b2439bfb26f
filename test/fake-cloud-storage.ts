import { createHash } from 'node:crypto'

import { startFakeHttpServer, type FakeHttpReply } from './fake-http-server'

/**
 * A fake Cloud Storage JSON API on loopback, for firebase-admin's Storage (through
 * FIREBASE_STORAGE_EMULATOR_HOST; the real Storage emulator cannot start offline). It keeps objects
 * in memory and answers the calls @google-cloud/storage makes (logged from a run; against an emulator
 * host it drops the /storage/v1 prefix except on uploads, and the real API's paths are taken too):
 *   POST   /upload/storage/v1/b/{bucket}/o?uploadType=multipart&name=…   (file.save, resumable: false)
 *   GET    /b/{bucket}/o?prefix=…                                      (bucket.getFiles)
 *   GET    /b/{bucket}/o/{object}?alt=media                            (file.download)
 *   GET    /b/{bucket}/o/{object}                                      (file.getMetadata)
 *   DELETE /b/{bucket}/o/{object}                                      (file.delete)
 * and Firebase's download URLs, as a browser fetches them:
 *   GET    /v0/b/{bucket}/o/{object}?alt=media&token=…
 * Anything else answers 501 and is recorded in `unhandled`, so a test sees an unexpected call.
 */

type StoredObject = {
  bytes: Buffer
  contentType: string
  cacheControl?: string
  metadata: Record<string, string>
  generation: number
  updated: string
}

export type FakeCloudStorage = {
  /** host:port, the value for FIREBASE_STORAGE_EMULATOR_HOST. */
  host: string
  objects: Map<string, StoredObject>
  requests: string[]
  unhandled: string[]
  close(): Promise<void>
}

/** The parts of a multipart/related body: headers and bytes of each. */
function multipartParts(body: Buffer, boundary: string): { headers: string; bytes: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`)
  const parts: { headers: string; bytes: Buffer }[] = []
  let at = body.indexOf(delimiter)
  while (at !== -1) {
    const start = at + delimiter.length
    if (body.subarray(start, start + 2).toString() === '--') break
    const next = body.indexOf(delimiter, start)
    if (next === -1) break
    const part = body.subarray(start + 2, next - 2) // after CRLF, before CRLF
    const split = part.indexOf('\r\n\r\n')
    parts.push({ headers: part.subarray(0, split).toString(), bytes: part.subarray(split + 4) })
    at = next
  }
  return parts
}

const CRC32C_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** CRC32C (Castagnoli) as Cloud Storage reports it: big-endian, base64. */
function crc32c(bytes: Buffer): string {
  let crc = 0xffffffff
  for (const byte of bytes) crc = (CRC32C_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8)
  const out = Buffer.alloc(4)
  out.writeUInt32BE((crc ^ 0xffffffff) >>> 0)
  return out.toString('base64')
}

function resource(bucket: string, name: string, object: StoredObject) {
  return {
    kind: 'storage#object',
    id: `${bucket}/${name}/${object.generation}`,
    name,
    bucket,
    generation: String(object.generation),
    metageneration: '1',
    contentType: object.contentType,
    cacheControl: object.cacheControl,
    size: String(object.bytes.length),
    md5Hash: createHash('md5').update(object.bytes).digest('base64'),
    crc32c: crc32c(object.bytes),
    etag: createHash('md5').update(object.bytes).digest('hex'),
    updated: object.updated,
    timeCreated: object.updated,
    metadata: object.metadata,
  }
}

function notFound(reply: FakeHttpReply) {
  reply.json(404, { error: { code: 404, message: 'No such object.' } })
}

export async function startFakeCloudStorage(): Promise<FakeCloudStorage> {
  const objects = new Map<string, StoredObject>()
  const unhandled: string[] = []
  let generation = 1
  const key = (bucket: string, name: string) => `${bucket}/${name}`

  const line = ({ method, url }: { method: string; url: URL }) =>
    `${method} ${url.pathname}${url.search}`

  const http = await startFakeHttpServer((request, reply) => {
    const { url, bytes: body } = request
    const { res: response, json } = reply
    let match: RegExpExecArray | null

    if (
      request.method === 'POST' &&
      (match = /^\/upload(?:\/storage\/v1)?\/b\/([^/]+)\/o$/.exec(url.pathname)) &&
      url.searchParams.get('uploadType') === 'multipart'
    ) {
      const bucket = decodeURIComponent(match[1] as string)
      const boundary = /boundary="?([^";]+)"?/.exec(request.headers['content-type'] ?? '')?.[1]
      const parts = boundary ? multipartParts(body, boundary) : []
      const [meta, media] = parts
      if (!meta || !media) return json(400, { error: { message: 'not multipart' } })
      const info = JSON.parse(meta.bytes.toString()) as {
        name?: string
        contentType?: string
        cacheControl?: string
        metadata?: Record<string, string>
      }
      const name = info.name ?? url.searchParams.get('name')
      if (!name) return json(400, { error: { message: 'no object name' } })
      const contentType =
        info.contentType ?? /content-type:\s*([^\r\n]+)/i.exec(media.headers)?.[1] ?? ''
      const object: StoredObject = {
        bytes: Buffer.from(media.bytes),
        contentType,
        cacheControl: info.cacheControl,
        metadata: info.metadata ?? {},
        generation: generation++,
        updated: new Date().toISOString(),
      }
      objects.set(key(bucket, name), object)
      return json(200, resource(bucket, name, object))
    }

    if (
      (match = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o$/.exec(url.pathname)) &&
      request.method === 'GET'
    ) {
      const bucket = decodeURIComponent(match[1] as string)
      const prefix = url.searchParams.get('prefix') ?? ''
      const items = [...objects.entries()]
        .filter(([k]) => k.startsWith(key(bucket, prefix)))
        .map(([k, object]) => resource(bucket, k.slice(bucket.length + 1), object))
        .sort((a, b) => (a.name < b.name ? -1 : 1))
      return json(200, { kind: 'storage#objects', items })
    }

    if ((match = /^(?:\/storage\/v1)?\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname))) {
      const bucket = decodeURIComponent(match[1] as string)
      const name = decodeURIComponent(match[2] as string)
      const object = objects.get(key(bucket, name))
      if (request.method === 'DELETE') {
        if (!object) return notFound(reply)
        objects.delete(key(bucket, name))
        response.writeHead(204).end()
        return
      }
      if (request.method === 'GET') {
        if (!object) return notFound(reply)
        if (url.searchParams.get('alt') === 'media') {
          response.writeHead(200, {
            'Content-Type': object.contentType,
            'Content-Length': object.bytes.length,
            'x-goog-hash': `crc32c=${crc32c(object.bytes)},md5=${createHash('md5').update(object.bytes).digest('base64')}`,
            'x-goog-stored-content-encoding': 'identity',
          })
          response.end(object.bytes)
          return
        }
        return json(200, resource(bucket, name, object))
      }
    }

    if ((match = /^\/v0\/b\/([^/]+)\/o\/([^/]+)$/.exec(url.pathname)) && request.method === 'GET') {
      const bucket = decodeURIComponent(match[1] as string)
      const name = decodeURIComponent(match[2] as string)
      const object = objects.get(key(bucket, name))
      const tokens = object?.metadata.firebaseStorageDownloadTokens?.split(',') ?? []
      if (!object || !tokens.includes(url.searchParams.get('token') ?? '')) {
        return notFound(reply)
      }
      const etag = `"${createHash('md5').update(object.bytes).digest('hex')}"`
      const headers = {
        'Content-Type': object.contentType,
        'Cache-Control': object.cacheControl ?? 'private, max-age=0',
        ETag: etag,
      }
      if (request.headers['if-none-match'] === etag) {
        response.writeHead(304, headers).end()
        return
      }
      response.writeHead(200, headers)
      response.end(object.bytes)
      return
    }

    unhandled.push(line(request))
    json(501, { error: { code: 501, message: `fake Cloud Storage: ${line(request)}` } })
  })

  return {
    host: `127.0.0.1:${http.port}`,
    objects,
    get requests() {
      return http.requests.map(line)
    },
    unhandled,
    close: http.close,
  }
}
