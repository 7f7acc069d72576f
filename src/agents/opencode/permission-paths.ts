/**
 * OpenCode's per-path maps of its file permissions (`read: { "*": allow, "*.env": deny }`, `edit:
 * { "*": deny, "docs/**": allow }`) as pi-delegate holds them: each map becomes path rules checked
 * at each call (agents/permissions/path-policy.ts), so a reviewer that may not read `.env` keeps read for the rest. A
 * map that allows no path withholds its tools, with the reason. The maps of grep, glob and list
 * name search patterns, not paths, and still withhold their tool (permission.ts). An
 * `external_directory` limit holds every file tool to the project's folder, when bash is withheld.
 */
import { resolve } from "node:path";
import { isRecord } from "../../values.ts";
import type { CommandEffect } from "../permissions/command-policy.ts";
import type { PathFamily, PathPlaces, PathRule } from "../permissions/path-policy.ts";
import { matchesEverything } from "../permissions/wildcard.ts";
import type { Narrowing } from "../restrict.ts";
import type { Verdict } from "./permission-bash.ts";

/** The permissions whose maps name paths, each with the family and the Pi tools it governs. */
const PATH_PERMISSIONS: Readonly<Record<string, { family: PathFamily; tools: readonly string[] }>> = {
	read: { family: "read", tools: ["read"] },
	edit: { family: "edit", tools: ["edit", "write"] },
	write: { family: "edit", tools: ["write"] },
	patch: { family: "edit", tools: ["edit", "write"] },
	apply_patch: { family: "edit", tools: ["edit", "write"] },
	multiedit: { family: "edit", tools: ["edit"] },
};

/** OpenCode expands a leading `~` or `$HOME` to the home folder when it reads its config. */
function expandHome(pattern: string, home: string): string {
	if (home === "") return pattern;
	for (const start of ["~", "$HOME"]) {
		if (pattern === start) return home;
		if (pattern.startsWith(`${start}/`)) return `${home}${pattern.slice(start.length)}`;
	}
	return pattern;
}

/**
 * One permission's path map as rules: OpenCode's last matching pattern decides, so a `"*"` decides
 * every path no later pattern matches, and a pattern before the last `"*"` never decides (a note
 * says so). A path no pattern matches gets `unmatched`. Undefined when the map allows no path.
 */
function pathMap(
	key: string,
	name: string,
	map: unknown,
	unmatched: CommandEffect,
	into: Narrowing,
): PathRule[] | undefined {
	const kind = PATH_PERMISSIONS[name];
	if (kind === undefined || !isRecord(map)) return undefined;
	const { root, home } = into.places;
	const rule = (pattern: string, effect: CommandEffect, from: string): PathRule => ({
		pattern,
		family: kind.family,
		base: root,
		glob: expandHome(pattern.trim(), home),
		from,
		syntax: "opencode",
		effect,
		map: `${key}.${name}`,
		tools: [...kind.tools],
	});
	const written = Object.entries(map).map(([pattern, action]) =>
		rule(pattern, action === "allow" ? "allow" : "deny", `${key}.${name} "${pattern}": ${String(action)}`),
	);
	const last = written.findLastIndex((r) => matchesEverything(r.pattern));
	const every = written[last]?.pattern.trim();
	for (const dead of written.slice(0, Math.max(0, last))) {
		into.notes.push({
			key,
			message: `${key}.${name} "${dead.pattern}" never decides: "${every}" comes after it, and OpenCode's last matching rule wins (write "${every}" first)`,
		});
	}
	const fallback =
		last >= 0 || unmatched === "allow"
			? []
			: [rule("*", "deny", `${key}.${name}, which names no pattern for this path (ask counts as deny)`)];
	const rules = [...fallback, ...written.slice(Math.max(0, last))];
	const opensSome = !matchesEverything(rules[0]?.pattern ?? "") || rules.some((r) => r.effect === "allow");
	return opensSome ? rules : undefined;
}

/**
 * Whether `tool` is held to the path maps of the permissions that decide it, instead of withheld:
 * each deciding permission is a path permission, allows it all or by a map, and every map allows
 * some path. A map's rules are added once, however many of its tools ask.
 */
