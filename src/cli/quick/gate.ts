/** `pi-delegate gate` as a quick entry (see src/cli/quick.ts). */
import { gateCommand } from "../gate.ts";
import { quickProcess } from "../quick.ts";

export const runQuick = quickProcess(gateCommand);
