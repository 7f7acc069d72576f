/**
 * The class the fourteenth round's development files found for the rules (test/fixtures/briefs/README.md,
 * "The fourteenth round"): its first case was let through before, and its near twins keep the reading
 * they had.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("a limit on what comes back", () => {
	it("blocks 'just' right after an order that hands over the answer, as 'only' there", () => {
		blocks(
			"Which Elixir version does the `Dockerfile` build with, versus what `.tool-versions` says? Give me just the two version strings.",
		);
		blocks("Reply with just the ids of the failing jobs.");
		blocks("Return just 3 names, ranked.");
		blocks("Send me just the diff for `src/a.ts`.");
		forks("Just tell me why the build fails.");
		forks("Give me just a sense of how the queue drains.");
		forks("It just returns the ids. Why?");
		forks("Why does the helper just return the two strings?");
	});
});
