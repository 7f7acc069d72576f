/**
 * Wires the workflow commands into a real `pi` for tests, the way the package's extension entry
 * wires them once the lead adds the call (one line in src/pi/extension.ts).
 */
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { piDeps } from "../../src/pi/deps.ts";
import { registerWorkflowCommands } from "../../src/pi/workflow-commands.ts";

export default function workflowForTests(pi: ExtensionAPI): void {
	registerWorkflowCommands(pi, piDeps(pi));
}
