/**
 * Which paths a child's file tools may not touch, checked per call: Claude Code's path rules
 * (`deny: ["Read(./.env)", "Edit(/src/secrets/**)"]`). Plain data, so the plan can carry them and
 * `launch.json` record them; pure, so every runner decides alike.
 *
 * A rule's pattern follows Claude Code's reading of the gitignore rules: `//x` is absolute, `~/x`
 * starts at the home directory, `/x` at the project's root, `x` and `./x` at the working
 * directory; `*` stays within a folder, `**` crosses them, a pattern without a slash matches at any
 * depth, and a folder's rule covers what is inside it. A rule on `Read` governs the tools that read
 * files (read, grep, find, ls), one on `Edit` or `Write` the tools that change them (edit, write).
 * The check sees the path a tool is given: a search over a folder that holds a denied file, and
 * bash, can still reach it — a narrowing of what a child does, as in Claude Code, not a confinement.
 *
 * OpenCode's path maps (`read: { "*": allow, "*.env": deny }`, `edit: { "*": deny, "docs/**": allow }`)
 * are rules too, one per pattern, sharing the map's name: the last of a map's rules that matches a
 * path decides it, as in OpenCode. Their patterns are OpenCode's wildcards, matched as OpenCode
 * asks: `read` with the absolute path, the editing permissions with the path from the project's
 * root; where its versions read a pattern differently, a path either reading refuses is refused.
 */
import { isAbsolute, relative, resolve, sep } from "node:path";
import ignore from "ignore";
import { matchesEverything, wildcardExpression } from "./wildcard.ts";

export type PathFamily = "read" | "edit";

export interface PathRule {
	/** The pattern as written: `./.env`, `/src/secrets/**`. */
	pattern: string;
	family: PathFamily;
	/** The folder the pattern starts from, absolute. */
	base: string;
	/** The pattern from `base`, in gitignore's form. */
	glob: string;
	/** Where the rule was written, as a note shows it. */
	from: string;
	/** OpenCode's wildcards instead of gitignore's patterns; `base` is the project's root. */
	syntax?: "opencode";
	/** Default deny; a map's rules may allow. */
	effect?: "allow" | "deny";
	/** The map the rule belongs to (`permission.edit`): its last matching rule decides a path. */
	map?: string;
	/** The tools it governs, when fewer than its family's (OpenCode's `read` governs read alone). */
	tools?: string[];
}

/** The folders a pattern may start from. */
export interface PathPlaces {
	cwd: string;
	/** The project's root: `/x` starts here. */
	root: string;
	home: string;
}

/** The tools each family governs. */
export const PATH_FAMILY_TOOLS: Readonly<Record<PathFamily, readonly string[]>> = {
	read: ["read", "grep", "find", "ls"],
	edit: ["edit", "write"],
};

/** A rule from its pattern: where it starts, and what it matches from there. */
export function pathRule(pattern: string, family: PathFamily, from: string, places: PathPlaces): PathRule {
	const text = pattern.trim();
	// A leading slash anchors gitignore's pattern at the base; without one, a name matches at any depth.
	const [base, glob] = text.startsWith("//")
		? ["/", text.slice(1)]
		: text.startsWith("~/")
			? [places.home, text.slice(1)]
			: text.startsWith("/")
				? [places.root, text]
				: [places.cwd, text.startsWith("./") ? text.slice(1) : text];
	return { pattern: text, family, base: resolve(base), glob: glob === "/" || glob === "" ? "**" : glob, from };
}

/** The tools a rule governs. */
export const ruleTools = (rule: PathRule): readonly string[] => rule.tools ?? PATH_FAMILY_TOOLS[rule.family];

/** The family whose rules govern `tool`, if any. */
export function familyOf(tool: string): PathFamily | undefined {
	if (PATH_FAMILY_TOOLS.read.includes(tool)) return "read";
	return PATH_FAMILY_TOOLS.edit.includes(tool) ? "edit" : undefined;
}

/** What OpenCode matches a path as: read, the absolute path; an edit, the path from the project's root. */
function openCodeSubject(rule: PathRule, path: string): string {
	const absolute = resolve(path);
	return (rule.family === "read" ? absolute : relative(rule.base, absolute)).split(sep).join("/");
}

/**
 * Whether `path` (absolute) falls under the rule; for OpenCode's wildcards, in the reading that
 * `folders` names (wildcard.ts).
 */
