/**
 * Observations about `context` that do not make a spec invalid: a file the child is told to read may
 * legitimately not exist yet (the task may create it), so these come back as warnings.
 */
import type { Problem } from "../problems.ts";
import { isRecord, own } from "../values.ts";
import { isAbsolute } from "./paths.ts";
import type { PathProbe } from "./probe.ts";

const LISTS = ["facts", "files", "commands"] as const;

export function contextWarnings(context: unknown, probe: PathProbe): Problem[] {
	if (!isRecord(context)) return [];
	const warnings: Problem[] = [];
	for (const name of LISTS) {
		const list = own(context, name);
		if (!Array.isArray(list)) continue;
		const first = new Map<string, number>();
		list.forEach((value, i) => {
			if (typeof value !== "string" || value.trim() === "") return;
			const path = ["context", name, i];
			const earlier = first.get(value);
			if (earlier !== undefined) {
				warnings.push({
					path,
					code: "duplicate",
					value,
					message: `repeats context.${name}[${earlier}]`,
					fix: `remove context.${name}[${i}]`,
				});
				return;
			}
			first.set(value, i);
			if (name !== "files") return;
			if (!isAbsolute(value)) {
				warnings.push({
					path,
					code: "invalid_value",
					value,
					message: "is a relative path; the child will resolve it from its own working directory",
					fix: "give the absolute path so the child opens the file you mean",
				});
			} else if (probe(value).kind === "missing") {
				warnings.push({
					path,
					code: "not_found",
					value,
					message: "does not exist (the child will be told to read it)",
					fix: "check the path, unless the task itself creates the file",
				});
			}
		});
	}
	return warnings;
}
