/**
 * The `children` tool: the parent's one handle on the children it started in the background —
 * list them, wait for one or all (up to a time-out), send a running one a message, stop one — and
 * the whole report of any ended child, foreground or background (the detail a PASS's compact
 * report leaves out). One tool with an action rather than five: its definition rides on every
 * request of the parent, and bench/background.bench.ts and test/pi/background-tokens.test.ts hold
 * what it adds.
 *
 * A wait returns the reports of the children that ended (the same compact report a foreground
 * call returns), which then count as delivered: no message follows for them. Their usage is the
 * tool result's, so Pi adds it to the session's totals, and each is listed in the details as a
 * child with its audit directory, so the spend view counts it once beside its `pi-delegate.child`
 * entry.
 */
import type { AgentToolResult, ExtensionAPI, ExtensionContext, ToolDefinition } from "@earendil-works/pi-coding-agent";
import { formatUsd } from "../format/numbers.ts";
import { type ChildEntry, isActive } from "../run/children.ts";
import type { BackgroundPort } from "./background.ts";
import type { BackgroundRun } from "./background-hub.ts";
import { toolUsage } from "./tool-usage.ts";

export const CHILDREN_TOOL_DESCRIPTION =
	"Your children: list; wait (a background run or all; timeout_s, default 60) for reports; send a running one a message; stop one; report: an ended one's full report.";

export const ChildrenParamsSchema = {
	type: "object",
	required: ["action"],
	properties: {
		action: { type: "string", enum: ["list", "wait", "send", "stop", "report"] },
		run: { type: "string" },
		message: { type: "string" },
		timeout_s: { type: "number" },
	},
} as const;

export interface ChildrenParams {
	action: "list" | "wait" | "send" | "stop" | "report";
	run?: string;
	message?: string;
	timeout_s?: number;
}

/** The wait's longest time-out: a parent cannot block itself past it. */
const MAX_WAIT_S = 600;

function listLine(c: ChildEntry): string {
	const place = c.auditDir ? `  ${c.auditDir}` : "";
	return `${c.key}  ${c.stopping ? "stopping" : c.state}  ${formatUsd(c.usd)}  ${c.label}${place}`;
}

function runOf(port: BackgroundPort, ctx: ExtensionContext, id: string | undefined): BackgroundRun {
	if (!id) throw new Error("children: run is missing; give the run id the call returned (e.g. fix-auth#3)");
	const run = port.session(ctx).get(id);
	if (!run) throw new Error(`children: no background child "${id}"; action "list" lists them`);
	return run;
}

async function waitFor(port: BackgroundPort, ctx: ExtensionContext, params: ChildrenParams, signal?: AbortSignal) {
	const hub = port.session(ctx);
	const runs = params.run
		? [runOf(port, ctx, params.run)]
		: [...hub.runs.values()].filter((r) => r.state !== "ended" || !r.delivered);
	const seconds = Math.min(MAX_WAIT_S, Math.max(0, params.timeout_s ?? 60));
	const { ended, fresh, running } = await hub.wait(runs, seconds * 1000, signal);
	const lines = fresh.map((r) => r.outcome?.text ?? "");
	const earlier = ended
		.filter((r) => !fresh.includes(r))
		.map((r) => `${r.key}: ${r.outcome?.state} (reported earlier)`);
	if (earlier.length > 0) lines.push(earlier.join("\n"));
	if (running.length > 0) lines.push(`Still running after ${seconds} s: ${running.map((r) => r.key).join(", ")}.`);
	if (lines.length === 0) lines.push("No background child to wait for.");
	const results = fresh.flatMap((r) => {
		const o = r.outcome;
		return o ? [{ kind: o.kind, id: o.id, verdict: o.state, auditDir: o.auditDir, usage: o.usage }] : [];
	});
	const usages = results.flatMap((r) => (r.usage ? [r.usage] : []));
	return {
		content: [{ type: "text" as const, text: lines.join("\n\n") }],
		details: { action: "wait", results },
		...(usages.length > 0 && { usage: toolUsage(usages) }),
	};
}

/**
 * An ended child's whole report, as a model reads it: the detail its compact report left out. A
 * child that has not ended, or whose whole report was not kept (a fork's answer is already whole),
 * says where the rest is.
 */
function reportOf(child: ChildEntry): string {
	if (isActive(child)) throw new Error(`children: ${child.key} is still ${child.state}; wait for it first`);
	if (child.detail !== undefined) return child.detail;
	const where = child.auditDir ? `; its audit record is ${child.auditDir}` : "";
	return `${child.key}: ${child.state}; its report was returned whole${where}.`;
}

/** One action; a wrong id or a missing field throws, so the model reads it as an error. */
export async function childrenAction(
	port: BackgroundPort,
	params: ChildrenParams,
	ctx: ExtensionContext,
	signal?: AbortSignal,
): Promise<AgentToolResult<unknown>> {
	const text = (line: string) => ({
		content: [{ type: "text" as const, text: line }],
		details: { action: params.action },
	});
	const registry = port.registry;
	port.session(ctx);
	if (params.action === "wait") return waitFor(port, ctx, params, signal);
	if (params.action === "list") {
		const all = registry.state.children;
		return text(all.length === 0 ? "No children in this session." : all.map(listLine).join("\n"));
	}
	const child = params.run === undefined ? undefined : registry.find(params.run);
	if (!child) throw new Error(`children: no child "${params.run ?? ""}"; action "list" lists them`);
	if (params.action === "report") return text(reportOf(child));
	if (!isActive(child)) throw new Error(`children: ${child.key} has ended (${child.state})`);
	if (params.action === "stop") {
		registry.stop(child.key);
		return text(`Stopping ${child.key}.${child.background ? " Its report follows as a message." : ""}`);
	}
	if (!params.message?.trim()) throw new Error("children: send needs a message (the text the child reads)");
	if (!registry.send(child.key, params.message)) throw new Error(`children: ${child.key} takes no messages now`);
	return text(`Sent to ${child.key}; it reads it at its next turn.`);
}

export function registerChildrenTool(pi: ExtensionAPI, port: BackgroundPort): void {
	const tool: ToolDefinition<typeof ChildrenParamsSchema, unknown> = {
		name: "children",
		label: "Children",
		description: CHILDREN_TOOL_DESCRIPTION,
		parameters: ChildrenParamsSchema,
		execute: (_id, params, signal, _onUpdate, ctx) => childrenAction(port, params as ChildrenParams, ctx, signal),
	};
	pi.registerTool(tool);
}
