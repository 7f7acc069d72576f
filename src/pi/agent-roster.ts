/**
 * Where the parent's roster of agents comes from (src/agents/roster.ts says what it is): the same
 * folders a task call reads, loaded on the first run of the session rather than when Pi starts (the
 * loader brings the YAML parser), and kept for the session, so the system prompt's bytes — and the
 * prompt cache — do not move while agent files are being edited. A task call always reads the
 * folders afresh; a new agent file shows in the roster from the next session (or `/reload`).
 *
 * An agent a launch would refuse is left out, as a launch here would judge it: its model unknown to
 * this session's registry or without credentials, or a tool it lists that a child cannot have. A
 * call naming it anyway is refused with the reason, as before.
 */
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { LaunchEnvironment } from "../agents/check.ts";
import { onDemand, piPackage } from "./on-demand.ts";

export interface RosterDeps {
	home: () => string;
	env: () => NodeJS.ProcessEnv;
	/** Pi's agent dir; asked after Pi's package has loaded. */
	agentDir: () => string;
}

const modules = onDemand(
	async () => {
		const [load, roster, check, render] = await Promise.all([
			import("../agents/load.ts"),
			import("../agents/roster.ts"),
			import("../agents/check.ts"),
			import("../host/render.ts"),
			piPackage.get(),
		]);
		return {
			loadAgents: load.loadAgents,
			agentRoster: roster.agentRoster,
			withRoster: roster.withRoster,
			launchable: check.launchable,
			availableToolNames: render.availableToolNames,
		};
	},
	{ beforeFirstPrompt: true },
);

/**
 * What a launch from this session would have: the parent's registry, its model, a child's tools.
 * Undefined when the registry cannot say (then no agent is left out for its model or tools).
 */
function sessionEnvironment(ctx: ExtensionContext, tools: readonly string[]): LaunchEnvironment | undefined {
	try {
		return registryEnvironment(ctx, tools);
	} catch {
		return undefined;
	}
}

function registryEnvironment(ctx: ExtensionContext, tools: readonly string[]): LaunchEnvironment {
	const registry = ctx.modelRegistry;
	// A provider whose credentials come from elsewhere than a stored key (its environment, a
	// command, a provider that needs none) counts as a launch counts it: configured.
	const configured = (provider: string) => registry.getProviderAuthStatus?.(provider)?.configured === true;
	const models = registry.getAll().map((m) => ({
		provider: m.provider,
		id: m.id,
		...(m.name !== undefined && { name: m.name }),
		authenticated: registry.hasConfiguredAuth(m) || configured(m.provider),
	}));
	const usable = new Set(models.filter((m) => m.authenticated).map((m) => m.provider));
	return {
		models,
		tools,
		usable: (provider) => usable.has(provider),
		...(ctx.model && { parent: { provider: ctx.model.provider, id: ctx.model.id } }),
	};
}

/**
 * Appends the roster for a run's context to its system prompt; the roster is computed once per
 * working directory and trust, then kept.
 */
export function rosterAppender(deps: RosterDeps): (ctx: ExtensionContext, systemPrompt: string) => Promise<string> {
	const kept = new Map<string, string>();
	return async (ctx, systemPrompt) => {
		const { loadAgents, agentRoster, withRoster, launchable, availableToolNames } = await modules.get();
		const trusted = ctx.isProjectTrusted();
		const key = `${trusted ? "trusted" : "untrusted"}\0${ctx.cwd}`;
		const known = kept.get(key);
		if (known !== undefined) return withRoster(systemPrompt, known);
		let roster = "";
		try {
			const agentDir = deps.agentDir();
			const tools = await availableToolNames({ cwd: ctx.cwd, agentDir });
			const catalog = loadAgents({
				cwd: ctx.cwd,
				home: deps.home(),
				agentDir,
				projectTrusted: trusted,
				availableTools: tools,
				env: deps.env(),
			});
			const env = sessionEnvironment(ctx, tools);
			roster = agentRoster(env ? launchable(catalog.agents.values(), env) : catalog.agents.values());
		} catch {
			// A folder that cannot be read costs the parent its roster, never its run; a task call reports it.
		}
		kept.set(key, roster);
		return withRoster(systemPrompt, roster);
	};
}
