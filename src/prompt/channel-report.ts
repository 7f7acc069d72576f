/**
 * The per-channel explanation of a child view: for each of the four channels, what reaches the
 * child, which primitive decided it and at which precedence layer, how big it is, and what of the
 * parent's was left out. `preview` prints these rows; the wording is plain so a user can act on it.
 *
 * Sizes are of the content a channel hands to Pi (the operator's text, each context file's text,
 * each shown skill's name, description and location), before Pi's own framing (tags, headings,
 * the skills preamble); preview adds the exact rendered total. A base Pi writes itself (legacy with
 * no SYSTEM.md) has no size here: only the render knows it.
 */
import type { LayerName, ResolvedContext } from "../context/resolve.ts";
import type { ChannelName, ChildPromptInputs, InheritedPrompt, Omission, SkillEntry } from "./channels.ts";
import { GENERIC_BASE } from "./generic-base.ts";
import { NO_SIZE, type Size, sizeOf, sizeOfAll } from "./size.ts";

/** What reaches the child through one channel. */
export type ChannelState =
	/** base: the operator's custom prompt, byte for byte. */
	| "kept"
	/** base: the generic base stands in for Pi's own prompt. */
	| "generic"
	/** base: the role is the whole base (replace). */
	| "replaced"
	/** base: Pi writes its own prompt for the child (legacy). */
	| "pi"
	/** the parent's content reaches the child. */
	| "in"
	/** a skills allowlist picked some of the parent's skills. */
	| "filtered"
	/** the channel is let through, but the parent has nothing in it. */
	| "empty"
	/** kept out. */
	| "out";

export interface ChannelDecision {
	/** The primitive (or `skills`, for an allowlist) that decided the channel. */
	primitive: string;
	/** Its value as a user would write it. */
	value: string;
	layer: LayerName;
	/** The layer in plain words: `per-call field`, `agent .md mode "scoped"`, `default mode "focused"`. */
	reason: string;
}

export interface ChannelReport {
	channel: ChannelName;
	/** The channel's name as preview prints it. */
	label: string;
	state: ChannelState;
	decidedBy: ChannelDecision;
	/** One or two sentences: what the child gets and why. */
	why: string;
	/** What the channel carries to the child: context file paths, skill names. */
	items: string[];
	/** Size of the content handed to Pi; undefined when Pi writes it (legacy base). */
	size: Size | undefined;
	/** What of the parent's was left out of this channel, and why. */
	omitted: Omission[];
}

export interface ChannelReportInput {
	context: ResolvedContext;
	/** The parent's channels under the full strategy: what there was to inherit. */
	full: InheritedPrompt;
	/** The channels under the strategy that applies. */
	inherited: InheritedPrompt;
	base: "operator" | "generic" | "role" | "pi";
	legacy: boolean;
	prompt: ChildPromptInputs;
	tools: readonly string[];
}

export const CHANNEL_LABELS: Readonly<Record<ChannelName, string>> = {
	base: "base prompt",
	mainRules: "main rules",
	projectContext: "project context",
	skills: "skills",
};

const PI_OWN_PARTS = new Set(["identity", "tools", "rules", "docs"]);

function decision(context: ResolvedContext, primitive: keyof ResolvedContext["decisions"]): ChannelDecision {
	const { value, layer, reason } = context.decisions[primitive];
	return { primitive, value: String(value), layer, reason };
}

const bytes = (size: Size) => `${size.bytes} bytes`;

function baseReport(input: ChannelReportInput): ChannelReport {
	const decidedBy = decision(input.context, "systemPromptMode");
	const how = `systemPromptMode ${decidedBy.value} (${decidedBy.reason})`;
	const operator = input.full.channels.base?.text;
	const piOwn = input.full.omitted.filter((o) => PI_OWN_PARTS.has(o.part));
	const common = { channel: "base" as const, label: CHANNEL_LABELS.base, decidedBy, items: [] };
	switch (input.base) {
		case "role":
			return {
				...common,
				state: "replaced",
				why: `${how}: the child's role is its whole base prompt; ${operator === undefined ? "Pi's own prompt" : `the operator's custom prompt (${bytes(sizeOf(operator))})`} is left out.`,
				size: NO_SIZE,
				omitted: operator === undefined ? piOwn : [],
			};
		case "pi":
			return {
				...common,
				state: "pi",
				why: `${how}, legacy: Pi writes its own prompt for the child — identity, the child's tool list, rules, docs pointer — exactly as for a child with no governance; the role goes in the first message.`,
				size: undefined,
				omitted: [],
			};
		case "operator":
			return {
				...common,
				state: "kept",
				why: input.legacy
					? `${how}, legacy: the operator's custom prompt (SYSTEM.md or --system-prompt), byte for byte, as Pi loads it for any session; the role goes in the first message.`
					: `${how}: the operator's custom prompt (SYSTEM.md or --system-prompt), byte for byte, with the child's role below it.`,
				size: sizeOf(operator ?? ""),
				omitted: [],
			};
		default:
			return {
				...common,
				state: "generic",
				why: `${how}: the parent runs Pi's own prompt, whose identity, tool list and docs pointer describe the parent's session, so the generic base stands in, with the child's role below it.`,
				size: sizeOf(GENERIC_BASE),
				omitted: piOwn,
			};
	}
}

