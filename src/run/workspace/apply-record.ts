/**
 * The `apply` section of a run's result.json: what became of the child's change of its writable
 * roots. The execution writes it; `pi-delegate apply` reads it back as data, checked against this
 * schema before anything is done with it, because a record lies in a directory a child without
 * the sandbox could have written. The patch is always the record's own `changes.patch` (a literal,
 * never a path), so a record cannot point the command at another file. Pure.
 */
import Type, { type Static } from "typebox";
import type { Problem } from "../../problems.ts";
import { type Phrasebook, schemaProblems } from "../../schema-problems.ts";
import { kindOf } from "../../values.ts";

/** The patch's file name in the audit directory. */
export const PATCH_FILE = "changes.patch";

const Count = (what: string) => Type.Integer({ minimum: 0, description: `How many files the patch ${what}.` });

export const ApplyRecordSchema = Type.Object(
	{
		mode: Type.Union([Type.Literal("on-pass"), Type.Literal("direct")], {
			description:
				'How the child wrote: "on-pass" on a private copy, its change applied to the real root on PASS; "direct" in the real root itself (no patch to apply).',
		}),
		base: Type.String({
			pattern: "^/",
			description: "The absolute directory the patch's paths are relative to (where git apply runs).",
		}),
		patch: Type.Optional(
			Type.Literal(PATCH_FILE, {
				description: "The patch's file in the audit directory; absent when there was no change to keep.",
			}),
		),
		applied: Type.Boolean({ description: "Whether the patch was applied to the real root at the run's end." }),
		files: Type.Object(
			{ added: Count("adds"), modified: Count("modifies"), deleted: Count("deletes"), renamed: Count("renames") },
			{ description: "How many files the patch touches, by kind of change." },
		),
		reason: Type.Optional(
			Type.String({ description: "Why the patch was not applied (a FAIL, a patch that no longer applied)." }),
		),
	},
	{ description: "What became of the child's change of its writable roots." },
);

/** An apply section that passed the schema (run/outcome/apply.ts's ApplyRecord is what the execution writes). */
export type RecordedApply = Static<typeof ApplyRecordSchema>;

const FIX = "read the run's record again as the run wrote it; a record changed since cannot be applied";

const APPLY_PHRASES: Phrasebook = {
	unknownKeys: "last",
	phrase(at) {
		if (at.issue.kind === "missing") return { message: "is missing", fix: FIX };
		if (at.issue.kind === "type")
			return { message: `must be a ${at.issue.expected}, not ${kindOf(at.value)}`, fix: FIX };
		return { message: "is not a value this field can hold", fix: FIX };
	},
};

/**
 * The `apply` section of a parsed result.json, or every problem with it: a record without one (a
 * run from before on-pass, or a run that wrote in place) is a problem too, with its own fix.
 */
export function applyRecordOf(
	result: unknown,
	source: string,
): { ok: true; record: RecordedApply } | { ok: false; problems: Problem[] } {
	const section = typeof result === "object" && result !== null ? (result as { apply?: unknown }).apply : undefined;
	if (section === undefined) {
		const message = "has no apply section: the run kept no change to apply";
		const fix = 'run the task with apply: "on-pass" to keep its change as a patch';
		return { ok: false, problems: [{ source, path: ["apply"], code: "required", value: undefined, message, fix }] };
	}
	const problems = schemaProblems(ApplyRecordSchema, section, APPLY_PHRASES).map((problem) => ({
		...problem,
		source,
		path: ["apply", ...problem.path],
	}));
	return problems.length > 0 ? { ok: false, problems } : { ok: true, record: section as RecordedApply };
}
