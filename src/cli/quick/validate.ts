/** `pi-delegate validate` as a quick entry (see src/cli/quick.ts). */
import { quickProcess } from "../quick.ts";
import { validateCommand } from "../validate.ts";

export const runQuick = quickProcess(validateCommand);
