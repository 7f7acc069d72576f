/**
 * The check of a file tool's call against the agent's path rules (agents/permissions/path-policy.ts), shared by
 * the child extension (subprocess) and the contained tools (in-process). A path is checked as given
 * and as it resolves, so a symlink with an innocent name does not read the file a rule denies.
 */
import { realpathSync } from "node:fs";
import { deniedPath, familyOf, type PathRule, pathRefusal } from "../../agents/permissions/path-policy.ts";
import type { PreventedAttempt } from "../sandbox/types.ts";
import { toolPath } from "../sandbox/write-check.ts";

function realPath(path: string): string | undefined {
	try {
		return realpathSync(path);
	} catch {
		return undefined;
	}
}

/** The refusal of `tool` called with `input`, if a rule denies the path it names (the cwd, when it names none). */
export function pathHold(
	rules: readonly PathRule[],
	tool: string,
	input: unknown,
	where: { cwd: string; home: string },
): { attempt: PreventedAttempt; message: string } | undefined {
	if (familyOf(tool) === undefined) return undefined;
	const given = (input as { path?: unknown } | undefined)?.path;
	const path = toolPath(typeof given === "string" && given.trim() !== "" ? given : ".", where.cwd, where.home);
	const forms = [path, realPath(path)].filter((p): p is string => p !== undefined);
	for (const form of new Set(forms)) {
		const rule = deniedPath(rules, tool, form);
		if (rule === undefined) continue;
		const reason = `denied by ${rule.from}`;
		return { attempt: { tool, path, reason, refusedBy: "paths" }, message: pathRefusal(tool, path, rule) };
	}
	return undefined;
}
