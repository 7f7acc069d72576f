/** The problem of a frontmatter key nobody knows: a body written as a key, a typo, or a stranger's restriction. */
import { classifyKey } from "./keys.ts";
import type { KeyProblem } from "./restrict.ts";

export function unknownKey(key: string, value: unknown): KeyProblem {
	const kind = classifyKey(key);
	if (kind.kind === "unknown" && kind.body) {
		return {
			path: [key],
			code: "unknown_key",
			value,
			message: `unknown key "${key}": the role is the file's body, not a frontmatter key`,
			fix: "move the text below the closing --- line",
		};
	}
	const near = kind.kind === "unknown" ? kind.near : undefined;
	const why =
		"unknown keys are refused so that a misspelt setting (say, a tool restriction) never falls back to a default";
	return {
		path: [key],
		code: "unknown_key",
		value,
		message: `unknown key "${key}"${near === undefined ? "" : ` (did you mean "${near}"?)`}`,
		fix:
			near === undefined
				? `remove it (${why}); docs/agents.md lists the keys accepted`
				: `rename it to "${near}"; ${why}`,
	};
}
