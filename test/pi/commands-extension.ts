/**
 * Wires the parent-prompt capture and pi-delegate's Pi commands into a real `pi` for tests, the way
 * the package's extension entry does once the lead wires them in.
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { registerDelegatePreviewCommand } from "../../src/pi/commands/delegate-preview.ts";
import { registerModesCommand } from "../../src/pi/commands/modes.ts";
import { piDeps } from "../../src/pi/deps.ts";

export default function commandsForTests(pi: ExtensionAPI): void {
	const deps = piDeps(pi);
	registerModesCommand(pi);
	registerDelegatePreviewCommand(pi, deps);
}
