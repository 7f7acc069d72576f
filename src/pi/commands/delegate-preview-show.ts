/**
 * The body of `/delegate-preview`, loaded when the command first runs: the shared preview composition
 * (run/preview.ts) with this session as the parent, shown as a report.
 */
import { type ExtensionAPI, type ExtensionCommandContext, VERSION } from "@earendil-works/pi-coding-agent";
import { formatProblems } from "../../problems.ts";
import type { ParentPrompt } from "../../prompt/channels.ts";
import { sizeOf } from "../../prompt/size.ts";
import { previewText } from "../../report/preview-report.ts";
import type { RequestFlags } from "../../request/flags.ts";
import { previewDelegation, previewFlagSources } from "../../run/preview.ts";
import { type PiDeps, sourcesFromPiContext } from "../sources.ts";
import { REPORT_TEXT_WIDTH, showReport } from "./report.ts";

/** The command's flags: `pi-delegate preview`'s, and a spec file. */
export interface PreviewArgs extends RequestFlags {
	spec?: string;
}

/** What every entry in Pi reads this session from (sources.ts): the preview shows what a task call would use. */
export type DelegatePreviewDeps = PiDeps;

export async function showPreview(
	pi: ExtensionAPI,
	ctx: ExtensionCommandContext,
	args: PreviewArgs,
	deps: DelegatePreviewDeps,
): Promise<void> {
	const fail = (title: string, text: string) => showReport(pi, ctx, { title, summary: text, text, error: true });
	const { branch, request: _request, ...sources } = sourcesFromPiContext(ctx, deps);
	let parent: ParentPrompt | undefined;
	const result = await previewDelegation({
		...sources,
		parentPrompt: async () => {
			parent = await sources.parentPrompt();
			return parent;
		},
		...(args.spec !== undefined && branch && { branch }),
		...previewFlagSources(args),
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
			...(result.model && { model: result.model }),
			wouldRefuse: result.wouldRefuse,
			...(result.commands && { commands: result.commands }),
			...(result.paths && { paths: result.paths }),
			parent: { rendered: parent?.rendered ?? ctx.getSystemPrompt(), about: "this session's prompt" },
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
