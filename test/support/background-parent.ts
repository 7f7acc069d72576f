/** The background parent (bench/support/background-parent.ts) in a temporary directory the test run removes. */
import {
	type BackgroundParent,
	type BackgroundParentOptions,
	backgroundParent as start,
} from "../../bench/support/background-parent.ts";
import { tempDir } from "./temp.ts";

export { backgroundTasks } from "../../bench/support/background-parent.ts";
export type { BackgroundParent };

export function backgroundParent(options: Omit<BackgroundParentOptions, "root">): Promise<BackgroundParent> {
	return start({ ...options, root: tempDir("pi-delegate-bg-") });
}
