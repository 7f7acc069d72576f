/** Loads the committed real Pi renders (test/fixtures/pi-renders) for the prompt tests. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PromptInputs } from "../../src/prompt/channels.ts";
import { PLACEHOLDERS, VERSIONS } from "../fixtures/pi-renders/capture.ts";
import { CASES, type RenderCase } from "../fixtures/pi-renders/cases.ts";
import { REPO } from "../support/pi.ts";

export const RENDERS = join(REPO, "test/fixtures/pi-renders");
export const GOLDEN = join(REPO, "test/fixtures/prompt-golden");

export interface Render {
	version: string;
	renderCase: RenderCase;
	rendered: string;
	options: PromptInputs;
}

export function loadRender(version: string, renderCase: RenderCase): Render {
	const base = join(RENDERS, version, renderCase.name);
	const captured = JSON.parse(readFileSync(`${base}.json`, "utf8")) as { systemPromptOptions: PromptInputs };
	return { version, renderCase, rendered: readFileSync(`${base}.txt`, "utf8"), options: captured.systemPromptOptions };
}

export const ALL_RENDERS: Render[] = VERSIONS.flatMap((version) => CASES.map((c) => loadRender(version, c)));

/** The path Pi printed for a fixture file, in placeholder form. */
export function fixturePath(root: "agent" | "project", path: string): string {
	return `${PLACEHOLDERS[root]}/${path}`;
}

/** The content of the case's file at `root`/`path`, if the case has one. */
export function caseFile(renderCase: RenderCase, root: "agent" | "project", path: string): string | undefined {
	return renderCase.files.find((f) => f.root === root && f.path === path)?.content;
}

/** Pi's identity sentences: before 1.5.0 and since. Kept literal: they are what must never leak. */
export const PI_IDENTITIES = [
	"You are an expert coding assistant operating inside pi, a coding agent harness.",
	"You are a coding assistant running inside pi, a coding agent harness.",
];
/** The first line of Pi's documentation pointer, in every tagged version. */
export const PI_DOCS_OPENING = "Pi documentation (read only when the user asks about";
/** The closing line of Pi's tool list: before 1.5.0 and since. */
export const PI_TOOLS_TRAILERS = [
	"In addition to the tools above, you may have access to other custom tools depending on the project.",
	"Additional tools may be available.",
];
