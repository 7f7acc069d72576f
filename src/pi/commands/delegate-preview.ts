/**
 * `/delegate-preview [the flags of pi-delegate preview] [--spec FILE]` in Pi: what a child delegated from this session would receive, from the same plan a launch uses
 * and rendered by Pi, with the same report `pi-delegate preview` prints. The parent is this session:
 * the prompt its latest run used, else the session's current prompt inputs. Registering it loads
 * nothing heavy; the preview itself loads on first use.
 */
import { parseArgs } from "node:util";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { readRequestFlags } from "../../request/flags.ts";
import { flagOptions } from "../../request/generate.ts";
import { piPackage } from "../on-demand.ts";
import type { DelegatePreviewDeps, PreviewArgs } from "./delegate-preview-show.ts";
import { registerReportRenderer, showReport } from "./report.ts";

export type { DelegatePreviewDeps, PreviewArgs };

/** The flags of `pi-delegate preview`, but for `--json` and the trust flags (this session decides trust). */
const OPTIONS = { ...flagOptions(["run", "preview"]), spec: { type: "string" } } as const;

export const DELEGATE_PREVIEW_USAGE = `Usage: /delegate-preview ${Object.keys(OPTIONS)
	.map((name) => `[--${name}${OPTIONS[name as keyof typeof OPTIONS].type === "string" ? " …" : ""}]`)
	.join(" ")}`;

/** Parses the command's argument line; throws an Error whose message is for the user. */
export function parsePreviewArgs(line: string): PreviewArgs {
	const args = line.trim() === "" ? [] : line.trim().split(/\s+/);
	const { values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false });
	const read = readRequestFlags(values);
	if (!read.ok) throw new Error(read.refused);
	return { ...read.flags, ...(values.spec !== undefined && { spec: values.spec as string }) };
}

export function registerDelegatePreviewCommand(pi: ExtensionAPI, deps: DelegatePreviewDeps): void {
	registerReportRenderer(pi);
	pi.registerCommand("delegate-preview", {
		description: "Show what a delegated child would receive: channels, why, sizes, its prompt as Pi renders it",
		getArgumentCompletions: (prefix) => {
			const words = Object.keys(OPTIONS).map((name) => `--${name}`);
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
			// Pi's package first: the agent directory is Pi's own answer (deps.agentDir).
			const [{ showPreview }] = await Promise.all([import("./delegate-preview-show.ts"), piPackage.get()]);
			await showPreview(pi, ctx, args, deps);
		},
	});
}
