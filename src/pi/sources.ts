/**
 * What every child started from inside Pi is loaded from, read from Pi's context the same way for
 * each entry — the `task` and `fork` tools, the workflow commands and `/delegate-preview`: this
 * session's directory, the project's trust, the parent's prompt (the latest capture, else what a
 * command can ask Pi for, else the rendered text), its model with its thinking level, the providers
 * its registry holds, the session itself (to quote a tail from, and to branch a fork from). The clock,
 * environment, home and agent directory are passed in, never read ambiently.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ParentPrompt, PromptInputs } from "../prompt/channels.ts";
import { branchOfSession, type SessionReader } from "../run/branch.ts";
import type { InputSources } from "../run/inputs.ts";
import type { PiDeps } from "./deps.ts";
import { type ParentPromptSource, parentPromptOfCommand } from "./parent-prompt.ts";

export type { PiDeps };

/** A command's context can give Pi's structured prompt inputs; a tool's only the rendered text. */
type Context = ExtensionContext & { getSystemPromptOptions?: () => PromptInputs };

/** The parent's prompt: the latest run's capture, else the inputs a command can ask for, else the rendered text. */
function parentPromptOf(ctx: Context, source: ParentPromptSource): ParentPrompt {
	const latest = source.latest();
	if (latest) return latest;
	if (typeof ctx.getSystemPromptOptions === "function") {
		return parentPromptOfCommand({
			getSystemPromptOptions: () => ctx.getSystemPromptOptions!(),
			getSystemPrompt: () => ctx.getSystemPrompt(),
		});
	}
	return source.current(ctx);
}

/** The session that delegates, so spend can be asked per session. */
export function sessionOf(ctx: ExtensionContext): { id: string; file?: string } | undefined {
	const manager = ctx.sessionManager as Partial<
		Pick<ExtensionContext["sessionManager"], "getSessionId" | "getSessionFile">
	>;
	const id = manager.getSessionId?.();
	if (id === undefined) return undefined;
	const file = manager.getSessionFile?.();
	return { id, ...(file !== undefined && { file }) };
}

/**
 * The sources of the children of a call from this session. `forkOf` names the call that forks: a
 * fork branches from this session where the call sits, and sends the prompt its last request sent.
 */
export function sourcesFromPiContext(ctx: ExtensionContext, deps: PiDeps, forkOf?: string): InputSources {
	const session = sessionOf(ctx);
	return {
		entry: "tool",
		// Inside Pi no run-level layer: the parent's model, the settings and each call decide.
		request: { extensions: [] },
		cwd: ctx.cwd,
		home: deps.home(),
		agentDir: deps.agentDir(),
		projectTrusted: ctx.isProjectTrusted(),
		env: deps.env(),
		parentPrompt: async () => parentPromptOf(ctx as Context, deps.parentPrompt),
		...(ctx.model && { parentModel: { provider: ctx.model.provider, id: ctx.model.id, thinking: ctx.thinkingLevel } }),
		parentRegistry: ctx.modelRegistry,
		...(session && { parentSession: session }),
		branch: () => branchOfSession(ctx.sessionManager),
		...(forkOf !== undefined && {
			fork: { session: ctx.sessionManager as SessionReader, toolCallId: forkOf, systemPrompt: ctx.getSystemPrompt() },
		}),
	};
}
