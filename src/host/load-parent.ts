/**
 * The parent's prompt for the `pi-delegate` command, which runs outside any Pi session: what a Pi
 * session started in that directory would load — SYSTEM.md, APPEND_SYSTEM.md, the context files
 * and the skills — found by Pi's own loader, so the rules for where each file is looked for (and
 * which one wins) are Pi's and cannot drift.
 *
 * The loader runs offline and loads no extensions, prompt templates or themes: nothing is installed
 * or fetched, and no extension code runs just to print a preview. The project's files count only
 * when the project is trusted, decided as src/settings decides it (the caller passes the verdict).
 * Inside Pi the parent's prompt comes from the session itself instead (src/pi/parent-prompt.ts).
 */
import {
	DefaultResourceLoader,
	type ResourceLoader,
	SettingsManager,
	type Skill,
} from "@earendil-works/pi-coding-agent";
import type { ParentPrompt, PromptInputs } from "../prompt/channels.ts";
import { type RenderedPrompt, renderWithLoader } from "./render.ts";

export interface LoadParentOptions {
	cwd: string;
	agentDir: string;
	/** Whether Pi trusts the project: its `.pi/` SYSTEM.md, APPEND_SYSTEM.md, skills and settings. */
	projectTrusted: boolean;
}

/** Which file fed each channel, for preview. */
export interface ParentSources {
	systemPrompt?: string;
	appendSystemPrompt: string[];
	contextFiles: string[];
	skills: string[];
}

export interface LoadedParent {
	/** Pi's structured inputs and the prompt Pi renders from them for the parent's default tools. */
	parent: ParentPrompt & { options: PromptInputs; rendered: string };
	/** The parent's own render (its default tools), for the diff against a child's. */
	render: RenderedPrompt;
	sources: ParentSources;
	/** Problems Pi's loader reported (a skill without a description, a name clash), as Pi words them. */
	diagnostics: string[];
	loader: ResourceLoader;
}

/**
 * Runs `fn` with Pi's package manager in offline mode. Pi reads the flag from the environment, so it
 * is set for the call and restored after: the command must never install or fetch a package.
 */
async function offline<T>(fn: () => Promise<T>): Promise<T> {
	const before = process.env.PI_OFFLINE;
	process.env.PI_OFFLINE = "1";
	try {
		return await fn();
	} finally {
		if (before === undefined) delete process.env.PI_OFFLINE;
		else process.env.PI_OFFLINE = before;
	}
}

/** Loads what a Pi session in `cwd` would put in its prompt, and renders it with the parent's tools. */
export async function loadParentPrompt(options: LoadParentOptions): Promise<LoadedParent> {
	const settingsManager = SettingsManager.create(options.cwd, options.agentDir, {
		projectTrusted: options.projectTrusted,
	});
	const loader = new DefaultResourceLoader({
		cwd: options.cwd,
		agentDir: options.agentDir,
		settingsManager,
		noExtensions: true,
		noPromptTemplates: true,
		noThemes: true,
	});
	await offline(() => loader.reload());
	const render = await renderWithLoader(loader, undefined, { ...options, settingsManager });
	const append = loader.getAppendSystemPrompt();
	const skills: Skill[] = loader.getSkills().skills;
	const contextFiles = loader.getAgentsFiles().agentsFiles;
	const inputs: PromptInputs = {
		appendSystemPrompt: append.length > 0 ? append.join("\n\n") : "",
		contextFiles,
		skills,
		selectedTools: render.tools.map((tool) => tool.name),
		cwd: options.cwd,
	};
	const customPrompt = loader.getSystemPrompt();
	if (customPrompt !== undefined) inputs.customPrompt = customPrompt;
	const systemSource = loader.getSystemPromptSource()?.path;
	const diagnostics = loader.getSkills().diagnostics.map((d) => `${d.path ?? "skill"}: ${d.message}`);
	return {
		parent: { options: inputs, rendered: render.systemPrompt },
		render,
		sources: {
			...(systemSource !== undefined && { systemPrompt: systemSource }),
			appendSystemPrompt: loader.getAppendSystemPromptSources().map((s) => s.path),
			contextFiles: contextFiles.map((f) => f.path),
			skills: skills.map((s) => s.filePath),
		},
		diagnostics,
		loader,
	};
}
