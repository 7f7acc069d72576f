/**
 * The fixed choices a child request offers, one list each for every reader of user input: the spec,
 * the `task` and `fork` tools, `agent()` options, agent files and the command line. Kept apart from
 * the request table (fields.ts) because readers that are loaded when Pi starts need only these lists.
 */

/** How hard the child thinks; each level maps to a model tier elsewhere. */
export const EFFORTS = ["fast", "balanced", "deep"] as const;
export type Effort = (typeof EFFORTS)[number];

/** Whether the child's forbidden writes are prevented (`enforce`) or only detected by the boundary diff (`off`). */
export const SANDBOX_MODES = ["enforce", "off"] as const;
export type SandboxSetting = (typeof SANDBOX_MODES)[number];

/**
 * Where a task's child makes its changes: `on-pass` on a private copy of each writable root, applied
 * to the real root as one patch only when the task passes; `direct` in the real root, as it works.
 */
export const APPLY_MODES = ["on-pass", "direct"] as const;
export type ApplySetting = (typeof APPLY_MODES)[number];

/**
 * The spec's `evidence` field: whether an `ok` result must cite at least one pointer (envelope/proof.ts
 * applies it).
 */
export const EVIDENCE_RULES = ["required", "optional"] as const;
export type EvidenceRule = (typeof EVIDENCE_RULES)[number];
export const DEFAULT_EVIDENCE_RULE: EvidenceRule = "required";

/**
 * How a child adopts the parent's words: `full` (the default) takes the operator's channels as Pi
 * loaded them, `portable` a capture that travels without the parent's files (src/prompt/inherit.ts).
 */
export const STRATEGIES = ["full", "portable"] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** How the child's role meets the base prompt: kept under it (`append`) or installed in its place (`replace`). */
export const SYSTEM_PROMPT_MODES = ["append", "replace"] as const;
export type SystemPromptMode = (typeof SYSTEM_PROMPT_MODES)[number];

/** The four primitives of what a child sees, in the order tables and provenance print them (context/primitives.ts). */
export const PRIMITIVE_NAMES = [
	"inheritProjectContext",
	"inheritMainRules",
	"inheritSkills",
	"systemPromptMode",
] as const;

/** The context fields one layer (a call, an agent file) may set: a mode, any primitive, a skills allowlist. */
export const CONTEXT_FIELD_NAMES = ["contextMode", ...PRIMITIVE_NAMES, "skills"] as const;

/** Where a child runs: a session in this process, or a `pi` process of its own. */
export const RUNNER_KINDS = ["subprocess", "in-process"] as const;
export type RunnerKind = (typeof RUNNER_KINDS)[number];
