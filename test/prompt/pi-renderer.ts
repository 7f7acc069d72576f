/**
 * Pi's own prompt renderer from the pinned devDependency (1.6.0), for tests that need renders of
 * inputs no fixture has. The package exports only its index, so the module is reached by path.
 */
import { getPackageDir } from "@earendil-works/pi-coding-agent";
import {
	type BuildSystemPromptOptions,
	buildSystemPrompt,
} from "../../node_modules/@earendil-works/pi-coding-agent/dist/core/system-prompt.js";
import { PLACEHOLDERS } from "../fixtures/pi-renders/capture.ts";

/** Where the capture script's placeholders put Pi's package. */
const FIXTURE_PACKAGE_DIR = `${PLACEHOLDERS.pi}/node_modules/@earendil-works/pi-coding-agent`;

/** Renders as Pi 1.6.0 does, with Pi's package path in the fixtures' placeholder form. */
export function renderWithPi(options: BuildSystemPromptOptions): string {
	return buildSystemPrompt(options).split(getPackageDir()).join(FIXTURE_PACKAGE_DIR);
}

export type { BuildSystemPromptOptions };
