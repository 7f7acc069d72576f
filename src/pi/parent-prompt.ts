/**
 * Where pi-delegate finds the parent's prompt inside Pi. Pi's structured prompt inputs — exact, one
 * field per channel — reach extensions at `before_agent_start`, and a command's context can ask for
 * them; a tool's context offers only the rendered text (`getSystemPrompt()`), which inheritance can
 * only narrow. So a `before_agent_start` handler keeps the latest of both, and the `task` tool reads
 * them when it delegates; until the first run of a session it falls back to the rendered text.
 *
 * The options are copied when captured: Pi hands every handler the same mutable collections, and a
 * later handler (or the next run) may still change them. A new session clears the capture, so a
 * child never inherits the prompt of a session the user has left.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import type { ParentPrompt, PromptInputs } from "../prompt/channels.ts";

export interface ParentPromptSource {
	/** The prompt of the latest run in this session, or undefined before the first run. */
	latest(): ParentPrompt | undefined;
	/**
	 * The best the caller can have now: the latest capture, else the rendered prompt from the
	 * context (any extension context has `getSystemPrompt()`).
	 */
	current(ctx: { getSystemPrompt(): string }): ParentPrompt;
}

/** Copies Pi's options so later edits by Pi or other handlers do not reach the capture. */
function snapshot(options: PromptInputs): PromptInputs {
	return structuredClone(options);
}

/**
 * Registers the capture and returns where to read it. Call once per extension instance; every
 * caller (the task tool, `/delegate-preview`) should share the returned source.
 */
export function captureParentPrompt(pi: ExtensionAPI): ParentPromptSource {
	let latest: ParentPrompt | undefined;
	pi.on("before_agent_start", (event) => {
		latest = { options: snapshot(event.systemPromptOptions), rendered: event.systemPrompt };
	});
	pi.on("session_start", () => {
		latest = undefined;
	});
	return {
		latest: () => latest,
		current: (ctx) => latest ?? { rendered: ctx.getSystemPrompt() },
	};
}

/**
 * The parent's prompt as a command sees it: Pi's current base inputs and the rendered prompt,
 * both read from the session at the moment the command runs.
 */
export function parentPromptOfCommand(ctx: {
	getSystemPromptOptions(): PromptInputs;
	getSystemPrompt(): string;
}): ParentPrompt {
	return { options: snapshot(ctx.getSystemPromptOptions()), rendered: ctx.getSystemPrompt() };
}
