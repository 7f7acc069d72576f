/** What background children add to every request of the parent, held under the 200 tokens. */
import { describe, expect, it } from "vitest";
import { backgroundAddedTokens } from "../../bench/support/background-tokens.ts";

describe("the prefix tokens background children add to the parent", () => {
	it("stays within 200 with the background field, the children tool and the resume field", () => {
		const added = backgroundAddedTokens();
		expect(added.taskBackground).toBeGreaterThan(0);
		expect(added.childrenTool).toBeGreaterThan(0);
		expect(added.resume).toBeGreaterThan(0);
		expect(added.total).toBe(added.taskBackground + added.forkBackground + added.childrenTool + added.resume);
		expect(added.total).toBeLessThanOrEqual(200);
	});
});
