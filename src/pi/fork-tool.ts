/**
 * The `fork` tool (context ladder L4): a child that sees this whole conversation — the branch from
 * the root to this point, with its latest compaction and what that kept — with the brief as its
 * last message, and answers in prose. It sends the parent's model, system prompt and tools, so it
 * reads the parent's cached prefix; it is read-only (writing and delegating tools are refused when
 * called, bash runs and any change it leaves fails it). Several briefs run as parallel forks.
 *
 * Its parameters are exactly what the fork-gate reads (`brief`, `briefs`, `from`), so the gate's
 * `tool_call` hook blocks a brief that must be a task before this runs. The description never offers
 * the fork for implementation and carries the three pre-flight questions. The runner loads on the
 * first call, like the task tool's.
 */
import { defineTool, type ExtensionAPI, type Theme } from "@earendil-works/pi-coding-agent";
import { Text } from "@earendil-works/pi-tui";
import Type from "typebox";
import { FORK_TOOL_DESCRIPTION } from "../gate/rule.ts";
import type { ForkDetails, ForkParams, ForkToolDeps } from "./fork-call.ts";
import { FORK_TOOL_NAME } from "./fork-gate.ts";

export type { ForkToolDeps };

export const ForkParamsSchema = Type.Object({
	brief: Type.Optional(
		Type.String({ description: "What the fork should find out or judge; it becomes its last user message." }),
	),
	briefs: Type.Optional(
		Type.Array(Type.String(), {
			description: "Several briefs: one fork each, run at the same time, each answer labelled with its brief.",
		}),
	),
	from: Type.Optional(
		Type.String({ description: "An entry id of this session to branch from instead of this point." }),
	),
});

let forkCall: Promise<typeof import("./fork-call.ts")> | undefined;

/** One import shared by every call, made on the first (calls in one message must not each start loading it). */
function loadForkCall(): Promise<typeof import("./fork-call.ts")> {
	forkCall ??= import("./fork-call.ts");
	return forkCall;
}

function renderForkCall(args: Partial<ForkParams>, theme: Theme): Text {
	const briefs = [...(args.brief ? [args.brief] : []), ...(args.briefs ?? [])];
	const count = briefs.length > 1 ? ` ${briefs.length} briefs` : "";
	const from = args.from ? theme.fg("muted", ` · from ${args.from}`) : "";
	const first = briefs[0] ? `\n${theme.fg("dim", (briefs[0].split("\n")[0] ?? "").slice(0, 100))}` : "";
	return new Text(`${theme.fg("toolTitle", theme.bold("fork"))}${theme.fg("accent", count)}${from}${first}`, 0, 0);
}

function renderForkResult(details: ForkDetails | undefined, text: string, expanded: boolean, theme: Theme): Text {
	if (!details) return new Text(text, 0, 0);
	if (details.kind === "progress") return new Text(theme.fg("muted", details.line), 0, 0);
	if (expanded) return new Text(details.report, 0, 0);
	const lines = details.results.map((r) => {
		const verdict = theme.fg(r.verdict === "PASS" ? "success" : "error", theme.bold(r.verdict));
		return `${verdict} ${theme.fg("muted", `${r.id} · unverified prose`)}`;
	});
	return new Text(lines.join("\n"), 0, 0);
}

export function registerForkTool(pi: ExtensionAPI, deps: Omit<ForkToolDeps, "appendEntry">): void {
	const appendEntry = (customType: string, data: unknown) => pi.appendEntry(customType, data);
	pi.registerTool(
		defineTool<typeof ForkParamsSchema, ForkDetails>({
			name: FORK_TOOL_NAME,
			label: "Fork",
			description: FORK_TOOL_DESCRIPTION,
			promptSnippet: "Run a read-only child that sees this conversation; for exploration and parallel opinions only",
			parameters: ForkParamsSchema,
			async execute(toolCallId, params, signal, onUpdate, ctx) {
				const { runForkCall } = await loadForkCall();
				return runForkCall(toolCallId, params, signal, onUpdate, ctx, { ...deps, appendEntry });
			},
			renderCall: (args, theme) => renderForkCall(args, theme),
			renderResult: (result, options, theme) =>
				renderForkResult(
					result.details,
					result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n"),
					options.expanded,
					theme,
				),
		}),
	);
}
