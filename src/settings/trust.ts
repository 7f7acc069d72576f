/**
 * Whether Pi would trust the project, for the `pi-delegate` CLI. Pi loads project settings (and
 * `.pi/` prompts, skills, extensions) only for a trusted project; we follow the same rule so a
 * cloned repository cannot reconfigure children (or shadow the user's agents) behind Pi's back.
 *
 * Inside Pi the extension asks Pi itself (`ctx.isProjectTrusted()`). The CLI has no Pi session, so
 * it replays Pi's non-interactive decision: an explicit override, then "no protected resources →
 * trusted unless a saved decision says no", then the saved decision in `<agentDir>/trust.json`
 * (nearest directory wins), then the global `defaultProjectTrust` ("always" trusts; "ask" and
 * "never" do not, because there is nobody to ask). It is reimplemented rather than imported because
 * loading Pi's package costs over a second; test/settings/trust.test.ts checks it against Pi's own
 * functions so an upgrade that changes the rule is caught.
 */
import { existsSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { globalSettingsFile } from "./paths.ts";
import { readTextFile } from "./read.ts";

/** Entries under `.pi/` whose presence makes Pi ask for a trust decision (Pi 1.6). */
export const TRUST_REQUIRING_ENTRIES = [
	"settings.json",
	"mcp.json",
	"extensions",
	"skills",
	"prompts",
	"themes",
	"SYSTEM.md",
	"APPEND_SYSTEM.md",
] as const;

export interface TrustFacts {
	/** An explicit decision for this run (a CLI flag), which beats everything else. */
	override?: boolean;
	/** Whether the project has anything Pi guards by trust. */
	hasProtectedResources: boolean;
	/** The nearest saved decision in trust.json, or null. */
	savedDecision: boolean | null;
	/** The global `defaultProjectTrust` setting, if set. */
	defaultProjectTrust?: unknown;
}

export interface TrustVerdict {
	trusted: boolean;
	/** Why, in plain words, for `preview` and error messages. */
	reason: string;
}

/** Pi's non-interactive trust rule, as a pure function of the facts. */
export function decideProjectTrust(facts: TrustFacts): TrustVerdict {
	if (facts.override !== undefined) {
		return { trusted: facts.override, reason: `explicitly ${facts.override ? "trusted" : "untrusted"} for this run` };
	}
	if (!facts.hasProtectedResources) {
		if (facts.savedDecision === false) return { trusted: false, reason: "saved decision in trust.json" };
		return { trusted: true, reason: "no project resources that need trust" };
	}
	if (facts.savedDecision !== null) return { trusted: facts.savedDecision, reason: "saved decision in trust.json" };
	if (facts.defaultProjectTrust === "always") return { trusted: true, reason: 'defaultProjectTrust is "always"' };
	return {
		trusted: false,
		reason: `no saved decision and defaultProjectTrust is "${typeof facts.defaultProjectTrust === "string" ? facts.defaultProjectTrust : "ask"}" (run \`pi\` in the project and use /trust)`,
	};
}

/** The decision saved for `dir` or its nearest ancestor, from trust.json's `{ path: boolean | null }` map. */
export function nearestTrustDecision(data: Readonly<Record<string, unknown>>, dir: string): boolean | null {
	let current = dir;
	for (;;) {
		const value = data[current];
		if (value === true || value === false) return value;
		const parent = dirname(current);
		if (parent === current) return null;
		current = parent;
	}
}

function canonical(path: string): string {
	try {
		return realpathSync(path);
	} catch {
		return path;
	}
}

function readJsonObject(file: string): Record<string, unknown> | undefined {
	const text = readTextFile(file);
	if (text === undefined) return undefined;
	const parsed: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
	return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
		? (parsed as Record<string, unknown>)
		: undefined;
}

/** Whether the project has resources Pi guards by trust (its `.pi/` entries or a `.agents/skills`). */
export function hasProtectedResources(cwd: string, home: string): boolean {
	const dir = canonical(resolve(cwd));
	if (TRUST_REQUIRING_ENTRIES.some((entry) => existsSync(join(dir, ".pi", entry)))) return true;
	const userSkills = join(canonical(resolve(home)), ".agents", "skills");
	let current = dir;
	for (;;) {
		const skills = join(current, ".agents", "skills");
		if (skills !== userSkills && existsSync(skills)) return true;
		const parent = dirname(current);
		if (parent === current) return false;
		current = parent;
	}
}

/**
 * Decides trust for the CLI from the files Pi keeps. An unreadable trust.json or settings.json
 * counts as "not trusted": Pi refuses to start on one, and refusing project input is the safe side.
 */
export function resolveProjectTrust(options: {
	cwd: string;
	home: string;
	agentDir: string;
	override?: boolean;
}): TrustVerdict {
	const hasProtected = hasProtectedResources(options.cwd, options.home);
	let saved: boolean | null;
	let defaultProjectTrust: unknown;
	try {
		const data = readJsonObject(join(options.agentDir, "trust.json")) ?? {};
		saved = nearestTrustDecision(data, canonical(resolve(options.cwd)));
		defaultProjectTrust = readJsonObject(globalSettingsFile(options.agentDir))?.defaultProjectTrust;
	} catch (error) {
		if (options.override !== undefined) {
			return decideProjectTrust({ override: options.override, hasProtectedResources: true, savedDecision: null });
		}
		return {
			trusted: false,
			reason: `cannot read Pi's trust settings: ${error instanceof Error ? error.message : String(error)}`,
		};
	}
	return decideProjectTrust({
		override: options.override,
		hasProtectedResources: hasProtected,
		savedDecision: saved,
		defaultProjectTrust,
	});
}
