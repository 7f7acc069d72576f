/**
 * `/delegate-preview [--mode M] [--agent NAME] [--strategy full|portable] [--tools a,b] [--spec FILE]`
 * in Pi: what a child delegated from this session would receive, from the same plan a launch uses
 * and rendered by Pi, with the same report `pi-delegate preview` prints. The parent is this session:
 * the prompt its latest run used, else the session's current prompt inputs. Registering it loads
 * nothing heavy; the preview itself loads on first use.
 */
import { parseArgs } from "node:util";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { STRATEGIES, type Strategy } from "../../context/strategies.ts";
import type { DelegatePreviewDeps, PreviewArgs } from "./delegate-preview-show.ts";
import { registerReportRenderer, showReport } from "./report.ts";

export type { DelegatePreviewDeps, PreviewArgs };

export const DELEGATE_PREVIEW_USAGE =
	"Usage: /delegate-preview [--mode M] [--agent NAME] [--strategy full|portable] [--tools a,b] [--spec FILE]";

const OPTIONS = {
	mode: { type: "string" },
	agent: { type: "string" },
	strategy: { type: "string" },
	tools: { type: "string" },
	spec: { type: "string" },
} as const;

/** Parses the command's argument line; throws an Error whose message is for the user. */
export function parsePreviewArgs(line: string): PreviewArgs {
	const args = line.trim() === "" ? [] : line.trim().split(/\s+/);
	const { values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });
	if (values.strategy !== undefined && !(STRATEGIES as readonly string[]).includes(values.strategy)) {
		throw new Error(`--strategy must be one of ${STRATEGIES.join(", ")}, not "${values.strategy}"`);
	}
	const tools = values.tools?.split(",").map((t) => t.trim());
	if (tools?.some((t) => t === "")) throw new Error(`--tools has an empty name: "${values.tools}"`);
	return {
		...(values.mode !== undefined && { mode: values.mode }),
		...(values.agent !== undefined && { agent: values.agent }),
		...(values.strategy !== undefined && { strategy: values.strategy as Strategy }),
		...(tools !== undefined && { tools }),
		...(values.spec !== undefined && { spec: values.spec }),
	};
}

export function registerDelegatePreviewCommand(pi: ExtensionAPI, deps: DelegatePreviewDeps = {}): void {
	registerReportRenderer(pi);
	pi.registerCommand("delegate-preview", {
		description: "Show what a delegated child would receive: channels, why, sizes, its prompt as Pi renders it",
		getArgumentCompletions: (prefix) => {
			const words = ["--mode", "--agent", "--strategy", "--tools"];
			const last = prefix.split(/\s+/).pop() ?? "";
			const matches = words.filter((w) => w.startsWith(last) && last !== "");
			return matches.length > 0 ? matches.map((w) => ({ value: w, label: w })) : null;
		},
		handler: async (line, ctx) => {
			const fail = (title: string, text: string) => showReport(pi, ctx, { title, summary: text, text, error: true });
			let args: PreviewArgs;
			try {
				args = parsePreviewArgs(line);
			} catch (error) {
				fail("delegate-preview: bad arguments", `${(error as Error).message}\n${DELEGATE_PREVIEW_USAGE}`);
				return;
			}
			const { showPreview } = await import("./delegate-preview-show.ts");
			await showPreview(pi, ctx, args, deps);
		},
	});
}
