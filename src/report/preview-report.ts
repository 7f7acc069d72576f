/**
 * What `preview` prints: a child view channel by channel (what reaches the child, why, which layer
 * decided it, how big it is), what of the parent's prompt is left out, the tools, the system prompt
 * exactly as Pi renders it, the first message, and a diff against the parent's own prompt. Plain
 * text for a terminal (and for `/delegate-preview` in Pi), or one JSON object for machines. Pure.
 */

import { type CommandPolicy, describePolicy } from "../agents/permissions/command-policy.ts";
import { type PathRule, pathRuleLines } from "../agents/permissions/path-policy.ts";
import { PRIMITIVE_NAMES } from "../context/primitives.ts";
import { formatUsd } from "../format/numbers.ts";
import { renderTable } from "../format/table.ts";
import { describedList, hanging, terminalSafe } from "../format/text.ts";
import type { RenderedPrompt } from "../host/render.ts";
import type { ModelChoice, TaskPlan } from "../plan/types.ts";
import { formatProblems, type Problem } from "../problems.ts";
import type { ChannelReport } from "../prompt/channel-report.ts";
import type { ChildView } from "../prompt/child-view.ts";
import { unifiedDiff } from "../prompt/line-diff.ts";
import { narrow } from "../prompt/narrow.ts";
import { type Size, sizeOf, sizeOfAll } from "../prompt/size.ts";
import { applyRow } from "./apply-report.ts";

export interface PreviewData {
	view: ChildView;
	/** The child's prompt and tools as Pi renders them. */
	child: RenderedPrompt;
	/** The parent's own rendered prompt, to diff against; `about` says whose it is. */
	parent?: { rendered: string; about: string };
	/** Pi's version, which did the rendering. */
	piVersion: string;
	cwd: string;
	/** Whether and why the project's files were read. */
	trust?: string;
	/** The task's plan, when a spec was previewed: its model, runner, budget and roots. */
	plan?: TaskPlan;
	/** Without a spec: the model the child would start on, and why. */
	model?: ModelChoice;
	/** What would stop a run of it (a model without credentials), though the child can be shown. */
	wouldRefuse?: readonly Problem[];
	/** The commands the child's bash may run, when its agent limits them. */
	commands?: readonly CommandPolicy[];
	/** The paths the child's file tools are refused, when its agent has such rules. */
	paths?: readonly PathRule[];
}

const STATE_WORDS: Record<ChannelReport["state"], string> = {
	kept: "kept",
	generic: "generic base",
	replaced: "replaced by the role",
	pi: "Pi's own",
	in: "in",
	filtered: "allowlist",
	empty: "in (empty)",
	out: "out",
};

const RULE = "─".repeat(72);
/** Where plain-text paragraphs and tables wrap unless the caller knows its terminal. */
const WIDTH = 80;

function sizeCells(size: Size): [string, string] {
	return [String(size.bytes), String(size.tokens)];
}

/** Pi's own text in a render (legacy base): identity, tool list, rules and docs pointer, found by narrowing. */
function piOwnSize(child: RenderedPrompt): Size {
	return sizeOfAll(narrow(child.systemPrompt).removed.map((r) => r.text));
}

function toolsSize(child: RenderedPrompt): Size {
	return sizeOf(JSON.stringify(child.tools));
}

function headline(data: PreviewData, title: boolean): string[] {
	const { view } = data;
	const source = view.role.source ? ` (${view.role.source})` : "";
	const lines = title ? [`What a "${view.agent}" child${source} would receive in ${data.cwd}`] : [];
	lines.push(`rendered by Pi ${data.piVersion}`);
	if (data.trust) lines.push(`the project's .pi/ files: ${data.trust}`);
	return lines;
}