export function matchesPath(rule: PathRule, path: string, folders = false): boolean {
	if (rule.syntax === "opencode") return wildcardExpression(rule.glob, { folders }).test(openCodeSubject(rule, path));
	const from = relative(rule.base, resolve(path));
	if (from === "") return rule.glob === "**";
	if (from.startsWith("..") || isAbsolute(from)) return false;
	return ignore().add(rule.glob).ignores(from);
}

/**
 * The rule that refuses `tool` on `path` (absolute), if one does: any matching rule outside a map
 * (Claude Code's), or the last matching rule of a map when it denies — in either reading of
 * OpenCode's wildcards, so a map never allows more here than in any OpenCode version.
 */
export function deniedPath(rules: readonly PathRule[], tool: string, path: string): PathRule | undefined {
	const governing = rules.filter((rule) => ruleTools(rule).includes(tool));
	const plain = governing.find((rule) => rule.map === undefined && rule.effect !== "allow" && matchesPath(rule, path));
	if (plain !== undefined) return plain;
	for (const map of new Set(governing.flatMap((rule) => rule.map ?? []))) {
		for (const folders of [false, true]) {
			const last = governing.findLast((rule) => rule.map === map && matchesPath(rule, path, folders));
			if (last !== undefined && last.effect !== "allow") return last;
		}
	}
	return undefined;
}

/** What the model reads when a call is refused. */
export function pathRefusal(tool: string, path: string, rule: PathRule): string {
	return `pi-delegate refused this call: ${tool} on ${path} is denied by ${rule.from}. Nothing was ${familyOf(tool) === "edit" ? "changed" : "read"}.`;
}

const listed = (names: readonly string[]) =>
	names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * What Claude Code's rules of a family refuse, on one line, naming the tools of the family a child
 * has (all of them when `tools` is absent): `read and grep refuse ./.env, ./secrets/** (…)`.
 */
export function describePathRules(
	rules: readonly PathRule[],
	family: PathFamily,
	tools: readonly string[] = PATH_FAMILY_TOOLS[family],
): string | undefined {
	const of = rules.filter((r) => r.family === family && r.map === undefined).map((r) => r.pattern);
	const names = PATH_FAMILY_TOOLS[family].filter((t) => tools.includes(t));
	if (of.length === 0 || names.length === 0) return undefined;
	const who = `${listed(names)} ${names.length === 1 ? "refuses" : "refuse"}`;
	return `${who} ${[...new Set(of)].join(", ")} (Claude Code's settings, checked at each call)`;
}

/**
 * One map's rules on one line: `edit and write limited to docs/** (permission.edit, …)` when its
 * `"*"` denies, `read refuses *.env, except *.env.example (permission.read, …)` when it allows.
 */
function describeMap(rules: readonly PathRule[], tools?: readonly string[]): string | undefined {
	const first = rules[0];
	if (first === undefined) return undefined;
	const names = ruleTools(first).filter((tool) => tools?.includes(tool) ?? true);
	if (names.length === 0) return undefined;
	const fallback = matchesEverything(first.pattern) ? first : undefined;
	const rest = rules.filter((rule) => rule !== fallback);
	const patterns = (allow: boolean) =>
		[...new Set(rest.filter((r) => (r.effect === "allow") === allow).map((r) => r.pattern))].join(", ");
	const [allows, denies] = [patterns(true), patterns(false)];
	const where = `(${first.map}, checked at each call)`;
	if (fallback !== undefined && fallback.effect !== "allow")
		return `${listed(names)} limited to ${allows}${denies === "" ? "" : `, not ${denies}`} ${where}`;
	const who = `${listed(names)} ${names.length === 1 ? "refuses" : "refuse"}`;
	return `${who} ${denies}${allows === "" ? "" : `, except ${allows}`} ${where}`;
}

/** A line per family of Claude Code's rules, then one per map, that govern a tool of `tools`. */
export function pathRuleLines(rules: readonly PathRule[], tools?: readonly string[]): string[] {
	const maps = [...new Set(rules.flatMap((rule) => rule.map ?? []))];
	return [
		...(["read", "edit"] as const).flatMap((family) => describePathRules(rules, family, tools) ?? []),
		...maps.flatMap(
			(map) =>
				describeMap(
					rules.filter((rule) => rule.map === map),
					tools,
				) ?? [],
		),
	];
}
