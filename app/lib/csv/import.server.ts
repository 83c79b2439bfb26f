import { createHash } from 'node:crypto'

import type { SubmissionResult } from '@conform-to/react'
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'

import { adminRedirectWithToast } from '~/lib/admin/http.server'
import type { Category } from '~/lib/admin/product-edit'
import { productCategories } from '~/lib/admin/products.server'
import { StockBelowHeldError, type Audit, type Store } from '~/lib/data/store'
import type { Product, User } from '~/lib/data/types'
import { productIdOf } from '~/lib/data/variants'
import { parseSubmission } from '~/lib/submission.server'
import { markRestocked } from '~/lib/win-back/back-in-stock.server'
import { winBackWanted } from '~/lib/win-back/job.server'

import {
  MAX_IMPORT_BYTES,
  readImportFile,
  type ImportKind,
  type ReadFile,
} from './import-read.server'
import {
  planImport,
  productIdOfRow,
  type ImportPlan,
  type ImportProblem,
  type RowOutcome,
} from './import-plan.server'
import { importFormSchema } from './import-schema'

/**
 * `/admin/import` (docs/contracts.md "CSV import"): `intent=preview` reads the uploaded CSV and
 * answers its dry run without changing anything; `intent=apply` takes the same file again with
 * the hash its dry run showed, plans it afresh against the store as it is now and saves the
 * changed products in batches through `store.products.save` (the product editor's transaction:
 * logged, never below held stock). Nothing is kept between the two posts (docs/decisions/034).
 */

/** Products saved together; each is its own transaction, so a batch is a bound on concurrency. */
export const IMPORT_BATCH = 25
/** At most this many of the dry run's changes are listed (all of them are counted). */
export const CHANGES_SHOWN = 200

export type ImportPreview = {
  filename: string
  hash: string
  kind: ImportKind
  rows: number
  counts: Record<RowOutcome, number>
  problems: ImportProblem[]
  changes: { productId: string; name: string; action: 'create' | 'update'; change: string }[]
  /** Products the apply would save. */
  products: number
}

export type ImportActionData = {
  result: SubmissionResult<string[]>
  preview: ImportPreview | null
}

export type ImportSummary = {
  counts: Record<RowOutcome, number>
  saved: number
  failed: ImportProblem[]
}

