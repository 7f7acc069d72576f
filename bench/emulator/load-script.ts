/**
 * Reads a script file: JSON (checked against the schema, every problem reported at once) or a
 * TypeScript/JavaScript module whose default export is the script (functions allowed).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Value } from "typebox/value";
import { formatProblems, keywordCode, type Problem, pointerSegments } from "../../src/problems.ts";
import { JsonScript, type Script } from "./script.ts";

/** A script that cannot be used; carries every problem found, already in its message. */
export class ScriptError extends Error {
	readonly problems: readonly Problem[];
	constructor(summary: string, problems: readonly Problem[]) {
		super(`${summary}\n${formatProblems(problems)}`);
		this.name = "ScriptError";
		this.problems = problems;
	}
}

/** Problems with a parsed JSON script; empty when it is valid. */
export function checkJsonScript(value: unknown): Problem[] {
	if (Value.Check(JsonScript, value)) return [];
	const problems: Problem[] = [];
	const seen = new Set<string>();
	for (const error of Value.Errors(JsonScript, value)) {
		const segments = pointerSegments(error.instancePath);
		const key = JSON.stringify(segments);
		if (seen.has(key)) continue;
		seen.add(key);
		let found: unknown = value;
		for (const s of segments) found = (found as Record<string | number, unknown> | undefined)?.[s];
		problems.push({
			path: segments,
			code: keywordCode(error.keyword),
			value: found,
			message: error.message,
			fix: "a turn is a string or { text?, thinking?, tools?: [{ name, input }], stop?, failures?, delayMs? }; see bench/emulator/README.md",
		});
	}
	return problems;
}

export async function loadScript(file: string): Promise<Script> {
	const path = resolve(file);
	if (path.endsWith(".json")) {
		let parsed: unknown;
		try {
			parsed = JSON.parse(readFileSync(path, "utf8"));
		} catch (error) {
			throw new ScriptError(`cannot read script ${file}`, [
				{ path: [], code: "unreadable", value: file, message: String(error), fix: "give a readable JSON file" },
			]);
		}
		const problems = checkJsonScript(parsed);
		if (problems.length > 0) throw new ScriptError(`script ${file} is not valid`, problems);
		return parsed as Script;
	}
	const mod = (await import(pathToFileURL(path).href)) as { default?: unknown };
	const script = mod.default;
	if (typeof script !== "object" || script === null) {
		throw new ScriptError(`script module ${file} has no default export`, [
			{
				path: ["default"],
				code: "required",
				value: script,
				message: "missing or not an object",
				fix: "export default { conversations: [...] }",
			},
		]);
	}
	return script as Script;
}
