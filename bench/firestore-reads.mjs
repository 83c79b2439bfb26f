// Counts what the server asks of Firestore: a loopback HTTP/2 proxy between the server and the
// emulator that forwards every gRPC call unchanged and reads the messages as they pass. It counts
// per method the calls, the documents read and the writes committed. Nothing in the shop is
// instrumented: the figures come from what crossed the wire.
//
// Reads are counted as Firestore bills them: each document a get, a query or a listener delivers,
// each document a get asked for that does not exist (also counted in `missing`) and one per query
// that found nothing (also in `empty`); an aggregation (a count) is kept apart in `aggregations`.
// One difference from the wire: on every change to a listened query the emulator sends the listener the WHOLE result again, where
// Firestore sends only what changed. A listener's read is therefore counted once per new version
// of a document (its name and update time), as the client library itself tells them apart; the
// documents sent are kept apart as `sent`.
//
// gRPC frames each message as 1 flag byte (compressed or not), a 4-byte big-endian length and the
// protobuf message, read here at the wire-format level (google/firestore/v1/firestore.proto):
//   GetDocument -> Document (1 read)           RunQuery -> RunQueryResponse.document (1), .done (6)
//   BatchGetDocuments -> .found (1), .missing (2)  ListDocuments -> .documents (1)
//   Listen -> ListenResponse.document_change (3) -> DocumentChange.document (1) -> Document.name (1),
//             .update_time (4)
//   RunAggregationQuery -> .result (1)         Commit / BatchWrite request -> .writes (2)
import http2 from 'node:http2'

const { HTTP2_HEADER_STATUS, NGHTTP2_CANCEL } = http2.constants

/** Response fields that are documents read, by method ('whole': the message is one document). */
const READ_FIELDS = {
  GetDocument: 'whole',
  RunQuery: [1],
  BatchGetDocuments: [1],
  ListDocuments: [1],
}
/** Documents asked for and not there (a get of a missing document): Firestore bills a read too. */
const MISSING_FIELDS = { BatchGetDocuments: [2] }
/** Request fields that are writes. */
const WRITE_FIELDS = { Commit: [2], BatchWrite: [2] }

const emptyCounts = () => ({
  calls: 0,
  ms: 0,
  reads: 0,
  missing: 0,
  empty: 0,
  sent: 0,
  writes: 0,
  aggregations: 0,
})

/**
 * Starts the proxy on a free loopback port in front of `upstream` (host:port). Returns its `host`,
 * `snapshot()` (a copy of the counters so far: { [method]: { calls, ms, reads, missing, empty, sent,
 * writes, aggregations } }, `ms` being the calls' summed durations from request to the end of the
 * answer, and `sent` the documents a listener was sent, new versions or not),
 * `unreadable` (messages it could not read, e.g. compressed) and `close()`.
 */