function mainRulesReport(input: ChannelReportInput): ChannelReport {
	const decidedBy = decision(input.context, "inheritMainRules");
	const how = `inheritMainRules ${decidedBy.value} (${decidedBy.reason})`;
	const text = input.full.channels.mainRules?.text;
	const included = input.prompt.appendSystemPrompt.length > 0;
	const common = { channel: "mainRules" as const, label: CHANNEL_LABELS.mainRules, decidedBy, items: [], omitted: [] };
	if (included) {
		return {
			...common,
			state: "in",
			why: `${how}: the parent's appended prompt (APPEND_SYSTEM.md / --append-system-prompt) reaches the child.`,
			size: sizeOfAll(input.prompt.appendSystemPrompt),
		};
	}
	if (text === undefined) {
		return {
			...common,
			state: decidedBy.value === "true" ? "empty" : "out",
			why: `${how}; the parent has no appended prompt.`,
			size: NO_SIZE,
		};
	}
	return {
		...common,
		state: "out",
		why: `${how}: the main agent's own rules (${bytes(sizeOf(text))}) stay with it.`,
		size: NO_SIZE,
	};
}

function portableOmission(input: ChannelReportInput, part: "projectContext" | "skills"): Omission | undefined {
	return input.inherited.omitted.find((o) => o.part === part);
}

function projectContextReport(input: ChannelReportInput): ChannelReport {
	const decidedBy = decision(input.context, "inheritProjectContext");
	const how = `inheritProjectContext ${decidedBy.value} (${decidedBy.reason})`;
	const files = input.full.channels.projectContext?.files ?? [];
	const given = input.prompt.contextFiles;
	const common = { channel: "projectContext" as const, label: CHANNEL_LABELS.projectContext, decidedBy };
	const portable = portableOmission(input, "projectContext");
	if (given.length > 0) {
		return {
			...common,
			state: "in",
			why: `${how}: the parent's context files reach the child.`,
			items: given.map((f) => f.path),
			size: sizeOfAll(given.map((f) => f.content)),
			omitted: [],
		};
	}
	const out = { ...common, state: "out" as const, items: [], size: NO_SIZE, omitted: [] as Omission[] };
	if (files.length === 0) {
		return {
			...out,
			state: decidedBy.value === "true" ? "empty" : "out",
			why: `${how}; the parent has no context files.`,
		};
	}
	const held = `${files.length} file(s), ${bytes(sizeOfAll(files.map((f) => f.content)))}`;
	if (portable && decidedBy.value === "true") {
		return { ...out, why: `${how}, but ${portable.reason} (${held} left out).`, omitted: [portable] };
	}
	return { ...out, why: `${how}: the parent's context files (${held}) are left out.` };
}

/** Pi lists a skill only to a child that can read its file (read or bash) and only if it is not hidden. */
function shown(skills: readonly SkillEntry[], tools: readonly string[]): SkillEntry[] {
	if (!tools.includes("read") && !tools.includes("bash")) return [];
	return skills.filter((s) => !s.disableModelInvocation);
}

function skillsReport(input: ChannelReportInput): ChannelReport {
	const { context } = input;
	const allowlist = context.skills.value;
	const decidedBy: ChannelDecision =
		allowlist === undefined
			? decision(context, "inheritSkills")
			: {
					primitive: "skills",
					value: `[${allowlist.join(", ")}]`,
					layer: context.skills.layer,
					reason: context.skills.reason,
				};
	const how = `${decidedBy.primitive} ${decidedBy.value} (${decidedBy.reason})`;
	const all = input.full.channels.skills?.skills ?? [];
	const given = input.prompt.skills;
	const visible = shown(given, input.tools);
	const common = { channel: "skills" as const, label: CHANNEL_LABELS.skills, decidedBy };
	const items = given.map((s) => (s.disableModelInvocation ? `${s.name} (hidden from the model)` : s.name));
	const size = sizeOfAll(visible.flatMap((s) => [s.name, s.description, s.filePath]));
	if (given.length > 0) {
		const unseen =
			visible.length === 0 && given.some((s) => !s.disableModelInvocation)
				? " Pi lists skills only to a child with the read or bash tool, and this child has neither, so none appear in its prompt."
				: "";
		const state = allowlist === undefined ? "in" : "filtered";
		const what =
			allowlist === undefined ? "the parent's skills reach the child" : `${given.length} of ${all.length} skill(s)`;
		return { ...common, state, why: `${how}: ${what}.${unseen}`, items, size, omitted: [] };
	}
	const out = { ...common, state: "out" as const, items: [], size: NO_SIZE, omitted: [] as Omission[] };
	const portable = portableOmission(input, "skills");
	if (portable && all.length > 0) return { ...out, why: `${how}, but ${portable.reason}.`, omitted: [portable] };
	if (all.length === 0) {
		return {
			...out,
			state: decidedBy.value === "false" || decidedBy.value === "[]" ? "out" : "empty",
			why: `${how}; the parent has no skills.`,
		};
	}
	if (allowlist !== undefined) {
		const fence = allowlist.length === 0 ? " ([] is a fence: no skills)" : "";
		return { ...out, why: `${how}: none of the parent's ${all.length} skill(s) is on the list${fence}.` };
	}
	return { ...out, why: `${how}: the parent's ${all.length} skill(s) are left out.` };
}

/** The four channel reports of a view, in Pi's order. */
export function reportChannels(input: ChannelReportInput): ChannelReport[] {
	return [baseReport(input), mainRulesReport(input), projectContextReport(input), skillsReport(input)];
}
