/**
 * The session of a fork child, built so that its Pi sends what the parent's Pi sent. Pi builds a
 * request from the session's transcript: its system messages carry the prompt sections and the
 * tool declarations, the rest are the messages. So the fork's session holds the parent's branch
 * itself (its entries, ids and all), and nothing may make its Pi add a system message of its own:
 *
 * - its tools are the transcript's declarations, name, description, parameters and sampling mode
 *   copied, each with the rule the plan gave it (Pi's own implementation, or a refusal the model
 *   reads as the tool's error) — the same declarations, so Pi declares no tool change;
 * - a `before_agent_start` hook restates the prompt options from the transcript's sections (the
 *   preamble as the custom prompt, every other section as an extension section), so the sections Pi
 *   builds equal the ones it has and it writes no prompt patch; a parent whose prompt a hook forced
 *   gets the same text forced;
 * - a `before_provider_request` hook marks the end of the inherited branch as a cache breakpoint
 *   (fork-breakpoint.ts), records the first request's prefix hashes for the check against the
 *   parent's, and leaves a request-meter entry, so the spend view can see where the fork's prefix
 *   first differs from the parent's (if it ever does).
 */

import {
	createBashToolDefinition,
	createFindToolDefinition,
	createGrepToolDefinition,
	createLsToolDefinition,
	createPowerShellToolDefinition,
	createReadToolDefinition,
	DefaultResourceLoader,
	type ExtensionAPI,
	SessionManager,
	SettingsManager,
	type ToolDefinition,
} from "@earendil-works/pi-coding-agent";
import type { TSchema } from "typebox";
import { plural } from "../../format/numbers.ts";
import { prefixHashes } from "../../meter/prefix.ts";
import { encodeRequestEntry, REQUEST_ENTRY_TYPE } from "../../meter/request-entry.ts";
import type { ForkPlan, InheritedPrompt, SessionEntryLike } from "../../plan/fork-types.ts";
import type { ForkObservations } from "../types.ts";
import { briefIndex, markInheritedEnd } from "./fork-breakpoint.ts";
import type { InProcessSetup, SetupChild } from "./in-process.ts";

/** What a fork's hooks and tools observe while it runs; the runner hands it back in its outcome. */
export type ForkChildState = ForkObservations;

export function createForkState(): ForkChildState {
	return { refused: [] };
}

/** The turn notice of a fork: it has no result to submit, only its answer to give. */
export function forkLastTurnNotice(budget: number): string {
	return (
		`This is your last turn: the fork's budget of ${plural(budget, "turn")} is spent after it. ` +
		"Answer now with what you found, and say what you could not check. Do not start new work."
	);
}

/** A section's content without the tag Pi wraps it in (`<name>\n…\n</name>`). */
function unwrap(name: string, value: string): string {
	const open = `<${name}>\n`;
	const close = `\n</${name}>`;
	return value.startsWith(open) && value.endsWith(close) ? value.slice(open.length, -close.length) : value;
}

/** Pi's prompt options, restated so that the sections Pi builds from them are the inherited ones. */
export function restatePrompt(options: Record<string, unknown>, prompt: InheritedPrompt): void {
	const { preamble, ...tagged } = prompt.sections;
	options.customPrompt = preamble ?? "";
	options.sections = Object.fromEntries(Object.entries(tagged).map(([name, value]) => [name, unwrap(name, value)]));
	options.appendSystemPrompt = "";
	options.contextFiles = [];
	options.skills = [];
	options.promptGuidelines = [];
	options.toolSnippets = {};
	options.toolGuidelines = {};
	options.hiddenTools = [];
	options.selectedTools = prompt.tools.map((tool) => tool.name);
}

/** Pi's own implementations a fork may run, for its working directory. */
function implementations(cwd: string): Record<string, ToolDefinition> {
	return {
		read: createReadToolDefinition(cwd) as ToolDefinition,
		grep: createGrepToolDefinition(cwd) as ToolDefinition,
		find: createFindToolDefinition(cwd) as ToolDefinition,
		ls: createLsToolDefinition(cwd) as ToolDefinition,
		bash: createBashToolDefinition(cwd) as ToolDefinition,
		powershell: createPowerShellToolDefinition(cwd) as ToolDefinition,
	};
}

