/**
 * The spec's `evidence` field: whether an `ok` result must cite at least one pointer (envelope/proof.ts
 * applies it). Its own file so the spec can name the values without importing a later stage.
 */
export const EVIDENCE_RULES = ["required", "optional"] as const;
export type EvidenceRule = (typeof EVIDENCE_RULES)[number];
export const DEFAULT_EVIDENCE_RULE: EvidenceRule = "required";
