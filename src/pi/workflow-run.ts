/**
 * The body of the workflow commands, loaded when one first runs: the shared `launchWorkflow` with
 * this session as the parent — its prompt (the capture the `task` tool reads), its model and its
 * providers — and its children reported into the session's registry, so the widget shows them.
 *
 * In the TUI the run goes on in the background and the command returns at once; in print and RPC
 * mode the command waits, writing progress to stderr in print mode, and shows one report at the end.
 * With `--background` it returns at once in every mode: the run is handed to the session's
 * background children (background-hub.ts), and its report reaches the parent agent as a message.
 */
import type { ExtensionAPI, ExtensionCommandContext } from "@earendil-works/pi-coding-agent";
import { formatUsd } from "../format/numbers.ts";
import { WORKFLOW_USAGE_KIND } from "../meter/fold.ts";
import { formatProblems } from "../problems.ts";
import { renderReport } from "../report/task-report.ts";
import { renderUncheckedReport } from "../report/unchecked-report.ts";
import type { ChildrenRegistry } from "../run/children.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import { launchWorkflow } from "../workflow/launch.ts";
import { type RunSummary, runReport } from "../workflow/report.ts";
import type { AgentResult } from "../workflow/types.ts";
import type { BackgroundPort } from "./background.ts";
import { showReport } from "./commands/report.ts";
import type { Report } from "./commands/report-types.ts";
import { showStatus } from "./screen-marks.ts";
import { type PiDeps, sourcesFromPiContext } from "./sources.ts";

/** What a command line asks for (parsed by workflow-commands.ts). */
export interface WorkflowCommandArgs {
	script: { file: string } | { bundled: string };
	args: string[];
	mode?: string;
	resume?: string;
	rerunFailed: boolean;
	/** Return at once; the report also reaches the parent agent as a message. */
	background?: true;
}

export interface WorkflowRunDeps extends PiDeps {
	children: ChildrenRegistry;
	running: Set<AbortController>;
	prefixGate?: PrefixGate;
	locks?: RootLocks;
	/** The command's name, for the report's title. */
	title: string;
	background?: BackgroundPort;
}

function childReport(result: AgentResult): string {
	return result.kind === "unchecked" ? renderUncheckedReport(result) : renderReport(result);
}

/** The dollars a run's children have spent so far, as the registry has them (replayed ones cost nothing). */
function runDollars(children: ChildrenRegistry, runId: string | undefined): number {
	if (runId === undefined) return 0;
	return children.state.children.filter((c) => c.group === runId).reduce((sum, c) => sum + c.usd, 0);
}

/**
 * Where a line of progress goes, with the run's dollars so far after it: stderr in print mode; the
 * status bar in the TUI (redrawn as children spend, not only at each line); nowhere in RPC.
 */
function logger(ctx: ExtensionCommandContext, deps: WorkflowRunDeps, runId: () => string | undefined) {
	const { title, children } = deps;
	const spent = () => formatUsd(runDollars(children, runId()));
	if (ctx.mode === "print") return { log: (text: string) => process.stderr.write(`${title}  ${text} · ${spent()}\n`) };
	if (!(ctx.mode === "tui" && ctx.hasUI)) return { log: () => {} };
	let last = "";
	const draw = () => showStatus(ctx.ui, `pi-delegate-${title}`, `${title}: ${last} · ${spent()}`);
	const unsubscribe = children.subscribe((_state, event) => {
		if (last !== "" && event.type !== "stopping") draw();
	});
	return {
		log: (text: string) => {
			last = text;
			draw();
		},
		close: unsubscribe,
	};
}

/**
 * A finished run's dollars as a usage entry of this session, so Pi's footer total (and its /session)
 * counts them as it counts a tool result's usage — a command has no tool result to carry them. Pi's
 * own cache warmer records its requests this way; the extension API types the session read-only, so
 * the call is made only where the running Pi has it. /delegate-spend skips these entries: it counts
 * the run's children from their records.
 */
function recordRunUsage(ctx: ExtensionCommandContext, summary: { runId: string; usd: number }): void {
	const session = ctx.sessionManager as { appendUsage?: (...args: unknown[]) => unknown };
	if (summary.usd <= 0 || typeof session.appendUsage !== "function") return;
	const cost = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: summary.usd };
	const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost };
	try {
		session.appendUsage.call(ctx.sessionManager, WORKFLOW_USAGE_KIND, "pi-delegate", "workflow", usage, summary.runId);
	} catch {
		// A session that cannot take the entry loses the footer figure, not the run.
	}
}

