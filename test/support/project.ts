/**
 * Temporary Pi projects for tests: a working directory, an agent directory (PI_CODING_AGENT_DIR)
 * and a home, with the operator files a case needs, plus the parent session's prompt as Pi itself
 * hands it to an extension at `before_agent_start` (captured by pi-delegate's own capture).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DefaultResourceLoader, type ExtensionAPI, SettingsManager } from "@earendil-works/pi-coding-agent";
import { captureParentPrompt, type ParentPromptSource } from "../../src/pi/parent-prompt.ts";
import type { ParentPrompt } from "../../src/prompt/channels.ts";
import { sendOnce } from "./faux-session.ts";
import { tempDir } from "./temp.ts";

export interface TempProject {
	cwd: string;
	agentDir: string;
	home: string;
}

/** Files by path: `project:` prefix for the working directory, `agent:` for the agent directory. */
export function makeProject(files: Record<string, string>): TempProject {
	const root = tempDir("pi-delegate-view-");
	const project: TempProject = { cwd: join(root, "project"), agentDir: join(root, "agent"), home: join(root, "home") };
	for (const dir of Object.values(project)) mkdirSync(dir, { recursive: true });
	for (const [key, content] of Object.entries(files)) {
		const [where, path] = key.split(":", 2) as [string, string];
		const file = join(where === "agent" ? project.agentDir : project.cwd, path);
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, content);
	}
	return project;
}

/** Pi's default resource loading for the project, trusted, with no extensions but `factories`, loaded. */
export async function trustedResources(project: TempProject, factories: Array<(pi: ExtensionAPI) => void>) {
	const settingsManager = SettingsManager.create(project.cwd, project.agentDir, { projectTrusted: true });
	const resourceLoader = new DefaultResourceLoader({
		cwd: project.cwd,
		agentDir: project.agentDir,
		settingsManager,
		noExtensions: true,
		extensionFactories: factories,
	});
	await resourceLoader.reload();
	return { resourceLoader, settingsManager };
}

/**
 * Runs a real parent session in the project (Pi's default resource loading, trusted, without
 * extensions other than the capture) for one turn and returns the prompt Pi handed its extensions.
 */
export async function parentPromptOf(project: TempProject): Promise<ParentPrompt> {
	let source: ParentPromptSource | undefined;
	const resources = await trustedResources(project, [
		(pi) => {
			source = captureParentPrompt(pi);
		},
	]);
	await sendOnce({ ...project, ...resources }, "hello");
	const latest = source?.latest();
	if (!latest) throw new Error("the parent's prompt was not captured");
	return latest;
}

/** The files of the verified-behaviour project: a shared AGENTS.md and main-only rules. */
export const SHARED_AGENTS = "# Shared conventions\n\nAmounts are integers in cents.\n";
export const MAIN_RULES = "Main agent only: split the work into waves of child agents.\n";
export const OPERATOR_SYSTEM = "You are the ledger team's engineer.\n\nFollow the team's conventions.\n";
