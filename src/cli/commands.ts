/** Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. */
import { agentsCommand } from "./agents.ts";
import type { Command } from "./command.ts";
import { modesCommand } from "./modes.ts";

export const COMMANDS: Command[] = [modesCommand, agentsCommand];
