/**
 * How many test files run at once. Vitest's default is one fewer than the cores, which on a 2-core
 * machine is one file at a time; but most of this suite's time is spent waiting on processes it
 * started (`pi` children, npm installs, bubblewrap), not on its own CPU. Two files at once took the
 * main run from 516 s to 389 s on such a machine; three were slower again (405 s) and pushed an npm
 * install past its timeout. So at least two, and the default above that.
 */
import { availableParallelism } from "node:os";

export function testWorkers(): number {
	return Math.max(2, availableParallelism() - 1);
}
