/**
 * pi-delegate's settings as the extension sees them: read (and validated) for the session's project
 * as Pi trusts it, again whenever asked — two small files, so a change takes effect on the next run
 * without a restart. At session start a settings file with problems gets one warning line, so a
 * typo is seen before the first task is refused for it.
 */
import { homedir } from "node:os";
import { type ExtensionAPI, type ExtensionContext, getAgentDir } from "@earendil-works/pi-coding-agent";
import { formatPath } from "../problems.ts";
import { type ReadSettingsResult, readSettings } from "../settings/read.ts";

export function settingsOf(ctx: Pick<ExtensionContext, "cwd" | "isProjectTrusted">): ReadSettingsResult {
	return readSettings({
		cwd: ctx.cwd,
		home: process.env.HOME || homedir(),
		agentDir: getAgentDir(),
		projectTrusted: ctx.isProjectTrusted(),
	});
}

export function warnAboutSettings(pi: ExtensionAPI): void {
	pi.on("session_start", (_event, ctx) => {
		const { problems } = settingsOf(ctx);
		if (problems.length === 0) return;
		const first = problems[0];
		const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
		const line = `pi-delegate: the settings have ${problems.length === 1 ? "a problem" : `${problems.length} problems`}; tasks will refuse to start: ${first ? formatPath(first) : ""}: ${first?.message}${more}. Run \`pi-delegate doctor\`.`;
		if (ctx.hasUI) ctx.ui.notify(line, "warning");
		else process.stderr.write(`${line}\n`);
	});
}