/** A finished run's report: the title says how it ended; collapsed, its first lines and the script's answer. */
function runSummaryReport(title: string, summary: RunSummary): Report {
	const text = runReport(summary);
	const head = text.split("\n\n");
	return {
		title: `${title}: ${summary.status}`,
		summary: [head[0], typeof summary.report === "string" ? summary.report.split("\n")[0] : undefined]
			.filter(Boolean)
			.join("\n"),
		text,
		...(summary.status !== "passed" && { error: true }),
	};
}

/** Runs the workflow and shows its report; returns the report. `signal` (a background stop) cancels it. */
async function run(
	pi: ExtensionAPI,
	ctx: ExtensionCommandContext,
	args: WorkflowCommandArgs,
	deps: WorkflowRunDeps,
	signal?: AbortSignal,
): Promise<Report> {
	const sources = sourcesFromPiContext(ctx, deps);
	const cancel = new AbortController();
	signal?.addEventListener("abort", () => cancel.abort("cancelled"), { once: true });
	deps.running.add(cancel);
	let runId: string | undefined;
	const { log, close } = logger(ctx, deps, () => runId);
	try {
		const launched = await launchWorkflow(
			{
				script: args.script,
				args: args.args,
				...(args.resume !== undefined && { resume: args.resume }),
				rerunFailed: args.rerunFailed,
				sources: { ...sources, request: { ...(args.mode !== undefined && { runMode: args.mode }), extensions: [] } },
			},
			{
				children: deps.children,
				log,
				signal: cancel.signal,
				...(deps.prefixGate && { prefixGate: deps.prefixGate }),
				...(deps.locks && { locks: deps.locks }),
				report: childReport,
				started: (r) => {
					runId = r.id;
					log(`started ${r.id}`);
				},
			},
		);
		if (!launched.ok) {
			const text = formatProblems(launched.problems);
			const report = { title: `${deps.title}: cannot run: ${launched.what}`, summary: text, text, error: true };
			showReport(pi, ctx, report);
			return report;
		}
		const { summary } = launched;
		// The run's spend as it recorded it (replayed children cost nothing this time).
		recordRunUsage(ctx, { runId: runId ?? deps.title, usd: summary.spentUsd });
		const report = runSummaryReport(deps.title, summary);
		showReport(pi, ctx, report);
		return report;
	} finally {
		deps.running.delete(cancel);
		close?.();
		if (ctx.mode === "tui" && ctx.hasUI) showStatus(ctx.ui, `pi-delegate-${deps.title}`, undefined);
	}
}

export async function runWorkflowCommand(
	pi: ExtensionAPI,
	ctx: ExtensionCommandContext,
	args: WorkflowCommandArgs,
	deps: WorkflowRunDeps,
): Promise<void> {
	if (args.background) return inBackground(pi, ctx, args, deps);
	if (ctx.mode !== "tui") {
		await run(pi, ctx, args, deps);
		return;
	}
	// The TUI waits for a command before it reads the next input: run in the background so the user
	// can watch the widget and stop a child meanwhile.
	ctx.ui.notify(`${deps.title} started; its children are listed above the editor (/children to stop one)`, "info");
	void run(pi, ctx, args, deps).catch((error: unknown) => {
		ctx.ui.notify(`${deps.title} failed: ${error instanceof Error ? error.message : String(error)}`, "error");
	});
}

/** The run as one of the session's background children: a run id now, its report as a message when it ends. */
function inBackground(
	pi: ExtensionAPI,
	ctx: ExtensionCommandContext,
	args: WorkflowCommandArgs,
	deps: WorkflowRunDeps,
) {
	if (!deps.background) throw new Error("--background needs the session's background children");
	const label = [deps.title, ...args.args].join(" ");
	const [started] = deps.background.session(ctx).launch(
		[
			{
				id: `workflow-${deps.title}`,
				kind: "workflow",
				label,
				run: async ({ signal }) => {
					const report = await run(pi, ctx, args, deps, signal);
					const state = report.error ? "FAIL" : "PASS";
					return { id: `workflow-${deps.title}`, kind: "workflow", state, text: report.text, report: report.text };
				},
			},
		],
		deps.background.registry,
	);
	const line = `${deps.title} runs in the background as ${started?.key}; its report reaches the agent as a message when it ends.`;
	if (ctx.hasUI) ctx.ui.notify(line, "info");
	else if (ctx.mode === "print") process.stderr.write(`${line}\n`);
}
