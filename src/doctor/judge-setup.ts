/**
 * The checks of what a launch is decided from: pi-delegate's settings, the model of each effort and
 * each agent's model and tools — decided by the very functions a launch uses (plan/model.ts
 * `choosePlacedModel` and `modelProblems`, agents/listing.ts `agentReports`, which runs
 * agents/check.ts `checkAgentLaunch`), so doctor never calls a setup fine that a run would refuse.
 * Every one of these fails when it has a problem: a launch refuses while any remains. Pure.
 */
import { agentReports } from "../agents/listing.ts";
import { choosePlacedModel, modelProblems, profilesFromSettings } from "../plan/model.ts";
import type { Problem } from "../problems.ts";
import { EFFORTS, type Effort } from "../request/choices.ts";
import type { ReadSettingsResult } from "../settings/read.ts";
import type { Check, SetupFacts } from "./types.ts";

const STATUS_WORDS = {
	read: "read",
	missing: "none",
	untrusted: "not read (project not trusted)",
	invalid: "has problems",
} as const;

/** Problems as one fix line: the first problem's fix, and how many more there are. */
function fixOf(problems: readonly Problem[]): string {
	const first = problems[0]?.fix ?? "";
	return problems.length > 1 ? `${first} (and ${problems.length - 1} more below)` : first;
}

export function checkSettings(read: ReadSettingsResult): Check {
	const files = read.sections.map((s) => `${s.label}: ${STATUS_WORDS[s.status]}`).join("; ");
	if (read.problems.length === 0) return { id: "settings", name: "settings", state: "ok", detail: files };
	const detail = `${read.problems.length} problem(s), and no child starts until they are fixed; ${files}`;
	return {
		id: "settings",
		name: "settings",
		state: "fail",
		detail,
		fix: fixOf(read.problems),
		problems: [...read.problems],
	};
}

/** Setup problems outside the settings (a provider extension, auth.json, models.json), when there are any. */
export function checkHost(setup: SetupFacts): Check | undefined {
	if (setup.hostProblems.length === 0) return undefined;
	const problems = setup.hostProblems;
	const detail = problems.map((p) => p.message).join("; ");
	return { id: "providers", name: "providers", state: "fail", detail, fix: fixOf(problems), problems: [...problems] };
}

/** The model one effort runs on from here, exactly as the planner chooses it, and whether it can run. */
export function checkEffort(effort: Effort, setup: SetupFacts, settings: ReadSettingsResult): Check {
	const id = `effort.${effort}`;
	const name = `effort ${effort}`;
	const chosen = choosePlacedModel({
		effort,
		profiles: profilesFromSettings(settings.settings),
		models: setup.models,
		...(setup.parent && { parent: setup.parent }),
		...(setup.piDefault && { piDefault: setup.piDefault }),
	});
	if ("problems" in chosen) {
		const detail = chosen.problems.map((p) => p.message).join("; ");
		return { id, name, state: "fail", detail, fix: fixOf(chosen.problems), problems: chosen.problems };
	}
	const { choice } = chosen;
	const ref = `${choice.provider}/${choice.id}${choice.thinking ? `:${choice.thinking}` : ""}`;
	const problems = modelProblems(choice, setup.models, chosen.place);
	if (problems.length > 0) {
		const detail = `${ref}, from ${choice.reason}: ${problems.map((p) => p.message).join("; ")}`;
		return { id, name, state: "fail", detail, fix: fixOf(problems), problems };
	}
	return { id, name, state: "ok", detail: `${ref}, from ${choice.reason}` };
}

/**
 * One row per effort; one row for all of them when no model is named anywhere (no profile, no
 * parent model, no Pi default), since then the three fail for one reason with one fix.
 */
export function checkEfforts(setup: SetupFacts, settings: ReadSettingsResult): Check[] {
	const profiles = profilesFromSettings(settings.settings);
	const named =
		Object.keys(profiles).length > 0 || setup.parent || (setup.piDefault?.provider && setup.piDefault.model);
	if (named) return EFFORTS.map((effort) => checkEffort(effort, setup, settings));
	const ready = setup.models.filter((m) => m.authenticated);
	const detail =
		"no model is chosen for any effort: no effort profile and no default model in Pi's settings" +
		(ready.length > 0 ? `; ${ready.length} model(s) have credentials` : "; no provider has credentials either");
	const login = ready.length > 0 ? "" : "log in first (pi, then /login) or set a provider's API key; then ";
	const fix =
		`${login}pick a default model in pi (/model), or set "pi-delegate": { "effortProfiles": { "fast": ` +
		`"provider/id", "balanced": "provider/id", "deep": "provider/id" } } in ~/.pi/agent/settings.json`;
	return [{ id: "efforts", name: "efforts", state: "fail", detail, fix }];
}

/** Every agent a task can run as, checked as its launch would check it. */
export function checkAgents(setup: SetupFacts): Check {
	const usable = new Set(setup.models.filter((m) => m.authenticated).map((m) => m.provider));
	const parent = setup.parent ?? piDefaultRef(setup.piDefault);
	const reports = agentReports(setup.agents, {
		models: setup.models,
		tools: setup.tools,
		usable: (provider) => usable.has(provider),
		...(parent && { parent }),
	});
	const failing = reports.filter((r) => r.status === "fails");
	const ready = reports.filter((r) => r.status === "ready");
	const owned = new Set(reports.flatMap((r) => r.problems));
	const hidden = new Set(setup.agents.shadowed.map((s) => s.hidden.file));
	const hiddenProblems = new Set(
		setup.agents.entries.filter((e) => hidden.has(e.source.file)).flatMap((e) => e.problems),
	);
	const folder = setup.agents.problems.filter((p) => !owned.has(p) && !hiddenProblems.has(p));
	// One problem may stop several agents (a settings file's, agents/claude/deny.ts): listed once.
	const problems = [...new Set([...failing.flatMap((r) => r.problems), ...folder])];
	const names = (list: typeof reports) => list.map((r) => r.name).join(", ");
	if (problems.length === 0) {
		return { id: "agents", name: "agents", state: "ok", detail: `${ready.length} ready: ${names(ready)}` };
	}
	const which = failing.length > 0 ? `${failing.length} of ${reports.length} would not start: ${names(failing)}` : "";
	const detail = [which, folder.length > 0 ? `${folder.length} problem(s) in agent folders` : ""]
		.filter(Boolean)
		.join("; ");
	return { id: "agents", name: "agents", state: "fail", detail, fix: fixOf(problems), problems };
}

function piDefaultRef(d: SetupFacts["piDefault"]): { provider: string; id: string; thinking?: string } | undefined {
	if (!d?.provider || !d.model) return undefined;
	return { provider: d.provider, id: d.model, ...(d.thinking && { thinking: d.thinking }) };
}