/** What a run of the previewed task would use besides its prompt: the plan's other decisions. */
function runBlock(data: PreviewData, width: number): string[] {
	const plan = data.plan;
	if (!plan) return modelBlock(data, width);
	const rows = [
		["model", modelRef(plan.model), plan.model.reason],
		["runner", plan.runner.value, plan.runner.reason],
		[
			"budget",
			`${plan.budget.wall_s} s · ${formatUsd(plan.budget.usd)} · ${plan.budget.turns} turns`,
			`effort ${plan.spec.effort}`,
		],
		...plan.boundary.roots.map((root) => [
			"root",
			root,
			plan.boundary.writeAllowed.includes(root) ? "writable" : "watched only",
		]),
		...(plan.apply.roots.length > 0 || plan.spec.apply !== undefined ? [applyRow(plan)] : []),
		["rung", plan.rung, "what of the caller's context the brief carries"],
		...(plan.tail ? [tailRow(plan.tail)] : []),
		...(plan.accept?.commands ?? []).map((command) => [
			"accept",
			command,
			`${plan.accept?.reason}; run after the child, ${plan.accept?.budget_s} s together`,
		]),
	];
	return ["", "Run", renderTable(["decision", "value", "why"], rows, [], { maxWidth: width }), ...refusalLines(data)];
}

/** Without a spec, the model the child would start on: the one decision of a run it can show. */
function modelBlock(data: PreviewData, width: number): string[] {
	if (!data.model) return [];
	const table = renderTable(["decision", "value", "why"], [["model", modelRef(data.model), data.model.reason]], [], {
		maxWidth: width,
	});
	return ["", "Run", table, ...refusalLines(data)];
}

/** A model as `provider/id[:thinking]`; "(none)" when none could be chosen. */
function modelRef(model: ModelChoice): string {
	if (model.provider === "(none)") return "(none)";
	return `${model.provider}/${model.id}${model.thinking ? `:${model.thinking}` : ""}`;
}

function refusalLines(data: PreviewData): string[] {
	const refused = data.wouldRefuse ?? [];
	return refused.length > 0 ? ["", "A run would refuse to start", formatProblems(refused)] : [];
}

/** The tail (L3): how much of the caller's conversation the brief quotes, and from where. */
function tailRow(tail: NonNullable<TaskPlan["tail"]>): string[] {
	const images = tail.images > 0 ? `; ${tail.images} image(s) as placeholders` : "";
	const left = tail.omitted > 0 ? `; ${tail.omitted} earlier left out` : "";
	return [
		"tail",
		`${tail.entries} entries, ~${tail.tokens} of ${tail.budget} tokens`,
		`from ${tail.source}${left}${images}`,
	];
}

function decisionsBlock(view: ChildView, width: number): string {
	const rows = PRIMITIVE_NAMES.map((name) => {
		const d = view.context.decisions[name];
		return [name, String(d.value), d.reason];
	});
	const allowlist = view.context.skills.value;
	rows.push([
		"skills",
		allowlist === undefined ? "(no allowlist)" : `[${allowlist.join(", ")}]`,
		view.context.skills.reason,
	]);
	rows.push([
		"strategy",
		view.strategy.value,
		`${view.strategy.reason}${view.strategy.applies ? "" : " (not applied)"}`,
	]);
	return renderTable(["setting", "value", "decided by"], rows, [], { maxWidth: width });
}

function channelsBlock(data: PreviewData, width: number): string {
	const { view, child } = data;
	const rows = view.channels.map((c) => {
		const count = c.items.length > 0 ? ` (${c.items.length})` : "";
		return [c.label, `${STATE_WORDS[c.state]}${count}`, ...sizeCells(c.size ?? piOwnSize(child))];
	});
	rows.push(["role", `in the ${view.role.placement}`, ...sizeCells(view.role.size)]);
	rows.push(["system prompt", "as Pi renders it", ...sizeCells(sizeOf(child.systemPrompt))]);
	rows.push(["tool definitions", `${child.tools.length} tool(s)`, ...sizeCells(toolsSize(child))]);
	const table = renderTable(["channel", "reaches the child", "bytes", "~tokens"], rows, [
		"left",
		"left",
		"right",
		"right",
	]);
	const why = describedList(
		view.channels.map((c) => ({ label: c.label, text: c.why, items: c.items })),
		width,
	);
	return [table, "", why].join("\n");
}

function leftOutBlock(view: ChildView, width: number): string[] {
	const omitted = [...view.channels.flatMap((c) => c.omitted), ...view.notInherited];
	if (omitted.length === 0) return [];
	const rows = omitted.map((o) => {
		const label = o.part === "extensionSection" && o.name ? `<${o.name}>` : o.part;
		const size = o.text === undefined ? "" : ` [${sizeOf(o.text).bytes} bytes]`;
		return { label, text: `${o.reason}${o.detail ? ` (${o.detail})` : ""}${size}` };
	});
	return ["", "Left out of the parent's prompt", describedList(rows, width)];
}

