/**
 * `/delegate-doctor` in Pi: the report `pi-delegate doctor` prints, for this session — the running
 * Pi stands in for the `pi` on PATH (the extension is evidently loaded), the session's model for
 * Pi's default model, and its extension-registered providers count as the task tool's would.
 * Registering it loads nothing heavy; the checks load on first use.
 */
import { homedir } from "node:os";
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { piPackage } from "../on-demand.ts";
import { REPORT_TEXT_WIDTH, registerReportRenderer, showReport } from "./report.ts";

export const DOCTOR_COMMAND = "delegate-doctor";

/**
 * Whether this extension runs its bundle or its sources, as index.ts chose: it hands Pi's loader to
 * the bundle under this key, and to nothing else. Where doctor's own modules lie cannot tell: the
 * bundle imports the modules that find files from their place (src/doctor/package.ts among them)
 * from src/ in every copy.
 */
function extensionRuns(): "build" | "sources" {
	const loader = (globalThis as Record<symbol, unknown>)[Symbol.for("pi-delegate.import")];
	return typeof loader === "function" ? "build" : "sources";
}

export function registerDoctorCommand(pi: ExtensionAPI): void {
	registerReportRenderer(pi);
	pi.registerCommand(DOCTOR_COMMAND, {
		description:
			"Check that delegating from here works: Pi, the extension, settings, models, agents, runs dir, git, bubblewrap",
		handler: async (line, ctx) => {
			if (line.trim() !== "") {
				const text = `/${DOCTOR_COMMAND} takes no arguments (got "${line.trim()}")`;
				showReport(pi, ctx, { title: "delegate-doctor: bad arguments", summary: text, text, error: true });
				return;
			}
			const [{ runDoctor }, { doctorSummary, renderDoctorReport }, { getAgentDir, VERSION }] = await Promise.all([
				import("../../doctor/run.ts"),
				import("../../doctor/render.ts"),
				piPackage.get(),
			]);
			const { report } = await runDoctor({
				cwd: ctx.cwd,
				home: process.env.HOME || homedir(),
				agentDir: getAgentDir(),
				projectTrusted: ctx.isProjectTrusted(),
				env: process.env,
				inPi: {
					version: VERSION,
					...(process.argv[1] && { path: process.argv[1] }),
					...(ctx.model && { model: { provider: ctx.model.provider, id: ctx.model.id } }),
					registry: ctx.modelRegistry,
					runs: extensionRuns(),
				},
			});
			const failed = report.counts.fail;
			showReport(pi, ctx, {
				title: failed > 0 ? `pi-delegate doctor: ${failed} check(s) failed` : "pi-delegate doctor: ready to delegate",
				summary: doctorSummary(report, REPORT_TEXT_WIDTH),
				text: renderDoctorReport(report, REPORT_TEXT_WIDTH),
				...(failed > 0 && { error: true }),
			});
		},
	});
}
