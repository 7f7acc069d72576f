/**
 * `/delegate-preview [--mode M] [--agent NAME] [--strategy full|portable] [--tools a,b]` in Pi: what
 * a child delegated from this session would receive, from the same function a launch uses and
 * rendered by Pi, with the same report `pi-delegate preview` prints. The parent is this session:
 * the prompt its latest run used (when the parent-prompt capture is wired in), else the session's
 * current prompt inputs.
 */
import { homedir } from "node:os";
import { parseArgs } from "node:util";
import { type ExtensionAPI, getAgentDir, VERSION } from "@earendil-works/pi-coding-agent";
import { formatProblems } from "../../problems.ts";
import { STRATEGIES, type Strategy } from "../../prompt/channels.ts";
import { sizeOf } from "../../prompt/size.ts";
import { previewText } from "../../report/preview-report.ts";
import { type ParentPromptSource, parentPromptOfCommand } from "../parent-prompt.ts";
import { registerReportRenderer, showReport } from "./report.ts";

export const DELEGATE_PREVIEW_USAGE =
	"Usage: /delegate-preview [--mode M] [--agent NAME] [--strategy full|portable] [--tools a,b] [--spec FILE]";

const OPTIONS = {
	mode: { type: "string" },
	agent: { type: "string" },
	strategy: { type: "string" },
	tools: { type: "string" },
	spec: { type: "string" },
} as const;

interface PreviewArgs {
	mode?: string;
	agent?: string;
	strategy?: Strategy;
	tools?: string[];
	spec?: string;
}

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

export interface DelegatePreviewDeps {
	/** The capture of the parent's prompt the `task` tool reads, so the preview shows what it would use. */
	parentPrompt?: ParentPromptSource;
	home?: () => string;
	env?: () => Readonly<Record<string, string | undefined>>;
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
			const parent = deps.parentPrompt?.latest() ?? parentPromptOfCommand(ctx);
			const { previewDelegation } = await import("../../run/preview.ts");
			const result = await previewDelegation({
				entry: "tool",
				cwd: ctx.cwd,
				home: deps.home?.() ?? (process.env.HOME || homedir()),
				agentDir: getAgentDir(),
				projectTrusted: ctx.isProjectTrusted(),
				env: deps.env?.() ?? process.env,
				parentPrompt: async () => parent,
				...(ctx.model && { parentModel: { provider: ctx.model.provider, id: ctx.model.id } }),
				parentRegistry: ctx.modelRegistry,
				...(args.agent !== undefined && { agent: { name: args.agent, where: "--agent" } }),
				...(args.mode !== undefined && { runMode: args.mode }),
				...(args.strategy !== undefined && { call: { strategy: args.strategy } }),
				...(args.tools !== undefined && { tools: { names: args.tools, where: "--tools" } }),
				...(args.spec !== undefined && { spec: { file: args.spec } }),
			});
			if (!result.ok) {
				fail(`delegate-preview: ${result.what}`, formatProblems(result.problems));
				return;
			}
			const { view, child } = result;
			const text = previewText({
				view: { ...view, warnings: result.warnings },
				child,
				...(result.plan && { plan: result.plan }),
				wouldRefuse: result.wouldRefuse,
				parent: { rendered: parent.rendered ?? ctx.getSystemPrompt(), about: "this session's prompt" },
				piVersion: VERSION,
				cwd: ctx.cwd,
			});
			const prompt = sizeOf(child.systemPrompt);
			const summary = [
				view.channels
					.map((c) => `${c.label}: ${c.state}${c.items.length > 0 ? ` (${c.items.length})` : ""}`)
					.join(" · "),
				`role in the ${view.role.placement} · tools: ${child.tools.map((t) => t.name).join(", ") || "(none)"}`,
				`system prompt: ${prompt.bytes} bytes, ~${prompt.tokens} tokens`,
				...(view.warnings.length > 0 ? [formatProblems(view.warnings, "!")] : []),
			].join("\n");
			showReport(pi, ctx, { title: `What a "${view.agent}" child would receive`, summary, text });
		},
	});
}
