/**
 * The Pi extension entry point of pi-delegate, loaded from the `pi.extensions` entry of
 * package.json. It registers the `task` tool, the `/delegate-preview` and `/modes` commands, the
 * fork-gate and the delegation rule of the parent's system prompt, records every request's prefix
 * hashes for the meter, and keeps the parent's latest prompt inputs so a child inherits exactly the
 * operator's words. Nothing heavy loads here: each tool and command loads its body on first use.
 */
import { homedir } from "node:os";
import { type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import { PrefixGate } from "../run/prefix-gate.ts";
import { RootLocks } from "../run/root-lock.ts";
import { registerDelegatePreviewCommand } from "./commands/delegate-preview.ts";
import { registerDoctorCommand } from "./commands/doctor.ts";
import { registerModesCommand } from "./commands/modes.ts";
import { registerDelegationRule } from "./delegation-rule.ts";
import { registerForkGate } from "./fork-gate.ts";
import { captureParentPrompt } from "./parent-prompt.ts";
import { registerRequestMeter } from "./request-meter.ts";
import { settingsOf, warnAboutSettings } from "./settings-watch.ts";
import { registerTaskTool } from "./task-tool.ts";

export default function piDelegate(pi: ExtensionAPI): void {
	const parentPrompt = captureParentPrompt(pi);
	// Every request of the parent session leaves its prefix hashes, so spend can name a miss's cause.
	registerRequestMeter(pi);
	registerTaskTool(pi, {
		parentPrompt: (ctx) => parentPrompt.current(ctx),
		locks: new RootLocks(),
		prefixGate: new PrefixGate(),
		now: () => Date.now(),
		env: () => process.env,
		home: () => process.env.HOME || homedir(),
		agentDir: () => getAgentDir(),
	});
	// After the capture, so a child never inherits the rule; the parent's prompt carries it through compaction.
	registerDelegationRule(pi, { enabled: (ctx) => settingsOf(ctx).settings.delegationRule.value });
	registerForkGate(pi);
	warnAboutSettings(pi);
	registerModesCommand(pi);
	registerDoctorCommand(pi);
	registerDelegatePreviewCommand(pi, { parentPrompt });
}