/** The SHA-256 of the file's bytes, in hex: how `apply` knows it has the file its dry run read. */
export function fileHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The product ids a read file names (a stock file's through their skus). */
function productIdsOf(file: Extract<ReadFile, { ok: true }>): string[] {
  const ids = new Set<string>()
  for (const row of file.rows) {
    if (file.kind === 'stock') {
      const sku = row.cells.sku?.trim()
      if (sku) ids.add(productIdOf(sku))
    } else {
      const product = productIdOfRow(row)
      if ('id' in product) ids.add(product.id)
    }
  }
  return [...ids]
}

/** The file's plan against the store as it is now. */
export async function planAgainstStore(
  store: Store,
  file: Extract<ReadFile, { ok: true }>,
  { now, categories }: { now: string; categories: readonly Category[] },
): Promise<ImportPlan> {
  const [products, held] = await Promise.all([
    store.products.getMany(productIdsOf(file)),
    store.products.allHeldStock(),
  ])
  const existing = new Map<string, Product>(products.map((product) => [product.id, product]))
  return planImport({ ...file, existing, held, categories, now })
}

/**
 * Saves the plan's products, IMPORT_BATCH at a time. A save the store refuses now (an order
 * placed since the dry run holds more than the file's stock) is reported, not thrown: the other
 * products are saved, and importing the file again saves only what is still different.
 */
export async function applyPlan(
  store: Store,
  plan: ImportPlan,
  audit: Audit,
): Promise<ImportSummary> {
  const failed: ImportProblem[] = []
  let saved = 0
  let restocked = false
  for (let i = 0; i < plan.saves.length; i += IMPORT_BATCH) {
    const batch = plan.saves.slice(i, i + IMPORT_BATCH)
    await Promise.all(
      batch.map(async (save) => {
        try {
          const product = await store.products.save(save.edit, audit)
          saved++
          if (await markRestocked(store, product)) restocked = true
        } catch (error) {
          if (!(error instanceof StockBelowHeldError)) throw error
          for (const shortfall of error.shortfalls) {
            failed.push({
              line: save.lines[0]!,
              sku: shortfall.variantId,
              message: `stock: ${shortfall.held} held by unpaid orders since the dry run: the stock on hand cannot go below ${shortfall.held}`,
            })
          }
        }
      }),
    )
  }
  if (restocked) winBackWanted()
  return { counts: plan.counts, saved, failed }
}

function refuse(result: SubmissionResult<string[]>) {
  return data<ImportActionData>({ result, preview: null }, { status: 400 })
}

/** A refusal of the whole upload: its message beside the file field. */
function refuseFile(message: string) {
  return refuse({ status: 'error', error: { file: [message] } })
}

function describeCounts(counts: Record<RowOutcome, number>): string {
  const parts = [
    `${counts.create} created`,
    `${counts.update} updated`,
    `${counts.unchanged} unchanged`,
  ]
  if (counts.invalid) parts.push(`${counts.invalid} invalid skipped`)
  if (counts.skipped) parts.push(`${counts.skipped} skipped with their product`)
  return `Rows: ${parts.join(', ')}.`
}

/** POST /admin/import. */
export async function importAction({
  request,
  store,
  staff,
  now,
}: {
  request: Request
  store: Store
  staff: Pick<User, 'email'>
  now: string
}) {
  let formData: FormData
  try {
    formData = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_IMPORT_BYTES }),
    )
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return refuseFile(
        `The file is over ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into smaller files and import each.`,
      )
    }
    return refuse({
      status: 'error',
      error: { '': ['The form could not be read. Reload the page and choose the file again.'] },
    })
  }

  const submission = parseSubmission(formData, { schema: importFormSchema })
  if (submission.status !== 'success') {
    return refuse(submission.reply({ hideFields: ['file'] }))
  }
  const form = submission.value
  const reply = (fieldErrors: Record<string, string[]>) =>
    refuse(submission.reply({ fieldErrors, hideFields: ['file'] }))

  const looksLikeCsv =
    /\.(csv|txt)$/i.test(form.file.name) ||
    /^(text\/(csv|plain)|application\/(csv|vnd\.ms-excel))$/i.test(form.file.type)
  if (!looksLikeCsv) {
    return reply({
      file: [
        `${form.file.name || 'This file'} is not a CSV file. Save the sheet as "CSV UTF-8 (comma delimited)" (a .csv file) and choose that.`,
      ],
    })
  }
  const bytes = new Uint8Array(await form.file.arrayBuffer())
  const hash = fileHash(bytes)
  if (form.intent === 'apply' && form.hash !== hash) {
    return reply({
      file: [
        'This is not the file of the dry run (it changed, or another file was chosen): preview it again, then apply it.',
      ],
    })
  }
  const file = await readImportFile(bytes)
  if (!file.ok) return reply({ file: [file.message] })

  const categories = file.kind === 'products' ? await productCategories() : []
  const plan = await planAgainstStore(store, file, { now, categories })

  if (form.intent === 'preview') {
    const preview: ImportPreview = {
      filename: form.file.name,
      hash,
      kind: plan.kind,
      rows: plan.rows,
      counts: plan.counts,
      problems: plan.problems,
      changes: plan.saves.slice(0, CHANGES_SHOWN).map(({ productId, name, action, change }) => ({
        productId,
        name,
        action,
        change,
      })),
      products: plan.saves.length,
    }
    return data<ImportActionData>({ result: submission.reply(), preview })
  }

  const summary = await applyPlan(store, plan, { by: staff.email })
  const failedNote = summary.failed.length
    ? ` ${summary.failed.length} could not be saved: ${summary.failed
        .slice(0, 3)
        .map((problem) => `line ${problem.line}, ${problem.message}`)
        .join('; ')}.`
    : ''
  return adminRedirectWithToast('/admin/import', {
    type: summary.failed.length ? 'error' : 'success',
    title: `Imported ${form.file.name}: ${summary.saved} product${summary.saved === 1 ? '' : 's'} saved`,
    description: `${describeCounts(summary.counts)}${failedNote}`,
  })
}