function framed(title: string, text: string): string[] {
	return ["", title, RULE, text, RULE];
}

function diffBlock(data: PreviewData): string[] {
	if (!data.parent) return [];
	const parentSize = sizeOf(data.parent.rendered);
	const diff = unifiedDiff(data.parent.rendered, data.child.systemPrompt);
	const title = `Compared with ${data.parent.about} (${parentSize.bytes} bytes, ~${parentSize.tokens} tokens):\n- parent only, + child only`;
	return framed(title, diff === "" ? "(identical)" : diff);
}

/** The whole preview as terminal text, ending in a newline. */
export function previewText(data: PreviewData, options: { headline?: boolean; width?: number } = {}): string {
	const { view, child } = data;
	const width = options.width ?? WIDTH;
	const prompt = sizeOf(child.systemPrompt);
	const first = sizeOf(view.firstMessage);
	const lines = [
		...headline(data, options.headline !== false),
		...runBlock(data, width),
		"",
		"Settings",
		decisionsBlock(view, width),
		"",
		"Channels",
		channelsBlock(data, width),
	];
	lines.push(...leftOutBlock(view, width));
	if (view.notes.length > 0)
		lines.push(
			"",
			"Notes",
			describedList(
				view.notes.map((text) => ({ label: "-", text })),
				width,
				1,
			),
		);
	if (view.warnings.length > 0) lines.push("", "Warnings", formatProblems(view.warnings, "!"));
	const names = child.tools.map((t) => t.name);
	lines.push("", `Tools (${names.length}): ${names.join(", ") || "(none)"}`);
	const rules = [...(data.commands ?? []).map(describePolicy), ...pathRuleLines(data.paths ?? [], names)];
	lines.push(...rules.map((line) => hanging("  ", line, width)));
	lines.push(...framed(`System prompt (${prompt.bytes} bytes, ~${prompt.tokens} tokens)`, child.systemPrompt));
	lines.push(
		...framed(
			`First message (${first.bytes} bytes, ~${first.tokens} tokens)`,
			view.firstMessage === "" ? "(given per run: the task brief; use --spec to see one)" : view.firstMessage,
		),
	);
	lines.push(...diffBlock(data));
	// The prompt and the first message hold what files and a spec say, shown as text, never run.
	return terminalSafe(`${lines.join("\n")}\n`);
}

/** The preview as one JSON value: everything the text shows, in fields a program can read. */
export function previewJson(data: PreviewData): unknown {
	const { view, child } = data;
	return {
		agent: view.agent,
		source: view.role.source,
		cwd: data.cwd,
		piVersion: data.piVersion,
		...(data.trust !== undefined && { projectFiles: data.trust }),
		base: view.base,
		legacy: view.legacy,
		strategy: view.strategy,
		primitives: view.context.primitives,
		decisions: view.context.decisions,
		skillsAllowlist: view.context.skills,
		channels: view.channels.map((c) => ({ ...c, size: c.size ?? piOwnSize(child) })),
		role: view.role,
		notInherited: view.notInherited,
		notes: view.notes,
		warnings: view.warnings,
		prompt: view.prompt,
		systemPrompt: { text: child.systemPrompt, ...sizeOf(child.systemPrompt) },
		tools: { names: child.tools.map((t) => t.name), definitions: child.tools, ...toolsSize(child) },
		...(data.commands && { commands: data.commands }),
		...(data.paths && { paths: data.paths }),
		firstMessage: { text: view.firstMessage, ...sizeOf(view.firstMessage) },
		...(!data.plan && data.model && { run: { model: data.model, wouldRefuse: data.wouldRefuse ?? [] } }),
		...(data.plan && {
			run: {
				model: data.plan.model,
				runner: data.plan.runner,
				budget: data.plan.budget,
				boundary: data.plan.boundary,
				rung: data.plan.rung,
				prefixKey: data.plan.prefixKey,
				wouldRefuse: data.wouldRefuse ?? [],
			},
		}),
		...(data.parent && {
			parent: {
				about: data.parent.about,
				...sizeOf(data.parent.rendered),
				diff: unifiedDiff(data.parent.rendered, child.systemPrompt),
			},
		}),
	};
}
