/**
 * THE function that decides what a child sees: its system prompt inputs, its tools and its first
 * message. Every child pi-delegate starts — a task worker, a workflow agent, any later kind — gets
 * them from here; `preview` prints this function's output and the tests assert on it. Pure.
 *
 * The system prompt is built in Pi's own terms (a custom prompt, appended prompts, context files,
 * skills) and rendered by the child's Pi, so a child's prompt has Pi's layout without this package
 * re-implementing Pi's renderer.
 */

import type { ModeRegistry } from "../context/modes.ts";
import type { ContextFields } from "../context/primitives.ts";
import { type ResolvedContext, resolveContext } from "../context/resolve.ts";
import { selectSkills } from "../context/skills.ts";
import type { Problem } from "../problems.ts";
import type { ChildPromptInputs } from "../run/types.ts";
import type { InheritedPrompt, ParentPrompt, Strategy } from "./channels.ts";
import { childBase } from "./generic-base.ts";
import { inheritPrompt } from "./inherit.ts";

/** The kind of child: its name, its role text and its own context settings (an agent definition). */
export interface ChildKind {
	name: string;
	/** The role: what this kind of child is for. Stable text; never per-run. */
	role: string;
	context?: ContextFields & { label?: string };
	inheritPrompt?: Strategy;
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

export interface ChildView {
	agent: string;
	context: ResolvedContext;
	inherited: InheritedPrompt;
	/** Where the base came from: the operator's custom prompt or the generic base (append mode only). */
	base: "operator" | "generic" | "role";
	prompt: ChildPromptInputs;
	tools: string[];
	firstMessage: string;
	warnings: Problem[];
}

/** `<active_agent name="…"/>`: names the child at the top of its own part of the prompt. */
export function activeAgentTag(name: string): string {
	return `<active_agent name="${name.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"/>`;
}

export function buildChildView(request: ChildViewRequest): ChildView {
	const { kind } = request;
	const context = resolveContext({
		registry: request.registry,
		call: request.call,
		agent: kind.context,
		runMode: request.runMode,
	});
	const strategy = request.call?.strategy ?? kind.inheritPrompt ?? "full";
	const inherited = inheritPrompt(request.parent, strategy);
	const { primitives } = context;
	const own = [activeAgentTag(kind.name), kind.role.trim()].filter((part) => part !== "").join("\n\n");
	const base = childBase(inherited);
	const replace = primitives.systemPromptMode === "replace";
	const skills = selectSkills(inherited.channels.skills?.skills ?? [], {
		inheritSkills: primitives.inheritSkills,
		allowlist: context.skills.value,
		where: context.skills.where,
	});
	const mainRules = inherited.channels.mainRules?.text;
	return {
		agent: kind.name,
		context,
		inherited,
		base: replace ? "role" : base.source,
		prompt: {
			customPrompt: replace ? own : `${base.text}\n\n${own}`,
			appendSystemPrompt: primitives.inheritMainRules && mainRules ? [mainRules] : [],
			contextFiles: primitives.inheritProjectContext ? [...(inherited.channels.projectContext?.files ?? [])] : [],
			skills: skills.skills,
		},
		tools: [...request.tools],
		firstMessage: request.firstMessage,
		warnings: [...context.warnings, ...skills.warnings],
	};
}
