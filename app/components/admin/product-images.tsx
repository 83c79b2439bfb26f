import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { Form } from '@remix-run/react'

import { ErrorList, Field, FormErrors, VALIDATE_ON } from '~/components/forms'
import { useIsPending } from '~/components/use-is-pending'
import {
  productFormSchema,
  type ProductForm as ProductFormValue,
  type ProductFormInput,
} from '~/lib/admin/product-schema'
import type { ProductEditorView } from '~/lib/admin/products.server'
import { formatSastDateTime } from '~/lib/dates'
import type { ProductLogEntry } from '~/lib/data/types'

const constraint = getZodConstraint(productFormSchema)

type Image = ProductEditorView['images'][number]

const keyOf = (image: Image) => image.id ?? image.url

/**
 * The product's pictures in the order the shop shows them, each with buttons to move it and take
 * it off, and the upload form (a JPEG, PNG, WebP or AVIF photo up to 10 MB, with its alt text).
 */
export function ProductImages({
  images,
  lastResult,
  intent,
}: {
  images: ProductEditorView['images']
  /** The action's reply, when it answered one of these forms. */
  lastResult: SubmissionResult<string[]> | undefined
  intent: string | null
}) {
  const [form, fields] = useForm<ProductFormInput, ProductFormValue>({
    id: 'image-add',
    lastResult: intent === 'image-add' ? lastResult : undefined,
    constraint,
    ...VALIDATE_ON,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  })
  const uploading = useIsPending({ intent: 'image-add' })
  const buttonErrors =
    intent === 'image-remove' || intent === 'image-move' ? lastResult?.error?.[''] : null
  const hintId = `${fields.image.id}-hint`
  const { key: imageKey, ...imageProps } = getInputProps(fields.image, {
    type: 'file',
    ariaDescribedBy: hintId,
  })

  return (
    <section className="form-card" aria-labelledby="images-title">
      <h2 id="images-title">Photos</h2>
      <ErrorList errors={buttonErrors} className="form-errors" />
      {images.length === 0 ? (
        <p>No photos yet: the shop shows a placeholder.</p>
      ) : (
        <ol className="admin-images">
          {images.map((image, i) => (
            <li key={keyOf(image)}>
              <img
                src={image.variants?.[0]?.url ?? image.url}
                alt={image.alt}
                width={120}
                height={120}
                loading="lazy"
              />
              <p>{image.alt}</p>
              <div className="form-actions">
                {i > 0 ? (
                  <ImageButton image={image} intent="image-move" direction="up" label="Move up" />
                ) : null}
                {i < images.length - 1 ? (
                  <ImageButton
                    image={image}
                    intent="image-move"
                    direction="down"
                    label="Move down"
                  />
                ) : null}
                <ImageButton image={image} intent="image-remove" label="Remove" />
              </div>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        <h3>Add a photo</h3>
        <FormErrors form={form} />
        <input type="hidden" name="intent" value="image-add" />
        <div className={`field${fields.image.errors?.length ? ' field--invalid' : ''}`}>
          <label htmlFor={fields.image.id}>Photo</label>
          <p id={hintId} className="field__hint">
            JPEG, PNG, WebP or AVIF, up to 10 MB. It is resized for the shop.
          </p>
          <input
            key={imageKey}
            {...imageProps}
            accept="image/jpeg,image/png,image/webp,image/avif"
          />
          <ErrorList id={fields.image.errorId} errors={fields.image.errors} />
        </div>
        <Field
          meta={fields.alt}
          label="Alt text"
          hint="What the photo shows, for shoppers who cannot see it"
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={uploading}>
            {uploading ? 'Uploading…' : 'Add photo'}
          </button>
        </div>
      </Form>
    </section>
  )
}

function ImageButton({
  image,
  intent,
  direction,
  label,
}: {
  image: Image
  intent: 'image-move' | 'image-remove'
  direction?: 'up' | 'down'
  label: string
}) {
  const pending = useIsPending({ intent })
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="imageId" value={keyOf(image)} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <button
        type="submit"
        className="button button--secondary"
        disabled={pending}
        aria-label={`${label}: ${image.alt}`}
      >
        {label}
      </button>
    </Form>
  )
}

/** The product's change log, newest first: when, who, what. */
export function ChangeLog({ entries }: { entries: ProductLogEntry[] }) {
  return (
    <section className="form-card" aria-labelledby="log-title">
      <h2 id="log-title">Change log</h2>
      {entries.length === 0 ? (
        <p>No changes recorded yet.</p>
      ) : (
        <ol className="admin-log">
          {entries.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <time dateTime={entry.at}>{formatSastDateTime(entry.at)}</time> · {entry.by}:{' '}
              {entry.change}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
