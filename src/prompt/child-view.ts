/**
 * THE function that decides what a child sees: its system prompt inputs, its tools and its first
 * message. Every child pi-delegate starts — a task worker, a workflow agent, any later kind — gets
 * them from here; `preview` prints this function's output and the tests assert on it. Pure.
 *
 * The system prompt is built in Pi's own terms (a custom prompt, appended prompts, context files,
 * skills) and rendered by the child's Pi (render.ts), so a child's prompt has Pi's layout without
 * this package re-implementing Pi's renderer.
 *
 * Three shapes, by the resolved primitives:
 * - append (focused, and any mode that keeps the base): [operator's SYSTEM.md, or the generic base]
 *   + `<active_agent name="…"/>` + the role, then whatever channels the mode lets in;
 * - replace (isolated, scoped): `<active_agent/>` + the role is the whole base;
 * - legacy (the mode in effect is `legacy` and no layer made the base `replace`): what a child with no governance gets. Pi loads
 *   the parent's channels as it would for any session in that project — its own identity, tool
 *   list, rules and docs pointer included, or the operator's SYSTEM.md — and the role travels as
 *   the head of the first message, the way an ungoverned delegation sends it. The other primitives
 *   still apply one by one, so `legacy` with `inheritMainRules: false` keeps Pi's shape but blocks
 *   the main rules; with none overridden the child is byte-identical to an ungoverned one
 *   (docs/preview.md defines "ungoverned" exactly; test/prompt/legacy.test.ts proves it).
 *
 * Nothing per-run enters the system prompt: the role and the channels are stable per agent type,
 * mode and project, so siblings send byte-identical prompts and share one cached prefix.
 */

import { lookupMode, type ModeRegistry } from "../context/modes.ts";
import type { ContextFields } from "../context/primitives.ts";
import { type ResolvedContext, resolveContext } from "../context/resolve.ts";
import { selectSkills } from "../context/skills.ts";
import type { Problem } from "../problems.ts";
import { type ChannelReport, reportChannels } from "./channel-report.ts";
import type { ChildPromptInputs, InheritedPrompt, Omission, ParentPrompt, SkillEntry, Strategy } from "./channels.ts";
import { childBase } from "./generic-base.ts";
import { inheritPrompt } from "./inherit.ts";
import { type Size, sizeOf } from "./size.ts";

/** The kind of child: its name, its role text and its own context settings (an agent definition). */
export interface ChildKind {
	name: string;
	/** The role: what this kind of child is for. Stable text; never per-run. */
	role: string;
	context?: ContextFields & { label?: string };
	inheritPrompt?: Strategy;
	/** Where the kind is defined, for preview: `built-in`, or the agent file as messages show it. */
	source?: string;
}

export interface ChildViewRequest {
	kind: ChildKind;
	/** Per-call context fields: the highest precedence layer. */
	call?: ContextFields & { strategy?: Strategy };
	/** Run-level mode (e.g. `--mode` of a command). */
	runMode?: string;
	registry: ModeRegistry;
	/** What the parent offers: Pi's structured prompt inputs and/or its rendered prompt. */
	parent: ParentPrompt;
	/** The child's tool names, `submit_result` included when it has one. */
	tools: readonly string[];
	/** The per-run first message. */
	firstMessage: string;
}

/** Which inheritance strategy applies, and who chose it. */
export interface StrategyDecision {
	value: Strategy;
	/** `per-call strategy`, `agent .md inheritPrompt (<file>)` or `default`. */
	reason: string;
	/** False under legacy, which passes the parent's channels through as Pi loads them. */
	applies: boolean;
}

/** The child's own part: its `<active_agent>` tag and role, and where it travels. */
export interface RoleReport {
	/** `<active_agent name="…"/>`, a blank line, then the role text (trimmed). */
	text: string;
	placement: "system prompt" | "first message";
	/** Where the kind is defined (`built-in`, an agent file), when known. */
	source?: string;
	size: Size;
}

export interface ChildView {
	agent: string;
	context: ResolvedContext;
	strategy: StrategyDecision;
	inherited: InheritedPrompt;
	/**
	 * What the child's base prompt is: the operator's custom prompt (byte for byte), the generic base,
	 * the role itself (replace modes), or Pi's own prompt (legacy, when the operator wrote none).
	 */
	base: "operator" | "generic" | "role" | "pi";
	/** True when the legacy mode decided the base: Pi's shape, role in the first message. */
	legacy: boolean;
	prompt: ChildPromptInputs;
	tools: string[];
	firstMessage: string;
	role: RoleReport;
	/** One report per channel, in the order base, main rules, project context, skills. */
	channels: ChannelReport[];
	/** Parts of the parent's prompt no channel carries: its working directory, extensions' sections. */
	notInherited: Omission[];
	/** Anything a reader of `preview` should know about how the view was reached. */
	notes: string[];
	warnings: Problem[];
}

/** `<active_agent name="…"/>`: names the child at the top of its own part of the prompt. */
export function activeAgentTag(name: string): string {
	return `<active_agent name="${name.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"/>`;
}

/** Joins non-empty parts with one blank line, as Pi joins its own sections. */
function paragraphs(...parts: string[]): string {
	return parts.filter((part) => part !== "").join("\n\n");
}

