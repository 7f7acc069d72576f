/** Every `pi-delegate` subcommand, in the order `pi-delegate help` lists them. */
import { boundaryCommand } from "./boundary.ts";
import type { Command } from "./command.ts";

export const COMMANDS: Command[] = [boundaryCommand];
