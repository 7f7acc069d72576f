/**
 * Workflows in Pi: `/workflow FILE [--mode M] [--resume RUN] [--rerun-failed] [--background] [args…]`, and the
 * bundled `/code-review [--mode M] [target]`, `/deep-research [--mode M] question` and
 * `/adversarial-review [--mode M] target`, with the children widget and `/children`.
 *
 * Registering loads nothing heavy: the engine is imported when a command first runs. In the TUI a
 * run goes on in the background — the widget shows its children, `/children` stops one — and its
 * report lands in the transcript when it ends; in print and RPC mode the command waits for the run
 * and reports without a TUI (on stderr, or as a notification), so headless drivers get one report.
 * With `--background` the command returns at once in every mode, the run is one of the session's
 * background children (a run id, the queue, `/children stop`), and its report also reaches the
 * parent agent as a message when it ends, as a `background: true` task's does.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { ChildrenRegistry } from "../run/children.ts";
import type { PrefixGate } from "../run/prefix-gate.ts";
import type { RootLocks } from "../run/root-lock.ts";
import { BUNDLED_WORKFLOW_INFO } from "../workflow/bundled/catalog.ts";
import type { BackgroundPort } from "./background.ts";
import { registerChildrenWidget } from "./children-widget.ts";
import { registerReportRenderer, showReport } from "./commands/report.ts";
import type { PiDeps } from "./deps.ts";
import { onDemand, piPackage } from "./on-demand.ts";
import type { WorkflowCommandArgs } from "./workflow-run.ts";

export interface WorkflowCommandDeps extends PiDeps {
	/** The session's children registry; the `task` tool should report into the same one. */
	children?: ChildrenRegistry;
	prefixGate?: PrefixGate;
	/** The session's root locks, so a workflow's children and the tools' children never overlap. */
	locks?: RootLocks;
	/** The session's background children, for `--background`. */
	background?: BackgroundPort;
}

export type { WorkflowCommandArgs };

/** Splits a command line into words: spaces separate, double or single quotes group. */
export function splitWords(line: string): string[] {
	const words: string[] = [];
	for (const match of line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
		words.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : (match[2] ?? match[3] ?? ""));
	}
	return words;
}

const VALUE_FLAGS = new Set(["--mode", "--resume"]);

/** Parses `/workflow FILE …` (no `bundled`) or a bundled command's line; throws an Error for the user. */
export function parseWorkflowLine(line: string, bundled?: string): WorkflowCommandArgs {
	const words = splitWords(line);
	const values: Record<string, string> = {};
	const positionals: string[] = [];
	let rerunFailed = false;
	let background = false;
	for (let i = 0; i < words.length; i++) {
		const word = words[i] ?? "";
		if (word === "--") {
			positionals.push(...words.slice(i + 1));
			break;
		}
		if (VALUE_FLAGS.has(word)) {
			const value = words[++i];
			if (value === undefined) throw new Error(`${word} needs a value`);
			values[word] = value;
		} else if (word === "--rerun-failed") rerunFailed = true;
		else if (word === "--background") background = true;
		else if (word.startsWith("--") && positionals.length === 0) throw new Error(`unknown option ${word}`);
		else positionals.push(word);
	}
	const [first, ...rest] = positionals;
	if (bundled === undefined && first === undefined) throw new Error("missing the workflow file to run");
	const script =
		bundled !== undefined
			? { bundled }
			: BUNDLED_WORKFLOW_INFO.some((w) => w.name === first)
				? { bundled: first ?? "" }
				: { file: first ?? "" };
	if (rerunFailed && values["--resume"] === undefined) throw new Error("--rerun-failed needs --resume");
	return {
		script,
		args: bundled !== undefined ? positionals : rest,
		...(values["--mode"] !== undefined && { mode: values["--mode"] }),
		...(values["--resume"] !== undefined && { resume: values["--resume"] }),
		rerunFailed,
		...(background && { background: true }),
	};
}

/** The engine (and Pi's package) loads on the first run, once, however many commands start at the same time. */
const body = onDemand(async () => (await Promise.all([import("./workflow-run.ts"), piPackage.get()]))[0]);

export const WORKFLOW_USAGE =
	"Usage: /workflow <file.ts | bundled-name> [--mode M] [--resume RUN] [--rerun-failed] [--background] [args…]";

/** Registers the commands and the widget; returns the registry the `task` tool should report into. */
export function registerWorkflowCommands(pi: ExtensionAPI, deps: WorkflowCommandDeps): ChildrenRegistry {
	const children = deps.children ?? new ChildrenRegistry({ now: () => Date.now() });
	const running = new Set<AbortController>();
	registerReportRenderer(pi);
	registerChildrenWidget(pi, children, () => {
		for (const run of running) run.abort("cancelled");
	});
	const start = (name: string, usage: string, bundled?: string) =>
		pi.registerCommand(name, {
			description:
				bundled === undefined
					? "Run a workflow script: agent() calls as checked children, with a journal to resume from"
					: (BUNDLED_WORKFLOW_INFO.find((w) => w.name === bundled)?.description ?? name),
			handler: async (line, ctx) => {
				let args: WorkflowCommandArgs;
				try {
					args = parseWorkflowLine(line, bundled);
				} catch (error) {
					const text = `${(error as Error).message}\n${usage}`;
					showReport(pi, ctx, { title: `${name}: bad arguments`, summary: text, text, error: true });
					return;
				}
				const { runWorkflowCommand } = await body.get();
				await runWorkflowCommand(pi, ctx, args, { ...deps, children, running, title: name });
			},
		});
	start("workflow", WORKFLOW_USAGE);
	for (const w of BUNDLED_WORKFLOW_INFO) start(w.name, `Usage: /${w.name} [--mode M] ${w.usage}`, w.name);
	return children;
}
