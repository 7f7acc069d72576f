/**
 * Appends the delegation rule, and the roster of agents a task can run as, to the parent's system
 * prompt at `before_agent_start`, for the run that is starting. Pi rebuilds the prompt for every
 * run, so the sections are appended every time, and they are the same bytes every time: the prompt
 * cache stays warm. A prompt that already carries them (a second registration, another extension)
 * is left alone, so they are never there twice.
 *
 * Register it after the parent-prompt capture: the capture keeps the operator's prompt for children
 * to inherit, and a child has no use for the parent's rule on delegating.
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { withDelegationRule } from "../gate/rule.ts";

export interface DelegationRuleOptions {
	/**
	 * Read at every run: whether the rule goes in (e.g. only while the task and fork tools are active).
	 * It may be async: reading the setting loads the settings reader on the first run, not at start-up.
	 */
	enabled: (ctx: ExtensionContext) => boolean | Promise<boolean>;
	/** Appends the roster of agents a task can run as after the rule (loaded on the first run). */
	withRoster?: (ctx: ExtensionContext, systemPrompt: string) => Promise<string>;
}

export function registerDelegationRule(pi: ExtensionAPI, options: DelegationRuleOptions): void {
	pi.on("before_agent_start", async (event, ctx) => {
		if (!(await options.enabled(ctx))) return undefined;
		const ruled = withDelegationRule(event.systemPrompt);
		const systemPrompt = options.withRoster ? await options.withRoster(ctx, ruled) : ruled;
		return systemPrompt === event.systemPrompt ? undefined : { systemPrompt };
	});
}
