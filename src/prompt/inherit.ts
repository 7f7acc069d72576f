/**
 * Prompt inheritance: what a child adopts of its parent's system prompt.
 *
 * A child adopts the operator's words and never the harness's: Pi's base identity, its tool
 * surface and its documentation pointer describe the parent's session and stay with it. The
 * channels come from Pi's structured prompt inputs whenever the parent has them — exact, one field
 * per channel — and from narrowing the rendered prompt only when it does not (or when an extension
 * replaced the whole prompt, so the inputs no longer describe it).
 *
 * Strategies:
 * - `full` (default): the custom prompt byte for byte when the parent runs one, the appended
 *   prompt, the context files and the skills, each as its own channel; the context mode decides
 *   later which of them a child gets.
 * - `portable`: only what the operator wrote as prompt text — the custom prompt and the appended
 *   prompt — for a provider that re-homes the prompt into another harness, which brings its own
 *   project context and skills.
 *
 * The legacy mode (a child inherits the parent's prompt unchanged) does not go through here: this
 * function only reads its input and returns fresh values, so the caller still holds the parent's
 * prompt and options exactly as Pi produced them.
 */
import type { InheritedPrompt, Omission, ParentPrompt, Strategy } from "./channels.ts";
import { compareReadings } from "./compare.ts";
import { readInputs } from "./from-inputs.ts";
import { type Reading, readRendered } from "./from-rendered.ts";

const PORTABLE_REASONS = {
	projectContext: "portable strategy: the harness that receives the prompt loads its own project context",
	skills: "portable strategy: the harness that receives the prompt loads its own skills",
} as const;

/** Structured omissions say what Pi rendered of its own; the rendered text, when known, shows it. */
function withRemovedText(omitted: Omission[], rendered: Reading | undefined): Omission[] {
	if (!rendered) return omitted;
	return omitted.map((omission) => {
		if (omission.text !== undefined) return omission;
		const seen = rendered.omitted.find((r) => r.part === omission.part && r.text !== undefined);
		return seen ? { ...omission, text: seen.text } : omission;
	});
}

/** Builds the channels a child may inherit from its parent's prompt. Pure; never mutates `parent`. */
export function inheritPrompt(parent: ParentPrompt, strategy: Strategy = "full"): InheritedPrompt {
	const forced = parent.options?.forceSystemPrompt;
	const text = parent.rendered ?? forced;
	const fromText = text === undefined ? undefined : readRendered(text);
	const fromInputs = parent.options && forced === undefined ? readInputs(parent.options) : undefined;
	const reading = fromInputs ?? fromText!;
	const result: InheritedPrompt = {
		strategy,
		provenance: fromInputs ? "structured" : "narrowed",
		channels: { ...reading.channels },
		omitted: fromInputs ? withRemovedText(fromInputs.omitted, fromText) : [...reading.omitted],
		notes: [...reading.notes],
	};
	if (forced !== undefined) {
		result.notes.push(
			"an extension replaced the parent's whole prompt, so Pi's structured inputs no longer describe it; the channels are read from the replacement text",
		);
	}
	if (fromInputs && fromText && parent.options) {
		result.mismatches = compareReadings(fromInputs.channels, fromText.channels, parent.options);
		if (result.mismatches.length > 0) {
			result.notes.push(
				`the rendered prompt and Pi's structured inputs disagree on ${result.mismatches.join(", ")}; the structured inputs were used`,
			);
		}
	}
	if (strategy === "portable") {
		for (const name of ["projectContext", "skills"] as const) {
			if (!result.channels[name]) continue;
			delete result.channels[name];
			result.omitted.push({ part: name, reason: PORTABLE_REASONS[name] });
		}
	}
	return result;
}
