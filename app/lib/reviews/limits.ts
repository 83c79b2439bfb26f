/** Review field limits, shared by the form (browser) and the action's schema (server). */
export const REVIEW_TITLE_MAX = 100
export const REVIEW_BODY_MAX = 2000
