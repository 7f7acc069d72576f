/**
 * What lies under a file's own keys (ParseOptions `beneath`): OpenCode's own agent's limits, the
 * permission of OpenCode's config files, and a config entry of the file's name — merged as OpenCode
 * merges them, the file's own keys winning — and how a problem with a key the file does not write
 * says where the key comes from.
 */
import type { Problem } from "../problems.ts";
import { isRecord } from "../values.ts";
import type { AgentNote } from "./definition.ts";
import type { KeyValues } from "./keys.ts";
import { layPermission } from "./opencode/permission.ts";
import type { KeyProblem } from "./restrict.ts";

/** Rules and keys under a file's own (see ParseOptions in parse.ts). */
export interface Beneath {
	permission: Readonly<Record<string, unknown>>;
	tools?: Readonly<Record<string, unknown>>;
	/** Other keys of a config entry of the file's name, under the file's own (opencode/merge.ts). */
	fields?: Readonly<Record<string, unknown>>;
	/** Where `fields` come from, for the notes that name them. */
	fieldsFrom?: string;
	why: string;
}

/** The rules under the file's own: permission blocks merge, and a tools map merges into the file's map. */
export function layBeneath(values: KeyValues, beneath: Beneath): void {
	values.permission = layPermission(beneath.permission, values.permission);
	const own = values.tools;
	// A tools list says exactly what the agent gets; only a map merges.
	if (beneath.tools === undefined || (own !== undefined && !isRecord(own))) return;
	values.tools = { ...beneath.tools, ...own };
}

/** A problem with a rule laid under the file (not written in it) says where the rule comes from. */
export function laidProblem(
	problem: KeyProblem,
	fields: Record<string, unknown>,
	options: { beneath?: Beneath },
	at: string,
): Problem {
	const [key, rule] = problem.path;
	const from = options.beneath?.fieldsFrom;
	if (from && typeof key === "string" && key !== "permission" && !Object.hasOwn(fields, key))
		return { source: at, ...problem, fix: `${problem.fix}; this file does not write the key: it comes from ${from}` };
	const own = fields.permission;
	const written = typeof own === "string" || (isRecord(own) && Object.hasOwn(own, String(rule)));
	if (!options.beneath || key !== "permission" || typeof rule !== "string" || written)
		return { source: at, ...problem };
	return { source: at, ...problem, fix: `${problem.fix}; this file does not write the rule: ${options.beneath.why}` };
}

/** The keys a config entry of the file's name adds under the file's own, and a note for each. */
export function laidFields(own: Record<string, unknown>, beneath: Beneath | undefined) {
	const fields = Object.fromEntries(
		Object.entries(beneath?.fields ?? {}).filter(([key]) => !Object.hasOwn(own, key) && key !== "name"),
	);
	const from = beneath?.fieldsFrom ?? "the config";
	const notes: AgentNote[] = Object.keys(fields).map((key) => ({
		key,
		message: `from ${from}, which OpenCode merges under this file (the file's own keys win)`,
	}));
	return { fields, notes };
}