/** The parent's tools as the fork declares them, each running or refusing by its rule. */
export function forkTools(
	plan: ForkPlan,
	state: ForkChildState,
	contained: readonly ToolDefinition[] = [],
): ToolDefinition[] {
	// The runner's bash runs each command in a namespace that ends with it: a fork's processes die with
	// it too; its read and grep touch regular files only (a FIFO would block a thread of this process).
	const base = implementations(plan.cwd);
	const own = { ...base, ...Object.fromEntries(contained.filter((t) => t.name in base).map((t) => [t.name, t])) };
	return plan.prompt.tools.map((declared): ToolDefinition => {
		const shape = {
			name: declared.name,
			label: declared.name,
			description: declared.description,
			parameters: declared.parameters as TSchema,
			...(declared.constrainedSampling !== undefined && {
				constrainedSampling: declared.constrainedSampling as ToolDefinition["constrainedSampling"],
			}),
		};
		const rule = plan.tools.find((r) => r.name === declared.name);
		const implementation = own[declared.name];
		if (rule?.action === "run" && implementation) return { ...implementation, ...shape };
		const reason = rule?.action === "refuse" ? rule.reason : `Refused: ${declared.name} is not available to a fork.`;
		return {
			...shape,
			async execute() {
				state.refused.push({ tool: declared.name, reason });
				// A tool fails by throwing: Pi hands the message to the model as the tool's error.
				throw new Error(reason);
			},
		};
	});
}

interface HookContext {
	plan: ForkPlan;
	state: ForkChildState;
	now: () => number;
}

/** The fork's own hooks: its prompt restated, its requests marked, hashed and metered. */
function forkHooks({ plan, state, now }: HookContext) {
	return (pi: ExtensionAPI): void => {
		pi.on("before_agent_start", (event) => {
			restatePrompt(event.systemPromptOptions as unknown as Record<string, unknown>, plan.prompt);
			return plan.prompt.forced === undefined ? undefined : { systemPrompt: plan.prompt.forced };
		});
		let briefAt: number | undefined;
		let metered: string[] | undefined;
		pi.on("before_provider_request", (event, ctx) => {
			const messages = (event.payload as { messages?: unknown }).messages;
			briefAt ??= Array.isArray(messages) ? briefIndex(messages, plan.brief) : -1;
			const marked = markInheritedEnd(event.payload, briefAt);
			state.breakpoint ??= marked.added ? `added at message ${marked.at}` : marked.why;
			const payload = marked.added ? marked.payload : event.payload;
			const read = prefixHashes(payload);
			if (read) {
				state.firstRequest ??= read.prefix;
				const model = ctx.model ? `${ctx.model.provider}/${ctx.model.id}` : `${plan.model.provider}/${plan.model.id}`;
				pi.appendEntry(
					REQUEST_ENTRY_TYPE,
					encodeRequestEntry({ at: now(), model, api: read.api, prefix: read.prefix }, metered),
				);
				metered = read.prefix.messages ?? [];
			}
			return marked.added ? payload : undefined;
		});
	};
}

/** The entries the plan names, copied: the fork's session must never share objects with the parent's. */
function branchEntries(plan: ForkPlan, entries: readonly SessionEntryLike[]): SessionEntryLike[] {
	const byId = new Map(entries.map((entry) => [entry.id, entry]));
	return plan.branch.entryIds.flatMap((id) => {
		const entry = byId.get(id);
		return entry ? [structuredClone(entry)] : [];
	});
}

/** The in-process runner's setup for one fork child. */
export function forkSetup(
	plan: ForkPlan,
	entries: readonly SessionEntryLike[],
	state: ForkChildState,
	now: () => number,
): SetupChild {
	return async (_launch, context): Promise<InProcessSetup> => {
		const settingsManager = SettingsManager.inMemory({ compaction: { enabled: false } });
		const resourceLoader = new DefaultResourceLoader({
			cwd: plan.cwd,
			agentDir: plan.agentDir,
			settingsManager,
			noExtensions: true,
			extensionFactories: [forkHooks({ plan, state, now })],
			noSkills: true,
			noPromptTemplates: true,
			noThemes: true,
			noContextFiles: true,
			systemPromptOverride: () => undefined,
			appendSystemPromptOverride: () => [],
		});
		await resourceLoader.reload();
		const inherited = branchEntries(plan, entries);
		const parent = plan.parentSession.file ?? plan.parentSession.id;
		const customTools = forkTools(plan, state, context.containedTools);
		return {
			resourceLoader,
			sessionManager: SessionManager.inMemory(plan.cwd, { parentSession: parent }, inherited as never),
			settingsManager,
			tools: customTools.map((tool) => tool.name),
			customTools,
			submitted: () => false,
			lastTurnNotice: forkLastTurnNotice,
			bindExtensions: true,
			describe: {
				resourceLoader:
					"nothing discovered; the fork's own hooks restate the parent's prompt and mark the inherited prefix",
				sessionManager: `in memory, holding the parent's branch (${inherited.length} entries up to ${plan.branch.leafId}); written to session.jsonl at the end`,
				settingsManager: "in memory, compaction off",
				refused: plan.tools.filter((r) => r.action === "refuse").map((r) => r.name),
			},
		};
	};
}
