/**
 * The footer the timing benchmarks print under their tables: the text they printed before it was
 * one helper, to the byte (bench/results and the README quote it).
 */
import { cpus } from "node:os";
import { describe, expect, it } from "vitest";
import { footer } from "../../bench/support/stats.ts";

describe("footer", () => {
	it("gives the load average before and after to one decimal, the cores, then each target met or NOT met", () => {
		const targets = { npm_echo_within_1_2: true, clone_echo_within_1_2: false };
		expect(footer([0.5, 1.25, 2.04], targets, { load: [3.04, 2.96, 0], cores: 2 })).toEqual([
			"load average before and after: 0.5 1.3 2.0 / 3.0 3.0 0.0 (on 2 cores)",
			"targets: npm_echo_within_1_2 met, clone_echo_within_1_2 NOT met",
		]);
	});

	it("reads this machine's load and cores when not given them; no targets leave the line bare", () => {
		const [load, targets] = footer([1, 2, 3], {});
		expect(load).toMatch(
			new RegExp(
				`^load average before and after: 1\\.0 2\\.0 3\\.0 / \\d+\\.\\d \\d+\\.\\d \\d+\\.\\d \\(on ${cpus().length} cores\\)$`,
			),
		);
		expect(targets).toBe("targets: ");
	});
});
