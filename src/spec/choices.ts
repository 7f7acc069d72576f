/**
 * The fixed choices of a task spec that the `task` tool's definition lists too. Kept apart from the
 * spec's schema (schema.ts), which the tool definition does not need: the definition is built when
 * Pi starts, and everything it imports is loaded then.
 */

/** How hard the child thinks; each level maps to a model tier elsewhere. */
export const EFFORTS = ["fast", "balanced", "deep"] as const;
export type Effort = (typeof EFFORTS)[number];

/** Whether the child's forbidden writes are prevented (`enforce`) or only detected by the boundary diff (`off`). */
export const SANDBOX_MODES = ["enforce", "off"] as const;
export type SandboxSetting = (typeof SANDBOX_MODES)[number];
