/**
 * The body of `/delegate-preview`, loaded when the command first runs: the shared preview composition
 * (run/preview.ts) with this session as the parent, shown as a report.
 */
import { homedir } from "node:os";
import { type ExtensionAPI, type ExtensionCommandContext, getAgentDir, VERSION } from "@earendil-works/pi-coding-agent";
import { formatProblems } from "../../problems.ts";
import type { Strategy } from "../../prompt/channels.ts";
import { sizeOf } from "../../prompt/size.ts";
import { previewText } from "../../report/preview-report.ts";
import { previewDelegation } from "../../run/preview.ts";
import { type ParentPromptSource, parentPromptOfCommand } from "../parent-prompt.ts";
import { REPORT_TEXT_WIDTH, showReport } from "./report.ts";

export interface PreviewArgs {
	mode?: string;
	agent?: string;
	strategy?: Strategy;
	tools?: string[];
	spec?: string;
}

export interface DelegatePreviewDeps {
	/** The capture of the parent's prompt the `task` tool reads, so the preview shows what it would use. */
	parentPrompt?: ParentPromptSource;
	home?: () => string;
	env?: () => Readonly<Record<string, string | undefined>>;
}

export async function showPreview(
	pi: ExtensionAPI,
	ctx: ExtensionCommandContext,
	args: PreviewArgs,
	deps: DelegatePreviewDeps,
): Promise<void> {
	const fail = (title: string, text: string) => showReport(pi, ctx, { title, summary: text, text, error: true });
	const parent = deps.parentPrompt?.latest() ?? parentPromptOfCommand(ctx);
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
		...(args.agent !== undefined && { agent: { name: args.agent, where: { source: "--agent", path: [] } } }),
		...(args.mode !== undefined && { runMode: args.mode }),
		...(args.strategy !== undefined && { call: { strategy: args.strategy } }),
		...(args.tools !== undefined && { tools: { names: args.tools, where: { source: "--tools", path: [] } } }),
		...(args.spec !== undefined && { spec: { file: args.spec } }),
	});
	if (!result.ok) {
		fail(`delegate-preview: ${result.what}`, formatProblems(result.problems));
		return;
	}
	const { view, child } = result;
	const text = previewText(
		{
			view: { ...view, warnings: result.warnings },
			child,
			...(result.plan && { plan: result.plan }),
			wouldRefuse: result.wouldRefuse,
			...(result.commands && { commands: result.commands }),
			...(result.paths && { paths: result.paths }),
			parent: { rendered: parent.rendered ?? ctx.getSystemPrompt(), about: "this session's prompt" },
			piVersion: VERSION,
			cwd: ctx.cwd,
		},
		{ width: REPORT_TEXT_WIDTH },
	);
	const prompt = sizeOf(child.systemPrompt);
	const summary = [
		view.channels.map((c) => `${c.label}: ${c.state}${c.items.length > 0 ? ` (${c.items.length})` : ""}`).join(" · "),
		`role in the ${view.role.placement} · tools: ${child.tools.map((t) => t.name).join(", ") || "(none)"}`,
		`system prompt: ${prompt.bytes} bytes, ~${prompt.tokens} tokens`,
		...(view.warnings.length > 0 ? [formatProblems(view.warnings, "!")] : []),
	].join("\n");
	showReport(pi, ctx, { title: `What a "${view.agent}" child would receive`, summary, text });
}
