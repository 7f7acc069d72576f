/**
 * Terminal renderings of a spec validation result: a short summary of a valid spec (what is watched,
 * what is writable, which limits apply and where they came from), or the list of problems.
 */

import { formatUsd, plural } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { firstLine, terminalSafe } from "../format/text.ts";
import { formatProblems, type Problem, problemReplacer } from "../problems.ts";
import type { Budget } from "../request/limits.ts";
import { lexical } from "../spec/paths.ts";
import type { SpecInvalid, SpecValid } from "../spec/validate.ts";

const LIMITS: ReadonlyArray<[keyof Budget, (v: number) => string]> = [
	["wall_s", (v) => `${v} s`],
	["usd", formatUsd],
	["turns", String],
	["accept_s", (v) => `${v} s`],
];

function warningsBlock(warnings: readonly Problem[]): string[] {
	return warnings.length === 0 ? [] : ["", `Warnings (${warnings.length}):`, formatProblems(warnings, "!")];
}

/** A valid spec in brief, laid out for a terminal `width` columns wide (a long goal is shortened to fit). */
export function describeValid(result: SpecValid, width = 80): string {
	const { spec, defaulted } = result;
	const mark = (path: string) => (defaulted.includes(path) ? " (default)" : "");
	const ctx = spec.context;
	const room = width - "  deliverable  ".length;
	const fields: Array<[string, string]> = [
		["goal", firstLine(spec.goal, room)],
		["deliverable", firstLine(spec.deliverable, room)],
		["effort", `${spec.effort}${mark("effort")}`],
		["read_only", `${spec.read_only}${mark("read_only")}`],
		[
			"context",
			`${plural(ctx.facts.length, "fact")}, ${plural(ctx.files.length, "file")}, ${plural(ctx.commands.length, "command")}`,
		],
		...(spec.accept
			? [["accept", spec.accept.map((c) => terminalSafe(firstLine(c, room))).join("; ")] as [string, string]]
			: []),
	];
	const labels = Math.max(...fields.map(([k]) => k.length));
	const writable = new Set(spec.resolved.write_allowed);
	const showReal = spec.roots.some((r, i) => lexical(r) !== spec.resolved.roots[i]);
	const rootRows = spec.roots.map((root, i) => {
		const real = spec.resolved.roots[i] ?? root;
		const access = writable.has(real) ? "writable" : "watched-only";
		return showReal ? [root, access, real] : [root, access];
	});
	const budgetRows = LIMITS.flatMap(([key, show]) => {
		const value = spec.budget[key];
		if (value === undefined) return [];
		const source = key === "accept_s" ? "default" : `default for ${spec.effort}`;
		return [[key, show(value), defaulted.includes(`budget.${key}`) ? source : "spec"]];
	});
	return [
		`✓ ${spec.id}: valid task spec`,
		...fields.map(([k, v]) => `  ${k.padEnd(labels)}  ${v}`),
		"",
		// Paths stay whole, however wide: a path broken mid-name cannot be copied.
		renderTable(showReal ? ["root", "access", "real path"] : ["root", "access"], rootRows),
		"",
		renderTable(["limit", "value", "source"], budgetRows, ["left", "right", "left"]),
		...warningsBlock(result.warnings),
	].join("\n");
}

export function describeInvalid(result: SpecInvalid, source: string): string {
	const unreadable = result.problems.some((p) => p.source === "(file)");
	const name = terminalSafe(source);
	return [
		unreadable
			? `✗ ${name}: cannot be read`
			: `✗ ${name}: not a valid task spec (${plural(result.problems.length, "problem")})`,
		formatProblems(result.problems),
		...warningsBlock(result.warnings),
	].join("\n");
}

/** JSON for scripts. Non-finite numbers (1e999 parses to Infinity) are written as strings, not null. */
export function resultJson(result: SpecValid | SpecInvalid): string {
	const body = result.ok
		? { valid: true, spec: result.spec, defaulted: result.defaulted, warnings: result.warnings }
		: { valid: false, problems: result.problems, warnings: result.warnings };
	return JSON.stringify(
		body,
		(k, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? String(v) : problemReplacer(k, v)),
		2,
	);
}
