/**
 * Appends the delegation rule to the parent's system prompt at `before_agent_start`, for the run
 * that is starting. Pi rebuilds the prompt for every run, so the section is appended every time,
 * and it is the same bytes every time: the prompt cache stays warm. A prompt that already carries
 * it (a second registration, another extension) is left alone, so it is never there twice.
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
}

export function registerDelegationRule(pi: ExtensionAPI, options: DelegationRuleOptions): void {
	pi.on("before_agent_start", async (event, ctx) => {
		if (!(await options.enabled(ctx))) return undefined;
		const systemPrompt = withDelegationRule(event.systemPrompt);
		return systemPrompt === event.systemPrompt ? undefined : { systemPrompt };
	});
}
