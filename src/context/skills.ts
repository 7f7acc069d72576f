/**
 * The skills channel for one child. `inheritSkills` is all-or-nothing; an allowlist narrows it to
 * named skills, so a cheap mechanical child does not carry every skill description in its prompt.
 *
 * - An allowlist decides on its own, whatever `inheritSkills` says (it is the more specific wish).
 * - `[]` is a fence: zero skills. It never means "all".
 * - An unknown name warns and is skipped: a typo must not fail a run, and must not go unnoticed.
 * Pure: takes the skills Pi found (its `Skill` objects) and returns a subset of them.
 */
import type { Skill } from "@earendil-works/pi-coding-agent";
import { inside, type Problem, type ProblemPlace } from "../problems.ts";
import { didYouMean } from "../suggest.ts";

export interface SkillSelection<S> {
	/** The skills the child gets, in the order Pi listed them (so siblings' prompts stay byte-identical). */
	skills: S[];
	/** What decided: the allowlist, or inheritSkills when there was none. */
	decidedBy: "allowlist" | "inheritSkills";
	/** One per allowlisted name that no available skill has. */
	warnings: Problem[];
}

export interface SkillChoice {
	/** The resolved inheritSkills primitive. */
	inheritSkills: boolean;
	/** Skill names to load, or undefined for none given. */
	allowlist?: readonly string[];
	/** Where the allowlist came from, for warnings (`call.skills`, `.pi/agents/x.md: skills`). */
	where?: ProblemPlace;
}

/** Picks the child's skills from those available. */
export function selectSkills<S extends Pick<Skill, "name">>(
	available: readonly S[],
	choice: SkillChoice,
): SkillSelection<S> {
	if (choice.allowlist === undefined) {
		return { skills: choice.inheritSkills ? [...available] : [], decidedBy: "inheritSkills", warnings: [] };
	}
	const wanted = new Set(choice.allowlist);
	const known = new Set(available.map((skill) => skill.name));
	const where = choice.where ?? { path: ["skills"] };
	const warnings: Problem[] = [];
	choice.allowlist.forEach((name, index) => {
		if (known.has(name) || choice.allowlist?.indexOf(name) !== index) return;
		warnings.push({
			...inside(where, index),
			code: "not_found",
			value: name,
			message: `no skill named "${name}"${didYouMean(name, known)}; it is skipped`,
			fix:
				known.size === 0
					? "no skills are available to this session; remove the name"
					: `use one of: ${[...known].sort().join(", ")}`,
		});
	});
	return { skills: available.filter((skill) => wanted.has(skill.name)), decidedBy: "allowlist", warnings };
}
