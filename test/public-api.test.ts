import { describe, expect, it } from "vitest";
import * as api from "../src/index.ts";

describe("the public API", () => {
	it("exposes each stage of a delegation", () => {
		for (const name of [
			"validateSpec",
			"loadSpecFile",
			"buildChildView",
			"renderChildView",
			"taskViewRequest",
			"snapshotRoots",
			"diffSnapshots",
			"judgeChanges",
			"boundaryFindings",
			"encodeSnapshots",
			"decodeSnapshots",
			"parseEnvelope",
			"verifyEvidence",
			"prepareTask",
			"inProcessRunner",
			"runSubprocess",
			"runTask",
			"renderReport",
			"listRuns",
		]) {
			expect(typeof (api as Record<string, unknown>)[name], name).toBe("function");
		}
	});
});
