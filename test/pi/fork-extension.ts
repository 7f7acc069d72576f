/**
 * Wires the fork tool into a real `pi` for tests, with what pi-delegate's extension entry registers
 * around it: the request meter (so a fork can be checked against the parent's last request), the
 * fork-gate and the delegation rule. Runs go to PI_DELEGATE_RUNS_DIR.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { registerDelegationRule } from "../../src/pi/delegation-rule.ts";
import { registerForkGate } from "../../src/pi/fork-gate.ts";
import { registerForkTool } from "../../src/pi/fork-tool.ts";
import { captureParentPrompt } from "../../src/pi/parent-prompt.ts";
import { registerRequestMeter } from "../../src/pi/request-meter.ts";
import { PrefixGate } from "../../src/run/prefix-gate.ts";
import { RootLocks } from "../../src/run/root-lock.ts";

export default function forkForTests(pi: ExtensionAPI): void {
	registerRequestMeter(pi);
	registerForkTool(pi, {
		parentPrompt: captureParentPrompt(pi),
		prefixGate: new PrefixGate(),
		locks: new RootLocks(),
		now: () => Date.now(),
		env: () => process.env,
		home: () => process.env.HOME ?? "/",
		agentDir: () => process.env.PI_CODING_AGENT_DIR ?? "/",
	});
	registerDelegationRule(pi, { enabled: () => true });
	registerForkGate(pi);
}
