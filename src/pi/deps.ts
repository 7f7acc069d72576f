/**
 * What the extension hands every entry point (the tools, the workflow commands, the preview): the
 * parent's prompt captured from this session, the environment, the home and Pi's own agent
 * directory — passed in, never read ambiently, so a test gives its own. Loaded when Pi starts, so it
 * imports nothing heavy; each entry reads Pi's context from these through sources.ts.
 */
import { homedir } from "node:os";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { piAgentDir } from "./on-demand.ts";
import { captureParentPrompt, type ParentPromptSource } from "./parent-prompt.ts";

export interface PiDeps {
	parentPrompt: ParentPromptSource;
	env: () => Readonly<Record<string, string | undefined>>;
	home: () => string;
	agentDir: () => string;
}

/** The deps of one extension instance; the prompt capture's handlers are registered here, once. */
export function piDeps(pi: ExtensionAPI): PiDeps {
	return {
		parentPrompt: captureParentPrompt(pi),
		env: () => process.env,
		home: () => process.env.HOME || homedir(),
		// Pi's own answer; every caller runs in a tool call or command that has loaded Pi's package.
		agentDir: piAgentDir,
	};
}
