/**
 * Cross-checking the two readings of one parent prompt. When Pi's structured inputs and the
 * rendered text are both known, the operator's words read from each must be the same; where they
 * are not, something outside Pi's inputs shaped the prompt (an extension that rewrote it, a
 * renderer this package does not know), and `preview` should say so.
 */
import type { ChannelName, InheritedChannels, PromptInputs, SkillEntry } from "./channels.ts";

/** Pi lists skills for the model only when the parent has a tool that can read a skill file. */
function skillsShown(inputs: PromptInputs, skills: readonly SkillEntry[] | undefined): string[] {
	const tools = inputs.selectedTools ?? ["read", "bash", "edit", "write"];
	if (!tools.includes("read") && !tools.includes("bash")) return [];
	return (skills ?? [])
		.filter((skill) => !skill.disableModelInvocation)
		.map((skill) => JSON.stringify([skill.name, skill.description, skill.filePath]));
}

function sameFiles(a: InheritedChannels, b: InheritedChannels): boolean {
	return JSON.stringify(a.projectContext?.files ?? []) === JSON.stringify(b.projectContext?.files ?? []);
}

/** The channels on which a structured and a narrowed reading of the same prompt disagree. */
export function compareReadings(
	structured: InheritedChannels,
	narrowed: InheritedChannels,
	inputs: PromptInputs,
): ChannelName[] {
	const differ: ChannelName[] = [];
	if (structured.base?.text !== narrowed.base?.text) differ.push("base");
	if (structured.mainRules?.text !== narrowed.mainRules?.text) differ.push("mainRules");
	if (!sameFiles(structured, narrowed)) differ.push("projectContext");
	const shown = skillsShown(inputs, structured.skills?.skills);
	const read = (narrowed.skills?.skills ?? []).map((s) => JSON.stringify([s.name, s.description, s.filePath]));
	if (JSON.stringify(shown) !== JSON.stringify(read)) differ.push("skills");
	return differ;
}
