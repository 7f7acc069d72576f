/**
 * pi-delegate's settings as the extension sees them: read (and validated) for the session's project
 * as Pi trusts it, again whenever asked — two small files, so a change takes effect on the next run
 * without a restart. At session start a settings file with problems gets one warning line, so a
 * typo is seen before the first task is refused for it. The reader loads on the first read, not
 * when Pi loads the extension.
 */
import { homedir } from "node:os";
import type { ExtensionAPI, ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { ReadSettingsResult } from "../settings/read.ts";
import { onDemand, piAgentDir, piPackage } from "./on-demand.ts";

/** The settings reader (and its schema), loaded with Pi's package by the first read, not when Pi starts. */
const reader = onDemand(
	async () => {
		const [read, problems] = await Promise.all([
			import("../settings/read.ts"),
			import("../problems.ts"),
			piPackage.get(),
		]);
		return { readSettings: read.readSettings, formatPath: problems.formatPath };
	},
	{ beforeFirstPrompt: true },
);

export async function settingsOf(ctx: Pick<ExtensionContext, "cwd" | "isProjectTrusted">): Promise<ReadSettingsResult> {
	const { readSettings } = await reader.get();
	return readSettings({
		cwd: ctx.cwd,
		home: process.env.HOME || homedir(),
		agentDir: piAgentDir(),
		projectTrusted: ctx.isProjectTrusted(),
	});
}

async function warnIfInvalid(ctx: ExtensionContext): Promise<void> {
	const { problems } = await settingsOf(ctx);
	const { formatPath } = await reader.get();
	if (problems.length === 0) return;
	const first = problems[0];
	const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
	const line = `pi-delegate: the settings have ${problems.length === 1 ? "a problem" : `${problems.length} problems`}; tasks will refuse to start: ${first ? formatPath(first) : ""}: ${first?.message}${more}. Run \`pi-delegate doctor\`.`;
	if (ctx.hasUI) ctx.ui.notify(line, "warning");
	else process.stderr.write(`${line}\n`);
}

export function warnAboutSettings(pi: ExtensionAPI): void {
	pi.on("session_start", (_event, ctx) => {
		// Not awaited: Pi awaits session_start before the session is ready, and the first read loads the
		// settings' validator. The warning comes a moment later; a session that has gone by then gets none.
		void warnIfInvalid(ctx).catch(() => undefined);
	});
}
