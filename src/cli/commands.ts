/** Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. */
import { agentsCommand } from "./agents.ts";
import { boundaryCommand } from "./boundary.ts";
import type { Command } from "./command.ts";
import { doctorCommand } from "./doctor.ts";
import { envelopeCommand } from "./envelope.ts";
import { gateCommand } from "./gate.ts";
import { modesCommand } from "./modes.ts";
import { previewCommand } from "./preview.ts";
import { runCommand } from "./run.ts";
import { schemaCommand } from "./schema.ts";
import { selftestCommand } from "./selftest.ts";
import { spendCommand } from "./spend.ts";
import { validateCommand } from "./validate.ts";

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
	spendCommand,
	gateCommand,
	doctorCommand,
];
