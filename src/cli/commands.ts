/** Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. */
import { agentsCommand } from "./agents.ts";
import { boundaryCommand } from "./boundary.ts";
import type { Command } from "./command.ts";
import { envelopeCommand } from "./envelope.ts";
import { modesCommand } from "./modes.ts";
import { schemaCommand } from "./schema.ts";
import { validateCommand } from "./validate.ts";

export const COMMANDS: Command[] = [
	validateCommand,
	schemaCommand,
	boundaryCommand,
	envelopeCommand,
	modesCommand,
	agentsCommand,
];
