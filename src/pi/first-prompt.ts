/**
 * The first prompt, readied at session start. Pi echoes a prompt only once every before_agent_start
 * hook has returned, and pi-delegate's hook appends the delegation rule and the roster of agents:
 * on the first prompt that loaded the settings reader and the agents' loader, and opened two of Pi's
 * sessions in memory to list the tools a child can have. Cold (a fresh machine, an update) that held
 * the echo back for seconds. So at session start, in the background, everything the first prompt's
 * hooks load is loaded (on-demand.ts, `warmFirstPrompt`) and the roster is made and kept; the hook
 * then waits only for what is still under way. Nothing here is awaited by Pi: session_start returns
 * at once, and the user types meanwhile.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { warmFirstPrompt } from "./on-demand.ts";

/** Appends the roster to a system prompt (agent-roster.ts); it keeps what it made per directory and trust. */
export type RosterAppender = (ctx: ExtensionContext, systemPrompt: string) => Promise<string>;

/**
 * Starts readying the first prompt at every session start; returns `withRoster` made to wait for the
 * readying under way, so the prompt's hook uses the roster it made instead of making another.
 * `enabled` says whether the rule (and so the roster) goes in at all.
 */
export function readyFirstPrompt(
	pi: Pick<ExtensionAPI, "on">,
	withRoster: RosterAppender,
	enabled: (ctx: ExtensionContext) => boolean | Promise<boolean>,
): RosterAppender {
	let readying: Promise<unknown> = Promise.resolve();
	const ready = async (ctx: ExtensionContext) => {
		await warmFirstPrompt();
		if (await enabled(ctx)) await withRoster(ctx, "");
	};
	pi.on("session_start", (_event, ctx) => {
		// A context gone stale meanwhile (the session replaced) fails here: the first prompt then makes it.
		readying = ready(ctx).catch(() => undefined);
	});
	return async (ctx, systemPrompt) => {
		await readying;
		return withRoster(ctx, systemPrompt);
	};
}
