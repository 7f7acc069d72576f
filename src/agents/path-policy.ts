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
 */
import { isAbsolute, relative, resolve } from "node:path";
import ignore from "ignore";

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

/** The family whose rules govern `tool`, if any. */
export function familyOf(tool: string): PathFamily | undefined {
	if (PATH_FAMILY_TOOLS.read.includes(tool)) return "read";
	return PATH_FAMILY_TOOLS.edit.includes(tool) ? "edit" : undefined;
}

/** Whether `path` (absolute) falls under the rule. */
export function matchesPath(rule: PathRule, path: string): boolean {
	const from = relative(rule.base, resolve(path));
	if (from === "") return rule.glob === "**";
	if (from.startsWith("..") || isAbsolute(from)) return false;
	return ignore().add(rule.glob).ignores(from);
}

/** The rule that refuses `tool` on `path` (absolute), if one does. */
export function deniedPath(rules: readonly PathRule[], tool: string, path: string): PathRule | undefined {
	const family = familyOf(tool);
	if (family === undefined) return undefined;
	return rules.find((rule) => rule.family === family && matchesPath(rule, path));
}

/** What the model reads when a call is refused. */
export function pathRefusal(tool: string, path: string, rule: PathRule): string {
	return `pi-delegate refused this call: ${tool} on ${path} is denied by ${rule.from}. Nothing was ${rule.family === "read" ? "read" : "changed"}.`;
}

/**
 * What the rules refuse, on one line, naming the tools of the family a child has (all of them when
 * `tools` is absent): `read and grep refuse ./.env, ./secrets/** (…, checked at each call)`.
 */
export function describePathRules(
	rules: readonly PathRule[],
	family: PathFamily,
	tools: readonly string[] = PATH_FAMILY_TOOLS[family],
): string | undefined {
	const of = rules.filter((r) => r.family === family).map((r) => r.pattern);
	const names = PATH_FAMILY_TOOLS[family].filter((t) => tools.includes(t));
	if (of.length === 0 || names.length === 0) return undefined;
	const who =
		names.length === 1 ? `${names[0]} refuses` : `${names.slice(0, -1).join(", ")} and ${names.at(-1)} refuse`;
	return `${who} ${[...new Set(of)].join(", ")} (Claude Code's settings, checked at each call)`;
}

/** A line per family the rules and the tools share. */
export function pathRuleLines(rules: readonly PathRule[], tools?: readonly string[]): string[] {
	return (["read", "edit"] as const).flatMap((family) => describePathRules(rules, family, tools) ?? []);
}
