/*
 * The back office's Bob Go forms, as both the routes' actions and the components name them. Pure:
 * safe in the browser (bobgo-admin.server.ts holds the handlers).
 */

/** The `intent` of /admin/shipping's "Test connection" form. */
export const BOBGO_TEST_INTENT = 'bobgo-test'
/** The `intent` of an order page's "Resync with Bob Go" form. */
export const BOBGO_RESYNC_INTENT = 'bobgo-resync'
