/**
 * Every check of `pi-delegate doctor`, in the order a newcomer would fix them: what pi-delegate runs
 * on, then what a launch is decided from, then where it writes and the tools it calls. Pure.
 */
import {
	checkBuild,
	checkChildPi,
	checkExtension,
	checkGit,
	checkNode,
	checkPi,
	checkRunsDir,
	checkSandbox,
	piLabel,
} from "./judge-platform.ts";
import { checkAgents, checkEfforts, checkHost, checkSettings } from "./judge-setup.ts";
import type { Check, CheckState, DoctorFacts, DoctorReport } from "./types.ts";

const optional = (check: Check | undefined): Check[] => (check ? [check] : []);

function setupChecks(facts: DoctorFacts): Check[] {
	const settings = checkSettings(facts.settings);
	if ("error" in facts.setup) {
		const fix = "check auth.json and models.json in the agent dir, and the providerExtensions setting";
		const models: Check = { id: "models", name: "models", state: "fail", detail: facts.setup.error, fix };
		return [settings, models];
	}
	const host = checkHost(facts.setup);
	return [settings, ...(host ? [host] : []), ...checkEfforts(facts.setup, facts.settings), checkAgents(facts.setup)];
}

export function judgeFacts(facts: DoctorFacts): DoctorReport {
	const checks: Check[] = [
		checkNode(facts.nodeVersion, facts.pkg),
		checkPi(facts.pi, facts.pkg, facts.childPi),
		checkChildPi(facts.childPi, facts.pkg),
		checkExtension(facts.extension, facts.pkg, piLabel(facts.pi)),
		...optional(checkBuild(facts.pkg)),
		...setupChecks(facts),
		checkRunsDir(facts.runsDir),
		checkGit(facts.git),
		checkSandbox(facts.sandbox),
	];
	const counts: Record<CheckState, number> = { ok: 0, warn: 0, fail: 0, skip: 0 };
	for (const check of checks) counts[check.state]++;
	return { ok: counts.fail === 0, checks, counts };
}
