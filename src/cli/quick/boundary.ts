/** `pi-delegate boundary` as a quick entry (see src/cli/quick.ts). */
import { boundaryCommand } from "../boundary.ts";
import { quickProcess } from "../quick.ts";

export const runQuick = quickProcess(boundaryCommand);
