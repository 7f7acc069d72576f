/** Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. */
import type { Command } from "./command.ts";
import { envelopeCommand } from "./envelope.ts";
import { schemaCommand } from "./schema.ts";
import { validateCommand } from "./validate.ts";

export const COMMANDS: Command[] = [validateCommand, schemaCommand, envelopeCommand];
