/** Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. */
import { agentsCommand } from "./agents.ts";
import { boundaryCommand } from "./boundary.ts";
import type { Command } from "./command.ts";
import { envelopeCommand } from "./envelope.ts";
import { modesCommand } from "./modes.ts";
import { previewCommand } from "./preview.ts";
import { runCommand } from "./run.ts";
import { schemaCommand } from "./schema.ts";
import { selftestCommand } from "./selftest.ts";
import { validateCommand } from "./validate.ts";
import { workflowCommand } from "./workflow.ts";

export const COMMANDS: Command[] = [
	runCommand,
	previewCommand,
	validateCommand,
	schemaCommand,
	boundaryCommand,
	envelopeCommand,
	selftestCommand,
	modesCommand,
	agentsCommand,
	workflowCommand,
];
