/**
 * The custom entry type the request meter appends to a session, in a module of its own so a
 * reader that needs only the entries' times (the parent's cache policy, at session start) loads
 * nothing else (request-entry.ts brings typebox).
 */
export const REQUEST_ENTRY_TYPE = "pi-delegate.request";
