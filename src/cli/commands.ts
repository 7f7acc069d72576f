/** Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. */
import type { Command } from "./command.ts";
import { envelopeCommand } from "./envelope.ts";

export const COMMANDS: Command[] = [envelopeCommand];
