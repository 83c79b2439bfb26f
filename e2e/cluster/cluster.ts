// What the cluster specs share: the running cluster's addresses (cluster.json, written by
// scripts/cluster.mjs), the mail the SMTP fake received, and the skip without nginx.
import fs from 'node:fs'
import path from 'node:path'

import { test } from '../fixtures'

export type Instance = { name: string; port: number; url: string; pid: number }
export type Cluster = { proxy: { url: string; port: number }; instances: [Instance, Instance] }

/** Skips the file's specs, saying why, when nginx is missing (playwright.cluster.config.ts). */
export function skipWithoutNginx() {
  test.skip(
    Boolean(process.env.CLUSTER_SKIP),
    `${process.env.CLUSTER_SKIP}: the cluster specs need it (apt-get install -y nginx)`,
  )
}

/** The cluster the config started: its proxy and its two instances. */
export function cluster(): Cluster {
  const dir = process.env.CLUSTER_DIR
  if (!dir)
    throw new Error('CLUSTER_DIR is not set: run the specs through playwright.cluster.config.ts')
  return JSON.parse(fs.readFileSync(path.join(dir, 'cluster.json'), 'utf8')) as Cluster
}

export type ReceivedMail = { to: string[]; subject: string | null; messageId: string | null }

/** Every message the SMTP fake has received so far, in the order it arrived. */
export function mailReceived(): ReceivedMail[] {
  const file = process.env.SMTP_FAKE_FILE
  if (!file) throw new Error('SMTP_FAKE_FILE is not set')
  if (!fs.existsSync(file)) return []
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail)
}
