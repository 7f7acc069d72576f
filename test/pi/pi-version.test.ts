import { describe, expect, it } from "vitest";
import { atLeast, returnedErrorsCount } from "../../src/pi/pi-version.ts";

describe("Pi version checks", () => {
	it("compares versions numerically", () => {
		expect(atLeast("1.6.0", "0.99.0")).toBe(true);
		expect(atLeast("0.99.0", "0.99.0")).toBe(true);
		expect(atLeast("0.86.1", "0.99.0")).toBe(false);
		expect(atLeast("0.100.0", "0.99.0")).toBe(true);
		expect(atLeast("1.0.0-rc.1", "1.0.0")).toBe(true);
	});

	it("knows returned tool errors count from 0.99.0 on", () => {
		expect(returnedErrorsCount("0.86.1")).toBe(false);
		expect(returnedErrorsCount("0.99.0")).toBe(true);
	});
});