export function holdPaths(
	key: string,
	tool: string,
	deciding: readonly string[],
	verdicts: ReadonlyMap<string, { verdict: Verdict; value: unknown }>,
	unmatched: CommandEffect,
	into: Narrowing,
): boolean {
	if (!deciding.every((name) => PATH_PERMISSIONS[name]?.tools.includes(tool))) return false;
	if (deciding.some((name) => verdicts.get(name)?.verdict === "withhold")) return false;
	const partial = deciding.filter((name) => verdicts.get(name)?.verdict === "partial");
	const fresh = partial.filter((name) => !into.paths.some((r) => r.map === `${key}.${name}`));
	const scratch = { ...into, notes: [] as Narrowing["notes"] };
	const maps = fresh.map((name) => pathMap(key, name, verdicts.get(name)?.value, unmatched, scratch));
	// A dead pattern is worth a note either way: it may be why a map allows no path.
	for (const note of scratch.notes) if (!into.notes.some((n) => n.message === note.message)) into.notes.push(note);
	if (partial.length === 0 || maps.some((rules) => rules === undefined)) return false;
	for (const rules of maps) into.paths.push(...(rules ?? []));
	return true;
}

/** Why a tool whose path map allows no path is withheld; undefined for a map of another kind. */
export function pathWhy(key: string, name: string, tool: string): string | undefined {
	return PATH_PERMISSIONS[name]?.tools.includes(tool) ? `${key}.${name} allows no path` : undefined;
}

/** The tools `external_directory` governs here: every file tool (bash cannot be held to a folder). */
const EXTERNAL_TOOLS = ["read", "grep", "find", "ls", "edit", "write"];

/**
 * Whether an `external_directory` rule lets tools reach anywhere: `allow`, or a map whose last `"*"`
 * allows. A map that only names folders leaves the rest to OpenCode's default, which asks.
 */
export function opensEverything(value: unknown): boolean {
	if (!isRecord(value)) return value === "allow";
	return Object.entries(value).findLast(([pattern]) => pattern.trim() === "*")?.[1] === "allow";
}

/**
 * OpenCode's `external_directory` as path rules over every file tool: a path outside the project's
 * folder is refused unless the rule's own map allows it (`"~/notes/**": allow`); the project's
 * folder is always allowed, as OpenCode asks only outside it.
 */
export function externalRules(key: string, value: unknown, places: PathPlaces): PathRule[] {
	const map = `${key}.external_directory`;
	const root = resolve(places.root);
	const rule = (pattern: string, effect: CommandEffect, from: string, glob = pattern): PathRule => ({
		pattern,
		family: "read",
		base: root,
		glob: expandHome(glob.trim(), places.home),
		from,
		syntax: "opencode",
		effect,
		map,
		tools: [...EXTERNAL_TOOLS],
	});
	const named = isRecord(value) ? Object.entries(value).filter(([pattern]) => pattern.trim() !== "*") : [];
	return [
		rule("*", "deny", `${map}, for a path outside the project's folder ${root} (ask counts as deny)`),
		...named.map(([pattern, action]) =>
			rule(pattern, action === "allow" ? "allow" : "deny", `${map} "${pattern}": ${String(action)}`),
		),
		// The folder itself and what is inside it, shown as one pattern.
		rule(`${root}/**`, "allow", "the project's folder", root),
		rule(`${root}/**`, "allow", "the project's folder"),
	];
}

/**
 * Why bash is withheld from an agent with an `external_directory` limit: no check can hold a shell
 * to a folder, so keeping bash would let the child reach what the rule keeps out. Withholding it is
 * the narrower reading, and the agent keeps its file tools, held to the project at each call. A
 * misspelt action or permission name is refused where the block is read, never read as this.
 */
export function externalWhy(key: string, value: unknown): string {
	const written = typeof value === "string" ? value : "a map";
	return `${key}.external_directory is ${written}, and bash cannot be confined to a folder (the file tools are held to the project at each call)`;
}