/**
 * Whether the child has legacy's shape: the mode in effect (the highest layer that names a mode) is
 * `legacy`, and no layer made the base `replace`. Overriding any other primitive — an explicit
 * `systemPromptMode: append` included, which is legacy's own value — keeps legacy's shape and applies
 * the field; only `replace` leaves it, because then the role is the base.
 */
function legacyDecides(request: ChildViewRequest, context: ResolvedContext): boolean {
	if (context.primitives.systemPromptMode !== "append") return false;
	const named = request.call?.contextMode ?? request.kind.context?.contextMode ?? request.runMode;
	return named !== undefined && lookupMode(request.registry, named)?.mode.name === "legacy";
}

function decideStrategy(request: ChildViewRequest, legacy: boolean): StrategyDecision {
	const { call, kind } = request;
	if (call?.strategy !== undefined) return { value: call.strategy, reason: "per-call strategy", applies: !legacy };
	if (kind.inheritPrompt !== undefined) {
		const file = kind.context?.label ?? kind.source;
		return {
			value: kind.inheritPrompt,
			reason: `agent .md inheritPrompt${file ? ` (${file})` : ""}`,
			applies: !legacy,
		};
	}
	return { value: "full", reason: "default", applies: !legacy };
}

/** The skills a child gets: from the channel the strategy kept, by inheritSkills and the allowlist. */
function childSkills(inherited: InheritedPrompt, context: ResolvedContext) {
	const available = inherited.channels.skills?.skills;
	// With no skills channel (a portable capture), an allowlist has nothing to pick from: no warnings.
	if (available === undefined && inherited.strategy === "portable") return { skills: [] as SkillEntry[], warnings: [] };
	return selectSkills(available ?? [], {
		inheritSkills: context.primitives.inheritSkills,
		allowlist: context.skills.value,
		where: context.skills.where,
	});
}

/** The child's base prompt and where it comes from: its role alone (replace), the parent's as loaded (legacy), or the chosen base with the role after it. */
function childPrompt(
	request: ChildViewRequest,
	inherited: InheritedPrompt,
	own: string,
	modes: { replace: boolean; legacy: boolean },
): { base: ChildView["base"]; customPrompt: string | undefined } {
	if (modes.replace) return { base: "role", customPrompt: own };
	if (modes.legacy) {
		// Legacy is what an ungoverned child gets: the parent's custom prompt exactly as Pi loaded it,
		// even one of blank lines, which the other modes treat as nothing to adopt.
		const raw = request.parent.options?.customPrompt;
		const customPrompt =
			raw !== undefined && raw !== "" && request.parent.options?.forceSystemPrompt === undefined
				? raw
				: inherited.channels.base?.text;
		return { base: customPrompt === undefined ? "pi" : "operator", customPrompt };
	}
	const chosen = childBase(inherited);
	return { base: chosen.source, customPrompt: paragraphs(chosen.text, own) };
}

export function buildChildView(request: ChildViewRequest): ChildView {
	const { kind } = request;
	const context = resolveContext({
		registry: request.registry,
		call: request.call,
		agent: kind.context,
		runMode: request.runMode,
	});
	const { primitives } = context;
	const legacy = legacyDecides(request, context);
	const strategy = decideStrategy(request, legacy);
	// Legacy takes every channel as Pi loaded it, so the strategy's narrowing does not apply.
	const full = inheritPrompt(request.parent, "full");
	const inherited =
		strategy.applies && strategy.value !== "full" ? inheritPrompt(request.parent, strategy.value) : full;
	const own = paragraphs(activeAgentTag(kind.name), kind.role.trim());
	const skills = childSkills(inherited, context);
	const mainRules = inherited.channels.mainRules?.text;
	const { base, customPrompt } = childPrompt(request, inherited, own, {
		replace: primitives.systemPromptMode === "replace",
		legacy,
	});
	const prompt: ChildPromptInputs = {
		customPrompt,
		appendSystemPrompt: primitives.inheritMainRules && mainRules ? [mainRules] : [],
		contextFiles: primitives.inheritProjectContext ? [...(inherited.channels.projectContext?.files ?? [])] : [],
		skills: skills.skills,
	};
	const role: RoleReport = {
		text: own,
		placement: legacy ? "first message" : "system prompt",
		...(kind.source !== undefined && { source: kind.source }),
		size: sizeOf(own),
	};
	const notes = [...inherited.notes];
	if (legacy && strategy.value !== "full") {
		notes.push(
			`the ${strategy.value} strategy does not apply under legacy, which passes the parent's channels through as Pi loads them`,
		);
	}
	return {
		agent: kind.name,
		context,
		strategy,
		inherited,
		base,
		legacy,
		prompt,
		tools: [...request.tools],
		firstMessage: legacy ? paragraphs(own, request.firstMessage) : request.firstMessage,
		role,
		channels: reportChannels({ context, full, inherited, base, legacy, prompt, tools: request.tools }),
		notInherited: full.omitted.filter((o) => o.part === "cwd" || o.part === "extensionSection"),
		notes,
		warnings: [...context.warnings, ...skills.warnings],
	};
}