export async function startReadCounter(upstream) {
  const counts = {}
  let unreadable = 0
  const count = (method) => (counts[method] ??= emptyCounts())

  const client = http2.connect(`http://${upstream}`)
  client.on('error', (error) => console.error(`! read counter: upstream ${error.message}`))
  const sessions = new Set()
  const server = http2.createServer()
  server.on('session', (session) => {
    sessions.add(session)
    session.on('close', () => sessions.delete(session))
  })
  server.on('stream', (downstream, headers) => {
    const method =
      String(headers[':path'] ?? '')
        .split('/')
        .pop() ?? '?'
    count(method).calls++
    const started = performance.now()
    const forwarded = {}
    for (const [name, value] of Object.entries(headers)) {
      if (name === ':scheme' || name === ':authority') continue
      forwarded[name] = value
    }
    const upstreamStream = client.request(forwarded)
    let trailers = {}
    let upstreamEnded = false
    const requestTap = messageTap((message) => {
      for (const field of WRITE_FIELDS[method] ?? [])
        count(method).writes += fieldsOf(message).filter((f) => f.field === field).length
    })
    // A listener's stream: the version (update time) of each document it was sent.
    const versions = new Map()
    let queryDocuments = 0
    // A query that finds nothing is billed one read. Counted when its last message passes (`done`,
    // field 6): the client library resolves on that message, before the stream's end reaches it.
    let emptyCounted = false
    const countEmptyQuery = () => {
      if (method !== 'RunQuery' || queryDocuments > 0 || emptyCounted) return
      emptyCounted = true
      count(method).empty++
      count(method).reads++
    }
    const responseTap = messageTap((message) => {
      const entry = count(method)
      const fields = fieldsOf(message)
      const occurrences = (number) => fields.filter((f) => f.field === number).length
      if (READ_FIELDS[method] === 'whole') entry.reads++
      else for (const field of READ_FIELDS[method] ?? []) entry.reads += occurrences(field)
      for (const field of MISSING_FIELDS[method] ?? []) {
        entry.missing += occurrences(field)
        entry.reads += occurrences(field)
      }
      if (method === 'RunQuery') {
        queryDocuments += occurrences(1)
        if (occurrences(6) > 0) countEmptyQuery()
      }
      if (method === 'RunAggregationQuery') entry.aggregations += occurrences(1)
      if (method !== 'Listen') return
      for (const change of fields.filter((f) => f.field === 3)) {
        const document = fieldsOf(change.bytes).find((f) => f.field === 1)
        if (!document) continue
        entry.sent++
        const parts = fieldsOf(document.bytes)
        const name = parts.find((f) => f.field === 1)?.bytes.toString('utf8')
        const version = parts.find((f) => f.field === 4)?.bytes.toString('hex')
        if (versions.get(name) === version) continue
        versions.set(name, version)
        entry.reads++
      }
    })
    const onUnreadable = () => unreadable++
    downstream.on('data', (chunk) => {
      requestTap(chunk, onUnreadable)
      upstreamStream.write(chunk)
    })
    downstream.on('end', () => upstreamStream.end())
    upstreamStream.on('response', (responseHeaders, flags) => {
      const endStream = (flags & http2.constants.NGHTTP2_FLAG_END_STREAM) !== 0
      const copy = { ...responseHeaders }
      for (const name of Object.keys(copy))
        if (name.startsWith(':') && name !== HTTP2_HEADER_STATUS) delete copy[name]
      if (downstream.destroyed) return
      // A trailers-only answer (an error status) ends the stream with its headers.
      downstream.respond(copy, endStream ? { endStream: true } : { waitForTrailers: true })
    })
    upstreamStream.on('data', (chunk) => {
      responseTap(chunk, onUnreadable)
      if (!downstream.destroyed) downstream.write(chunk)
    })
    upstreamStream.on('trailers', (received) => (trailers = received))
    downstream.on('wantTrailers', () => {
      const copy = { ...trailers }
      for (const name of Object.keys(copy)) if (name.startsWith(':')) delete copy[name]
      downstream.sendTrailers(copy)
    })
    upstreamStream.on('end', () => {
      upstreamEnded = true
      // How long the caller waited for the whole answer (a listener's stream is not a wait).
      if (method !== 'Listen') count(method).ms += performance.now() - started
      // An emulator that sends no `done`: the end of the stream is the query's end.
      countEmptyQuery()
      if (!downstream.destroyed && !downstream.writableEnded) downstream.end()
    })
    // A call the server cancels (a listener it stops) is cancelled upstream, and the other way.
    downstream.on('close', () => {
      if (!upstreamStream.closed && (downstream.rstCode || !upstreamEnded))
        upstreamStream.close(downstream.rstCode || NGHTTP2_CANCEL)
    })
    // A normal end (code 0) leaves the downstream to finish with its trailers.
    upstreamStream.on('close', () => {
      if (upstreamStream.rstCode && !downstream.closed) downstream.close(upstreamStream.rstCode)
    })
    downstream.on('error', () => {})
    upstreamStream.on('error', () => {})
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    host: `127.0.0.1:${server.address().port}`,
    snapshot: () => structuredClone(counts),
    get unreadable() {
      return unreadable
    },
    async close() {
      for (const session of sessions) session.destroy()
      client.destroy()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/**
 * The difference of two snapshots, summed: { calls, ms, reads, missing, empty, sent, writes, aggregations,
 * listenerReads, byMethod }. `listenerReads` are the reads of snapshot listeners.
 */
export function countsBetween(before, after) {
  const total = { ...emptyCounts(), listenerReads: 0 }
  const byMethod = {}
  for (const [method, now] of Object.entries(after)) {
    const then = before[method] ?? emptyCounts()
    const delta = {}
    for (const key of Object.keys(now)) delta[key] = now[key] - then[key]
    if (Object.values(delta).every((n) => n === 0)) continue
    byMethod[method] = delta
    for (const key of Object.keys(delta)) total[key] += delta[key]
    if (method === 'Listen') total.listenerReads += delta.reads
  }
  return { ...total, byMethod }
}

/** A function fed the stream's chunks in order that calls `onMessage` with each whole message. */
function messageTap(onMessage) {
  let pending = Buffer.alloc(0)
  return (chunk, onUnreadable) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
    while (pending.length >= 5) {
      const length = pending.readUInt32BE(1)
      if (pending.length < 5 + length) break
      const compressed = pending[0] !== 0
      const message = pending.subarray(5, 5 + length)
      pending = pending.subarray(5 + length)
      if (compressed) onUnreadable()
      else {
        try {
          onMessage(message)
        } catch {
          onUnreadable()
        }
      }
    }
  }
}

/**
 * The top-level fields of a protobuf message, in order: { field, bytes } (bytes for
 * length-delimited fields: strings, sub-messages). Throws on a malformed message.
 */
export function fieldsOf(message) {
  const fields = []
  let at = 0
  const varint = () => {
    let value = 0
    for (let shift = 0; ; shift += 7) {
      if (at >= message.length) throw new Error('truncated varint')
      const byte = message[at++]
      value += (byte & 0x7f) * 2 ** shift
      if (byte < 0x80) return value
    }
  }
  while (at < message.length) {
    const tag = varint()
    const field = Math.floor(tag / 8)
    const wireType = tag % 8
    let bytes = null
    if (wireType === 0) varint()
    else if (wireType === 1) at += 8
    else if (wireType === 2) {
      const length = varint() // read before `at` is: `at += varint()` would add to the old `at`
      bytes = message.subarray(at, at + length)
      at += length
    } else if (wireType === 5) at += 4
    else throw new Error(`wire type ${wireType}`)
    if (at > message.length) throw new Error('truncated field')
    fields.push({ field, bytes })
  }
  return fields
}
