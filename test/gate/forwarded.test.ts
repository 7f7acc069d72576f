/**
 * The child named in the third person (src/gate/delegates.ts): a parent forwarding the user's words
 * ("have a fork trace …", "could someone carry on …", "get a sub-agent to …") hands the fork an
 * order addressed to it. Each case below was misread before: the orders forked, or the read-only
 * asks blocked. The near twins that name someone else, or a fork of a repository, stay as they were.
 */
import { describe, it } from "vitest";
import { blocks, forks } from "./expect-gate.ts";

describe("the child named in the third person", () => {
	it("blocks an order asked of the child by name", () => {
		// Each forked: "could someone carry on" and "would a fork switch" ordered nobody the gate knew.
		blocks("Could someone carry on with converting the class components to hooks?");
		blocks("Would a fork switch the Dockerfile over to the JRE base image?");
		blocks("Could a sub-agent regenerate the protobuf stubs?");
		blocks("Get a fork to see the API versioning work through.");
		blocks("Have someone delete the expired suppressions in .snyk.");
		blocks("I'd like a separate sub-agent to bump the lodash pin.");
	});

	it("blocks a rule passed on to the child named before", () => {
		blocks("Could you get a sub-agent to compare our two date libraries? And tell it not to bring up Temporal.");
		blocks("Spin up a fork to review the retry helper, and tell it never to touch the tests.");
	});

	it("forks a read-only ask handed over by name", () => {
		// Each blocked: "have", "get" or "use" headed the order, and "count", "explain", "find" were its object.
		forks("Have a fork count the workflows still on checkout v2.");
		forks("Can you have a fork explain how a request flows from the load balancer to the workers?");
		forks("Could a fork compare the logging setup in the Go services with the Node ones?");
		forks("Use a subagent to find every caller of parseConfig and list them.");
		forks("I'd like someone to sanity-check the idea against the current Bazel graph. Would it help build times?");
		forks("Which is better for the event types? A fork's opinion would help me break the tie.");
	});

	it("leaves alone what names someone else, or a fork of a repository", () => {
		forks("Someone claimed we never purge tombstones. Is that true?");
		forks("How do we tell it not to retry on a 404?");
		forks("We have a fork running the benchmarks already; what should the second one look at?");
		forks("Is a fork of the repo allowed to read our CI secrets? How does GitHub decide?");
		blocks("I'd like someone to fix the Bazel graph.");
	});
});
