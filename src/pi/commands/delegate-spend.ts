/**
 * `/delegate-spend` in Pi: what `pi-delegate spend --session <this session's file>` prints — the
 * session's own requests, every child it started, their tokens, cache reads and writes, dollars,
 * and what cache misses re-billed — shown the way pi-delegate's other commands are (report.ts).
 * The runs directory is the one this session's children were recorded in: PI_DELEGATE_RUNS_DIR,
 * else the `runsDir` setting, else Pi's agent directory, decided as a run decides it.
 */
import { homedir } from "node:os";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { piAgentDir, piPackage } from "../on-demand.ts";
import type { SpendPlace } from "./delegate-spend-show.ts";
import { registerReportRenderer, showReport } from "./report.ts";

export function registerDelegateSpendCommand(pi: ExtensionAPI, env = () => process.env): void {
	registerReportRenderer(pi);
	pi.registerCommand("delegate-spend", {
		description: "What this session and its children cost: tokens, cache, dollars, re-billed misses",
		handler: async (_args, ctx) => {
			const [{ spendReport }] = await Promise.all([import("./delegate-spend-show.ts"), piPackage.get()]);
			const place: SpendPlace = {
				cwd: ctx.cwd,
				home: env().HOME || homedir(),
				agentDir: piAgentDir(),
				projectTrusted: ctx.isProjectTrusted(),
				env: env(),
			};
			showReport(pi, ctx, spendReport(ctx.sessionManager.getSessionFile(), place));
		},
	});
}
