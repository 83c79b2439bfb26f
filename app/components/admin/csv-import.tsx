import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { ErrorList, FormErrors, VALIDATE_ON } from '~/components/forms'
import { TableScroll } from '~/components/table-scroll'
import { useIsPending } from '~/components/use-is-pending'
import type { ImportPreview } from '~/lib/csv/import.server'
import { importFormSchema } from '~/lib/csv/import-schema'

const constraint = getZodConstraint(importFormSchema)

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/**
 * The import's one form: choose a CSV, preview its dry run, then apply the same file (its hash
 * rides along). With JavaScript the chosen file stays in the box between the two buttons; without
 * it the preview page asks for the file again (docs/decisions/034).
 */
export function CsvImportForm({
  lastResult,
  preview,
  maxMegabytes,
}: {
  lastResult: SubmissionResult<string[]> | undefined
  preview: ImportPreview | null
  maxMegabytes: number
}) {
  const [form, fields] = useForm({
    id: 'csv-import',
    lastResult,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: importFormSchema }),
  })
  const previewing = useIsPending({ intent: 'preview' })
  const applying = useIsPending({ intent: 'apply' })
  const hintId = `${fields.file.id}-hint`
  const { key: fileKey, ...fileProps } = getInputProps(fields.file, {
    type: 'file',
    ariaDescribedBy: hintId,
  })
  const toSave = preview ? preview.counts.create + preview.counts.update : 0

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="form-card">
      <FormErrors form={form} />
      <div className={`field${fields.file.errors?.length ? ' field--invalid' : ''}`}>
        <label htmlFor={fields.file.id}>CSV file</label>
        <p id={hintId} className="field__hint">
          {preview
            ? 'To apply, the file of this dry run must be chosen here (choose it again if the box is empty).'
            : `A products export you edited, a sheet in its columns, or a sku,stock file; up to ${maxMegabytes} MB.`}
        </p>
        <input key={fileKey} {...fileProps} accept=".csv,text/csv" />
        <ErrorList id={fields.file.errorId} errors={fields.file.errors} announce={false} />
      </div>
      {preview ? <input type="hidden" name="hash" value={preview.hash} /> : null}
      <div className="form-actions">
        <button
          type="submit"
          name="intent"
          value="preview"
          className={preview ? 'button button--secondary' : 'button'}
          disabled={previewing || applying}
        >
          {previewing ? 'Checking…' : preview ? 'Preview again' : 'Preview (dry run)'}
        </button>
        {preview && toSave > 0 ? (
          <button
            type="submit"
            name="intent"
            value="apply"
            className="button"
            disabled={previewing || applying}
          >
            {applying ? 'Importing…' : `Apply: save ${plural(preview.products, 'product')}`}
          </button>
        ) : null}
      </div>
    </Form>
  )
}

/** What the dry run found: the counts, every invalid row, and the changes it would make. */
export function CsvImportPreview({ preview }: { preview: ImportPreview }) {
  const { counts } = preview
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">Dry run of {preview.filename}</h2>
      <p>
        {preview.kind === 'stock' ? 'A stock file (sku,stock)' : 'A products file'} of{' '}
        {plural(preview.rows, 'row')}. Nothing has been changed yet.
      </p>
      <dl className="admin-counts">
        <Count label="Rows to create" value={counts.create} />
        <Count label="Rows to update" value={counts.update} />
        <Count label="Rows unchanged" value={counts.unchanged} />
        <Count label="Invalid rows" value={counts.invalid} />
        {counts.skipped ? (
          <Count label="Rows skipped with an invalid row" value={counts.skipped} />
        ) : null}
      </dl>
      {preview.problems.length ? (
        <>
          <h3 id="problems-title">Invalid rows</h3>
          <p>
            These are left out (with the other rows of their product); fix them in the sheet and
            import it again: rows already imported stay unchanged.
          </p>
          <TableScroll label="Invalid rows">
            <table className="admin-table" aria-labelledby="problems-title">
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">SKU</th>
                  <th scope="col">Problem</th>
                </tr>
              </thead>
              <tbody>
                {preview.problems.map((problem, i) => (
                  <tr key={`${problem.line}-${i}`}>
                    <td>{problem.line}</td>
                    <td>{problem.sku ?? ''}</td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : null}
      {preview.changes.length ? (
        <>
          <h3 id="changes-title">What applying saves</h3>
          {preview.products > preview.changes.length ? (
            <p>
              The first {preview.changes.length} of {plural(preview.products, 'product')}.
            </p>
          ) : null}
          <TableScroll label="What applying saves">
            <table className="admin-table" aria-labelledby="changes-title">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.map((change) => (
                  <tr key={change.productId}>
                    <td>
                      {change.name}
                      <br />
                      <small>
                        {change.productId} ({change.action === 'create' ? 'new' : 'updated'})
                      </small>
                    </td>
                    <td>{change.change}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </>
      ) : (
        <p>Applying this file would change nothing.</p>
      )}
    </section>
  )
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
