/**
 * `/modes` in Pi: every context mode — built-in and from Pi settings — and what it expands to, the
 * same table `pi-delegate modes` prints. The project's settings count only when Pi trusts the
 * project, as Pi itself decides (ctx.isProjectTrusted()).
 */
import { homedir } from "node:os";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { piAgentDir, piPackage } from "../on-demand.ts";
import { registerReportRenderer, showReport } from "./report.ts";

export function registerModesCommand(pi: ExtensionAPI): void {
	registerReportRenderer(pi);
	pi.registerCommand("modes", {
		description: "List pi-delegate's context modes and what each lets a child see",
		handler: async (_args, ctx) => {
			const [{ modesReport }] = await Promise.all([import("./modes-show.ts"), piPackage.get()]);
			showReport(
				pi,
				ctx,
				modesReport({
					cwd: ctx.cwd,
					home: process.env.HOME || homedir(),
					agentDir: piAgentDir(),
					projectTrusted: ctx.isProjectTrusted(),
				}),
			);
		},
	});
}
