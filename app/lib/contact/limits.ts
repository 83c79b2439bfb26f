/** Contact message length, shared by the form's hint (browser) and the action's schema (server). */
export const MESSAGE_MIN = 10
export const MESSAGE_MAX = 5000
