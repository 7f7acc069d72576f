/**
 * The Pi extension entry point of pi-delegate, loaded from the `pi.extensions` entry of
 * package.json. It registers the `task` and `fork` tools, the workflow commands and the children
 * widget, `/delegate-preview`, `/delegate-doctor`, `/delegate-spend` and `/modes`, the fork-gate and
 * the delegation rule of the parent's system prompt; it records every request's prefix hashes for
 * the meter, and keeps the parent's latest prompt inputs so a child inherits exactly the operator's
 * words. Nothing heavy loads here: each tool, command and hook loads its body on first use, and a
 * renderer its code on first draw (on-demand.ts says why; bench/startup.bench.ts measures it); what
 * the first prompt's hooks need loads at session start, in the background, so that Enter waits for
 * none of it (first-prompt.ts; bench/first-prompt.bench.ts measures it).
 */
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import { ChildrenRegistry } from "../run/children.ts";
import { PrefixGate } from "../run/prefix-gate.ts";
import { RootLocks } from "../run/root-lock.ts";
import { rosterAppender } from "./agent-roster.ts";
import { registerBackground } from "./background.ts";
import { registerChildrenTool } from "./children-tool.ts";
import { registerDelegatePreviewCommand } from "./commands/delegate-preview.ts";
import { registerDelegateSpendCommand } from "./commands/delegate-spend.ts";
import { registerDoctorCommand } from "./commands/doctor.ts";
import { registerModesCommand } from "./commands/modes.ts";
import { registerDelegationRule } from "./delegation-rule.ts";
import { piDeps } from "./deps.ts";
import { readyFirstPrompt } from "./first-prompt.ts";
import { registerForkGate } from "./fork-gate.ts";
import { registerForkTool } from "./fork-tool.ts";
import { registerParentCachePolicy } from "./parent-cache.ts";
import { registerRequestMeter } from "./request-meter.ts";
import { sessionClock } from "./session-clock.ts";
import { settingsOf, warnAboutSettings } from "./settings-watch.ts";
import { registerTaskTool } from "./task-tool.ts";
import { registerWorkflowCommands } from "./workflow-commands.ts";

export default function piDelegate(pi: ExtensionAPI): void {
	// Every entry reads Pi's context the same way (sources.ts) from these.
	const deps = piDeps(pi);
	const now = () => Date.now();
	// Every request of the parent session leaves its prefix hashes, so spend can name a miss's cause,
	// and its time, from which the parent's cache lifetime is chosen once it delegates (one clock for both).
	const sessionNow = sessionClock(deps.env());
	registerRequestMeter(pi, undefined, sessionNow);
	// The hour from the start once it delegates: the bet plan/cache-policy.ts's parentLifetime weighs.
	// What the pauses call for decides the children's recurring prefixes too (task-call.ts).
	let hourPays = true;
	const onLifetime = (lifetime: "5m" | "1h") => {
		hourPays = lifetime === "1h";
	};
	registerParentCachePolicy(pi, "task", sessionNow, { start: "1h", onLifetime });
	// One of each per session: tasks, forks and workflow calls on one directory never overlap, siblings
	// share one cached prefix, and every child is listed in one place.
	const locks = new RootLocks();
	const prefixGate = new PrefixGate();
	const children = new ChildrenRegistry({ now });
	// Children a `background: true` call started, held for the session beyond this instance (a reload).
	const background = registerBackground(pi, children);
	registerTaskTool(pi, { ...deps, now, locks, prefixGate, children, background, hourPays: () => hourPays });
	registerForkTool(pi, { ...deps, now, prefixGate, locks, children, background });
	registerChildrenTool(pi, background);
	registerWorkflowCommands(pi, { ...deps, children, prefixGate, locks, background });
	// After the capture, so a child never inherits the rule; the parent's prompt carries it through compaction.
	const enabled = async (ctx: ExtensionContext) => (await settingsOf(ctx)).settings.delegationRule.value;
	// What the first prompt's hooks load, and the roster, are made at session start, while the user types.
	registerDelegationRule(pi, { enabled, withRoster: readyFirstPrompt(pi, rosterAppender(deps), enabled) });
	registerForkGate(pi);
	warnAboutSettings(pi);
	registerModesCommand(pi);
	registerDoctorCommand(pi);
	registerDelegateSpendCommand(pi, deps.env);
	registerDelegatePreviewCommand(pi, deps);
}
