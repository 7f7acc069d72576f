/**
 * The exact reading: the operator's channels taken from Pi's structured prompt inputs, where each
 * channel is its own field and nothing has to be told apart from Pi's text.
 */

import { BLANK_NOTES, hasWords } from "./blank.ts";
import type { InheritedChannels, Omission, PromptInputs } from "./channels.ts";
import { CWD_REASON, EXTENSION_REASON, type Reading } from "./from-rendered.ts";
import { REMOVAL_REASONS } from "./narrow.ts";

/** Pi's default tool selection, which it uses when the inputs name none. */
const PI_DEFAULT_TOOLS = ["read", "bash", "edit", "write"];

/** What Pi renders of its own when there is no custom prompt; the text is Pi's, not in the inputs. */
function piOwnText(inputs: PromptInputs): Omission[] {
	const tools = (inputs.selectedTools ?? PI_DEFAULT_TOOLS).join(", ") || "(none)";
	return [
		{ part: "identity", reason: REMOVAL_REASONS.identity },
		{ part: "tools", reason: REMOVAL_REASONS.tools, detail: `the parent's tools: ${tools}` },
		{ part: "rules", reason: REMOVAL_REASONS.rules },
		{ part: "docs", reason: REMOVAL_REASONS.docs },
	];
}

/** Reads the operator's channels out of Pi's structured prompt inputs. Copies; never shares the inputs. */
export function readInputs(inputs: PromptInputs): Reading {
	const channels: InheritedChannels = {};
	const omitted: Omission[] = [];
	const notes: string[] = [];
	// Pi treats an empty custom prompt as none, and renders its own text instead.
	if (hasWords(inputs.customPrompt)) channels.base = { provenance: "structured", text: inputs.customPrompt };
	else if (inputs.customPrompt) notes.push(BLANK_NOTES.base);
	else omitted.push(...piOwnText(inputs));
	if (hasWords(inputs.appendSystemPrompt)) {
		channels.mainRules = { provenance: "structured", text: inputs.appendSystemPrompt };
	} else if (inputs.appendSystemPrompt) notes.push(BLANK_NOTES.mainRules);
	if (inputs.contextFiles && inputs.contextFiles.length > 0) {
		channels.projectContext = {
			provenance: "structured",
			files: inputs.contextFiles.map(({ path, content }) => ({ path, content })),
		};
	}
	if (inputs.skills && inputs.skills.length > 0) {
		channels.skills = {
			provenance: "structured",
			skills: inputs.skills.map((skill) => ({
				name: skill.name,
				description: skill.description,
				filePath: skill.filePath,
				disableModelInvocation: skill.disableModelInvocation ?? false,
				...(skill.baseDir !== undefined && { baseDir: skill.baseDir }),
				...(skill.sourceInfo !== undefined && { sourceInfo: { ...skill.sourceInfo } }),
			})),
		};
	}
	if (inputs.cwd !== undefined) omitted.push({ part: "cwd", reason: CWD_REASON, text: inputs.cwd.replace(/\\/g, "/") });
	for (const [name, text] of Object.entries(inputs.sections ?? {})) {
		if (text) omitted.push({ part: "extensionSection", name, reason: EXTENSION_REASON, text });
	}
	return { channels, omitted, notes };
}
