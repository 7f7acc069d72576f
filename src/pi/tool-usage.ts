/**
 * The usage a tool result carries to Pi, which adds it to the session's totals: every child the
 * call ran, summed, in Pi's shape (token counts, a total, dollars per kind and in all).
 */
import type { ChildUsage } from "../run/types.ts";

export function toolUsage(children: readonly ChildUsage[]) {
	const add = (f: (u: ChildUsage) => number) => children.reduce((sum, u) => sum + f(u), 0);
	const input = add((u) => u.input);
	const output = add((u) => u.output);
	const cacheRead = add((u) => u.cacheRead);
	const cacheWrite = add((u) => u.cacheWrite);
	return {
		input,
		output,
		cacheRead,
		cacheWrite,
		totalTokens: input + output + cacheRead + cacheWrite,
		cost: {
			input: add((u) => u.cost.input),
			output: add((u) => u.cost.output),
			cacheRead: add((u) => u.cost.cacheRead),
			cacheWrite: add((u) => u.cost.cacheWrite),
			total: add((u) => u.costUsd),
		},
	};
}
