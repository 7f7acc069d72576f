/**
 * What a file says about the child's view: its context mode, the channels it inherits, how its role
 * meets the base prompt, and the skills it may read. Pure; the shapes are already checked
 * (schema.ts), and the spellings of other Pi packages are read here beside pi-delegate's own.
 */
import type { ContextFields } from "../context/primitives.ts";
import type { KeyProblem } from "./restrict.ts";

/** The keys that list skills: pi-delegate's, pi-subagents' and tintinweb/pi-subagents' spellings. */
const SKILLS_KEYS = ["skills", "skill", "inherit_skills"] as const;

export const SKILLS_SWITCH_ON = "a yes, not a list of skills; the mode decides which skills the child reads";

/**
 * A yes or no, or "none", where a skills list belongs (`skill: true` in OpenCode files, `skills:
 * false` in tintinweb/pi-subagents). No or "none" is no skills; yes is what leaving the key out
 * says. Skills are what a child reads, not what it may do, so neither can widen its authority.
 */
export function isSkillsSwitch(key: string, value: unknown): boolean {
	if (!(SKILLS_KEYS as readonly string[]).includes(key)) return false;
	return typeof value === "boolean" || (typeof value === "string" && value.trim().toLowerCase() === "none");
}

/** A skills list from a YAML list or a comma string; blank and repeated names are problems. */
function skillList(key: string, value: unknown, problems: KeyProblem[]): string[] {
	const entries = typeof value === "string" ? (value.trim() === "" ? [] : value.split(",")) : (value as string[]);
	const names: string[] = [];
	for (const entry of entries.map((e) => e.trim())) {
		if (entry === "" || /\s/.test(entry) || names.includes(entry)) {
			const blank = entry === "" || /\s/.test(entry);
			problems.push({
				path: [key],
				code: blank ? "invalid_value" : "duplicate",
				value,
				message: blank ? `"${entry}" is not a skill name` : `lists "${entry}" twice`,
				fix: "list each skill name once, e.g. skills: [sql-review]",
			});
		} else names.push(entry);
	}
	return names;
}

export function contextOf(values: Readonly<Record<string, unknown>>, problems: KeyProblem[]): ContextFields {
	const context: ContextFields = {};
	if (typeof values.contextMode === "string") context.contextMode = values.contextMode;
	for (const key of ["inheritProjectContext", "inheritMainRules", "inheritSkills"] as const) {
		const value = values[key];
		if (typeof value === "boolean") context[key] = value;
	}
	// tintinweb/pi-subagents spells it prompt_mode.
	const promptMode = values.systemPromptMode ?? values.prompt_mode;
	if (promptMode === "append" || promptMode === "replace") context.systemPromptMode = promptMode;
	const given = SKILLS_KEYS.filter((key) => values[key] !== undefined);
	for (const key of given.slice(1)) {
		problems.push({
			path: [key],
			code: "conflict",
			value: values[key],
			message: `${given[0]} is given too`,
			fix: `keep ${given[0]}: only`,
		});
	}
	if (given[0] !== undefined) context.skills = skillList(given[0], values[given[0]], problems);
	return context;
}
