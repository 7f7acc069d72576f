/**
 * The key of the running children's spend in Pi's footer. Its own module: the widget, loaded at
 * start, clears the status at shutdown, and importing the key from spend-status.ts (loaded with the
 * first call) would pull that module into the start chunk as a namespace object.
 */
export const SPEND_STATUS_KEY = "pi-delegate";
