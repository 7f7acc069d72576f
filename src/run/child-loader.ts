/**
 * A ResourceLoader that hands a child session exactly the prompt inputs its view decided — no
 * discovery, no packages, no extensions, no network. Pi renders the child's system prompt from
 * these, so what the view decided is what the child sends.
 */
import { dirname } from "node:path";
import { createExtensionRuntime, type ResourceLoader, type Skill } from "@earendil-works/pi-coding-agent";
import type { SkillEntry } from "../prompt/channels.ts";
import type { ChildPromptInputs } from "./types.ts";

/** A skill entry as Pi's loader type wants it (entries from rendered text lack baseDir and sourceInfo). */
export function toPiSkill(entry: SkillEntry): Skill {
	return {
		name: entry.name,
		description: entry.description,
		filePath: entry.filePath,
		baseDir: entry.baseDir ?? dirname(entry.filePath),
		sourceInfo: (entry.sourceInfo as Skill["sourceInfo"] | undefined) ?? {
			path: entry.filePath,
			source: "pi-delegate",
			scope: "temporary",
			origin: "top-level",
		},
		disableModelInvocation: entry.disableModelInvocation,
	};
}

export function childResourceLoader(prompt: ChildPromptInputs): ResourceLoader {
	const skills = prompt.skills.map(toPiSkill);
	const agentsFiles = prompt.contextFiles.map((file) => ({ ...file }));
	return {
		getExtensions: () => ({ extensions: [], errors: [], runtime: createExtensionRuntime() }),
		getSkills: () => ({ skills, diagnostics: [] }),
		getPrompts: () => ({ prompts: [], diagnostics: [] }),
		getThemes: () => ({ themes: [], diagnostics: [] }),
		getAgentsFiles: () => ({ agentsFiles }),
		getSystemPrompt: () => prompt.customPrompt,
		getSystemPromptSource: () => undefined,
		getAppendSystemPrompt: () => [...prompt.appendSystemPrompt],
		getAppendSystemPromptSources: () => [],
		extendResources: () => {},
		reload: async () => {},
	};
}
