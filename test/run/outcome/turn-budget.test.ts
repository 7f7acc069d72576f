import { describe, expect, it } from "vitest";
import { CHILD_REPORT_PREFIX, formatChildReport, parseChildReport } from "../../../src/run/outcome/child-report.ts";
import { afterTurn, lastTurnNotice, warnAtStart } from "../../../src/run/outcome/turn-budget.ts";

describe("turn budget decisions", () => {
	const turn = { budget: 3, submitted: false, continuing: true };

	it("warns at the end of the turn before the last, so the warning reaches the last request", () => {
		expect([1, 2, 3].map((turnsDone) => afterTurn({ ...turn, turnsDone }))).toEqual(["none", "warn", "stop"]);
	});

	it("warns with the first message only when the first turn is the last", () => {
		expect(warnAtStart(1)).toBe(true);
		expect(warnAtStart(2)).toBe(false);
		expect(afterTurn({ ...turn, budget: 1, turnsDone: 1 })).toBe("stop");
	});

	it("leaves a child alone once it submitted", () => {
		expect(afterTurn({ ...turn, turnsDone: 2, submitted: true })).toBe("none");
		expect(afterTurn({ ...turn, turnsDone: 3, submitted: true })).toBe("none");
	});

	it("does not abort a child that ends its last turn by itself", () => {
		expect(afterTurn({ ...turn, turnsDone: 3, continuing: false })).toBe("none");
	});

	it("still warns a child that stopped early without submitting, which gives it its last turn", () => {
		expect(afterTurn({ ...turn, turnsDone: 2, continuing: false })).toBe("warn");
	});

	it("tells the model what to do in plain words", () => {
		expect(lastTurnNotice(1)).toMatch(/^This is your last turn: the task's budget of 1 turn is spent/);
		expect(lastTurnNotice(5)).toMatch(/budget of 5 turns/);
		expect(lastTurnNotice(5)).toMatch(/submit_result now/);
		expect(lastTurnNotice(5)).toMatch(/did_not_do/);
	});
});

describe("child reports on stderr", () => {
	it("round-trips a report and ignores other lines", () => {
		const report = { type: "refused" as const, problems: ["a", "b"] };
		expect(parseChildReport(formatChildReport(report).trimEnd())).toEqual(report);
		expect(parseChildReport("Warning: something")).toBeUndefined();
		expect(parseChildReport(`${CHILD_REPORT_PREFIX}{not json`)).toBeUndefined();
		expect(parseChildReport(`${CHILD_REPORT_PREFIX}{"type":"other"}`)).toBeUndefined();
	});
});
