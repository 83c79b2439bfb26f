// An SMTP server on loopback for the cluster e2e project (playwright.cluster.config.ts): it takes
// every message both instances' mail senders deliver and appends one JSON line per message (the
// envelope's recipients, Subject and Message-ID) to SMTP_FAKE_FILE, for the specs to count.
import fs from 'node:fs'

import { SMTPServer } from 'smtp-server'

const port = Number(process.env.SMTP_FAKE_PORT)
const file = process.env.SMTP_FAKE_FILE
if (!port || !file) {
  console.error('smtp-fake: SMTP_FAKE_PORT and SMTP_FAKE_FILE are required')
  process.exit(1)
}

/** A header's value from a message's header block (folded lines joined). */
function header(head, name) {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)
  return match ? match[1].replace(/\r?\n[ \t]+/g, ' ').trim() : null
}

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = []
    stream.on('data', (chunk) => chunks.push(chunk))
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
      const line = {
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        subject: header(head, 'Subject'),
        messageId: header(head, 'Message-ID'),
      }
      fs.appendFileSync(file, `${JSON.stringify(line)}\n`)
      callback()
    })
  },
})
server.listen(port, '127.0.0.1', () => console.log(`smtp-fake: listening on 127.0.0.1:${port}`))
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => server.close(() => process.exit(0)))
