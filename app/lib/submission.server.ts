import { getPaths } from '@conform-to/dom'
import { parseWithZod } from '@conform-to/zod'
import { z, type ZodTypeAny } from 'zod'

/**
 * conform's `parseWithZod` on the fields the form owns: a field whose root name the schema has no
 * key for (`junk[99]=x`, conform's own `__intent__` and `__state__`, a name conform cannot read) is
 * dropped before conform builds anything, so `submission.reply()` never echoes what a visitor made
 * up (docs/contracts.md "Hostile input and limits"). Read anything else (the honeypot) from
 * `formData`.
 */
export function parseSubmission<Schema extends ZodTypeAny>(
  formData: FormData,
  { schema }: { schema: Schema },
) {
  const owned = ownedNames(schema)
  const fields = new FormData()
  for (const [name, value] of formData) {
    if (owned.has(rootName(name) ?? '')) fields.append(name, value)
  }
  return parseWithZod(fields, { schema })
}

function rootName(name: string): string | null {
  try {
    const [root] = getPaths(name)
    return typeof root === 'string' ? root : null
  } catch {
    // conform refuses the name (`a..b`, `a[-1]`, `__proto__`) and would build nothing from it.
    return null
  }
}

const ownedBySchema = new WeakMap<ZodTypeAny, ReadonlySet<string>>()

/** The top-level keys of a form schema, worked out once per schema. */
export function ownedNames(schema: ZodTypeAny): ReadonlySet<string> {
  let names = ownedBySchema.get(schema)
  if (!names) {
    names = new Set(topLevelKeys(schema))
    ownedBySchema.set(schema, names)
  }
  return names
}

function topLevelKeys(schema: ZodTypeAny): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape as object)
  if (schema instanceof z.ZodDiscriminatedUnion || schema instanceof z.ZodUnion) {
    return (schema.options as ZodTypeAny[]).flatMap(topLevelKeys)
  }
  if (schema instanceof z.ZodIntersection) {
    return [...topLevelKeys(schema._def.left), ...topLevelKeys(schema._def.right)]
  }
  // The form data goes in at the pipeline's input end.
  if (schema instanceof z.ZodPipeline) return topLevelKeys(schema._def.in)
  if (schema instanceof z.ZodEffects) return topLevelKeys(schema.innerType())
  if (schema instanceof z.ZodLazy) return topLevelKeys(schema.schema)
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly
  ) {
    return topLevelKeys(schema._def.innerType)
  }
  if (schema instanceof z.ZodBranded) return topLevelKeys(schema.unwrap())
  // NOTE: a record or an `any` owns every name; a form schema names its fields.
  throw new TypeError(
    `parseSubmission: a form schema must name its fields (got ${schema._def.typeName})`,
  )
}
