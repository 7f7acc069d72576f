import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hasTrustRequiringProjectResources, ProjectTrustStore } from "@earendil-works/pi-coding-agent";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	decideProjectTrust,
	hasProtectedResources,
	nearestTrustDecision,
	resolveProjectTrust,
	TRUST_REQUIRING_ENTRIES,
} from "../../src/settings/trust.ts";
import { tempDir } from "../support/temp.ts";

describe("decideProjectTrust (Pi's non-interactive rule)", () => {
	it.each([
		[{ override: true, hasProtectedResources: true, savedDecision: false }, true],
		[{ override: false, hasProtectedResources: false, savedDecision: true }, false],
		[{ hasProtectedResources: false, savedDecision: null }, true],
		[{ hasProtectedResources: false, savedDecision: false }, false],
		[{ hasProtectedResources: true, savedDecision: true, defaultProjectTrust: "never" }, true],
		[{ hasProtectedResources: true, savedDecision: false, defaultProjectTrust: "always" }, false],
		[{ hasProtectedResources: true, savedDecision: null, defaultProjectTrust: "always" }, true],
		[{ hasProtectedResources: true, savedDecision: null, defaultProjectTrust: "ask" }, false],
		[{ hasProtectedResources: true, savedDecision: null, defaultProjectTrust: "never" }, false],
		[{ hasProtectedResources: true, savedDecision: null }, false],
	])("%j → %s", (facts, trusted) => {
		const verdict = decideProjectTrust(facts);
		expect(verdict.trusted).toBe(trusted);
		expect(verdict.reason.length).toBeGreaterThan(5);
	});
});

describe("nearestTrustDecision", () => {
	it("takes the nearest directory's decision and skips cleared (null) entries", () => {
		const data = { "/a": true, "/a/b": null, "/a/b/c": false };
		expect(nearestTrustDecision(data, "/a/b/c/d")).toBe(false);
		expect(nearestTrustDecision(data, "/a/b/x")).toBe(true);
		expect(nearestTrustDecision(data, "/z")).toBeNull();
	});
});

describe("agreement with Pi's own trust functions", () => {
	let root: string;
	let home: string;
	let agentDir: string;
	const savedHome = process.env.HOME;

	beforeEach(() => {
		root = tempDir("pi-delegate-trust-");
		home = join(root, "home");
		agentDir = join(home, ".pi", "agent");
		mkdirSync(agentDir, { recursive: true });
		process.env.HOME = home;
	});
	afterEach(() => {
		process.env.HOME = savedHome;
	});

	const project = (name: string, entries: string[] = []) => {
		const dir = join(root, name);
		mkdirSync(join(dir, ".pi"), { recursive: true });
		for (const entry of entries) {
			if (entry.includes(".")) writeFileSync(join(dir, ".pi", entry), "{}");
			else mkdirSync(join(dir, ".pi", entry));
		}
		return dir;
	};

	it("sees the same protected resources as Pi", () => {
		const cases = [
			project("bare"),
			project("agents-only", ["agents"]),
			...TRUST_REQUIRING_ENTRIES.map((entry) => project(`with-${entry}`, [entry])),
		];
		const nested = join(root, "skills-parent", "child");
		mkdirSync(join(root, "skills-parent", ".agents", "skills"), { recursive: true });
		mkdirSync(nested, { recursive: true });
		cases.push(nested);
		for (const dir of cases) {
			expect(hasProtectedResources(dir, home), dir).toBe(hasTrustRequiringProjectResources(dir));
		}
		expect(hasProtectedResources(join(root, "agents-only"), home)).toBe(false);
	});

	it("reads the same saved decision as Pi's trust store", () => {
		const parent = join(root, "org");
		const trusted = join(parent, "repo");
		const refused = join(parent, "fork");
		mkdirSync(trusted, { recursive: true });
		mkdirSync(refused, { recursive: true });
		const store = new ProjectTrustStore(agentDir);
		store.set(parent, true);
		store.set(refused, false);
		for (const dir of [parent, trusted, refused, root]) {
			const data = JSON.parse(readFileSync(join(agentDir, "trust.json"), "utf8") as string) as Record<string, unknown>;
			expect(nearestTrustDecision(data, dir), dir).toBe(store.get(dir));
		}
	});

	it("decides end to end from trust.json and defaultProjectTrust", () => {
		const dir = project("repo", ["settings.json"]);
		expect(resolveProjectTrust({ cwd: dir, home, agentDir }).trusted).toBe(false);
		writeFileSync(join(agentDir, "settings.json"), JSON.stringify({ defaultProjectTrust: "always" }));
		expect(resolveProjectTrust({ cwd: dir, home, agentDir }).trusted).toBe(true);
		new ProjectTrustStore(agentDir).set(dir, false);
		const refused = resolveProjectTrust({ cwd: dir, home, agentDir });
		expect(refused).toMatchObject({ trusted: false, reason: "saved decision in trust.json" });
		expect(resolveProjectTrust({ cwd: dir, home, agentDir, override: true }).trusted).toBe(true);
	});

	it("trusts nothing when Pi's trust file is unreadable, unless told to", () => {
		const dir = project("repo", ["settings.json"]);
		writeFileSync(join(agentDir, "trust.json"), "{ broken");
		const verdict = resolveProjectTrust({ cwd: dir, home, agentDir });
		expect(verdict.trusted).toBe(false);
		expect(verdict.reason).toContain("cannot read");
		expect(resolveProjectTrust({ cwd: dir, home, agentDir, override: true }).trusted).toBe(true);
	});
});
