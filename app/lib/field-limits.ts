/**
 * Field limits a form in the browser needs as constraints, without zod: a public page that imports
 * them from here keeps zod out of its JavaScript (docs/decisions/038-less-javascript.md).
 * ~/lib/fields builds its schemas on the same numbers.
 */

/** Up to 254 characters in every form (RFC 5321's path limit). */
export const EMAIL_MAX = 254
