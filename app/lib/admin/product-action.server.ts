import { type SubmissionResult } from '@conform-to/react'
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from '@remix-run/node'

import { StockBelowHeldError, type Audit, type ProductEdit, type Store } from '~/lib/data/store'
import type { Product, User } from '~/lib/data/types'
import { notFound } from '~/lib/http.server'
import { MAX_UPLOAD_BYTES, ImageRejectedError } from '~/lib/images/prepare.server'
import { requestContext } from '~/lib/request-context.server'
import { parseSubmission } from '~/lib/submission.server'
import { markRestocked } from '~/lib/win-back/back-in-stock.server'
import { winBackWanted } from '~/lib/win-back/job.server'
import {
  addProductImage,
  DuplicateImageError,
  moveProductImage,
  removeProductImage,
} from '~/lib/images/product-images.server'

import { adminRedirectWithToast } from './http.server'
import { newProductId, toProductEdit, type FieldErrors } from './product-edit'
import { productFormSchema, type ProductSaveForm } from './product-schema'
import { productCategories } from './products.server'

export type ProductIntent = 'save' | 'image-add' | 'image-remove' | 'image-move'

export type ProductActionData = {
  /** Which of the page's forms the reply belongs to. */
  intent: ProductIntent | null
  result: SubmissionResult<string[]>
}

const INTENTS: readonly ProductIntent[] = ['save', 'image-add', 'image-remove', 'image-move']

function refuse(intent: ProductIntent | null, result: SubmissionResult<string[]>) {
  return data<ProductActionData>({ intent, result }, { status: 400 })
}

/** A reply for a form that could not even be read: its message at the top of the form. */
function unreadable(intent: ProductIntent | null, error: Record<string, string[]>) {
  return refuse(intent, { status: 'error', error })
}

/**
 * The form as posted: photos come as multipart, read in memory up to the 10 MB the image store
 * takes (server.mjs lets multipart posts to /admin/products/* through up to that size).
 */
async function readForm(request: Request): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? ''
  if (/^multipart\/form-data/i.test(type)) {
    return unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }),
    )
  }
  return request.formData()
}

function intentOf(value: FormDataEntryValue | null | undefined): ProductIntent | null {
  return INTENTS.find((intent) => intent === value) ?? null
}

/**
 * POST /admin/products/new (productId null) and /admin/products/:id: save the product, or add,
 * remove and reorder its pictures. Every change is recorded with the staff member's email.
 * Success redirects to the product's page with a toast; bad input is a 400 with the message
 * beside its field; an unknown product is the 404 page.
 */
export async function productAction({
  request,
  staff,
  productId,
}: {
  request: Request
  staff: Pick<User, 'email'>
  productId: string | null
}) {
  const { store } = await requestContext(request)
  const existing = productId === null ? null : await store.products.get(productId)
  if (productId !== null && !existing) throw notFound()

  let formData: FormData
  try {
    formData = await readForm(request)
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) {
      return unreadable('image-add', {
        image: [
          'The image is over 10 MB. Save it smaller (for example 2000 px wide) and upload it again.',
        ],
      })
    }
    return unreadable(null, { '': ['The form could not be read. Reload the page and try again.'] })
  }

  const intent = intentOf(formData.get('intent'))
  const submission = parseSubmission(formData, { schema: productFormSchema })
  if (submission.status !== 'success') {
    return refuse(intent, submission.reply({ hideFields: ['image'] }))
  }
  const form = submission.value
  const audit: Audit = { by: staff.email }

  if (form.intent === 'save') {
    return saveProduct(store, form, existing, audit, ({ '': formErrors, ...fieldErrors }) =>
      refuse('save', submission.reply({ formErrors, fieldErrors })),
    )
  }

  if (!existing) {
    return refuse(
      form.intent,
      submission.reply({ formErrors: ['Save the product first, then add its photos.'] }),
    )
  }
  const page = `/admin/products/${existing.id}`

  if (form.intent === 'image-add') {
    const bytes = new Uint8Array(await form.image.arrayBuffer())
    try {
      await addProductImage(store, existing.id, bytes, form.alt, audit)
    } catch (error) {
      if (!(error instanceof ImageRejectedError || error instanceof DuplicateImageError))
        throw error
      return refuse(
        'image-add',
        submission.reply({ fieldErrors: { image: [error.message] }, hideFields: ['image'] }),
      )
    }
    return adminRedirectWithToast(page, {
      type: 'success',
      title: 'Photo added',
      description: form.alt,
    })
  }

  const image = existing.images.find((i) => (i.id ?? i.url) === form.imageId)
  if (!image) {
    return refuse(
      form.intent,
      submission.reply({
        formErrors: [
          'That picture is no longer on this product. Reload the page to see its pictures.',
        ],
      }),
    )
  }
  if (form.intent === 'image-remove') {
    await removeProductImage(store, existing.id, form.imageId, audit)
    return adminRedirectWithToast(page, {
      type: 'success',
      title: 'Photo removed',
      description: image.alt,
    })
  }
  await moveProductImage(store, existing.id, form.imageId, form.direction, audit)
  return adminRedirectWithToast(page, {
    type: 'success',
    title: form.direction === 'up' ? 'Photo moved up' : 'Photo moved down',
    description: image.alt,
  })
}

async function saveProduct(
  store: Store,
  form: ProductSaveForm,
  existing: Product | null,
  audit: Audit,
  invalid: (errors: FieldErrors) => ReturnType<typeof refuse>,
) {
  const id =
    existing?.id ??
    (await newProductId(
      form.name,
      async (candidate) => (await store.products.get(candidate)) !== null,
    ))
  const [held, categories] = await Promise.all([
    existing ? store.products.heldStock(id) : Promise.resolve({}),
    productCategories(existing),
  ])
  const { edit, errors } = toProductEdit(form, { id, existing, held, categories })
  if (!edit) return invalid(errors)
  try {
    const saved = await store.products.save(edit, audit)
    // Variants this save left in stock: their "email me when it's back" requests fall due.
    if (await markRestocked(store, saved)) winBackWanted()
  } catch (error) {
    if (!(error instanceof StockBelowHeldError)) throw error
    return invalid(stockErrors(error, edit, form))
  }
  return adminRedirectWithToast(`/admin/products/${id}`, {
    type: 'success',
    title: existing ? 'Product saved' : 'Product created',
    description: edit.name,
  })
}

/** Each shortfall beside the stock field it came from; a removed variant's at the top. */
function stockErrors(
  error: StockBelowHeldError,
  edit: ProductEdit,
  form: ProductSaveForm,
): FieldErrors {
  const errors: FieldErrors = {}
  const add = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message]
  }
  const kept = new Set(edit.variants.map((variant) => variant.id))
  for (const { variantId, held } of error.shortfalls) {
    const message = `${held} held by unpaid orders: the stock on hand cannot go below ${held}`
    const row = form.variants.findIndex((variant) => variant.id === variantId)
    if (!kept.has(variantId)) {
      add(
        '',
        `${held} held by unpaid orders of ${variantId}: it cannot be removed until they are paid or cancelled`,
      )
    } else if (edit.options.length === 0) add('stock', message)
    else if (row !== -1) add(`variants[${row}].stock`, message)
    else add('', `${variantId}: ${message}`)
  }
  return errors
}
