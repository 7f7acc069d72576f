import { describe, expect, it, vi } from "vitest";
import { findBwrap, probeSandboxSupport } from "../../../src/run/sandbox/support.ts";

describe("probeSandboxSupport", () => {
	it("says bubblewrap is missing when it is not found", () => {
		expect(probeSandboxSupport(() => undefined)).toEqual({
			bwrap: undefined,
			containment: false,
			enforce: false,
			reason: "bubblewrap (bwrap) is not installed",
		});
	});

	it("tells containment from the sandbox: a PID namespace may work where nested mounts do not", () => {
		const calls: string[][] = [];
		const none = probeSandboxSupport(
			() => "/bin/bwrap",
			(_b, args) => {
				calls.push(args);
				return "Creating new namespace failed: Operation not permitted";
			},
		);
		expect(none).toMatchObject({ containment: false, enforce: false });
		expect(none.reason).toBe(
			"bubblewrap cannot make a PID namespace: Creating new namespace failed: Operation not permitted",
		);
		expect(calls).toHaveLength(1);
		const half = probeSandboxSupport(
			() => "/bin/bwrap",
			(_b, args) => (args.includes("--ro-bind") ? "setting up uid map: Operation not permitted" : undefined),
		);
		expect(half).toMatchObject({ containment: true, enforce: false });
		expect(half.reason).toMatch(/^bubblewrap cannot make the sandbox: setting up uid map/);
	});

	it("probes the sandbox nested once, with the flags the runners use", () => {
		let nested: string[] = [];
		const all = probeSandboxSupport(
			() => "/bin/bwrap",
			(_b, args) => {
				if (args.includes("--ro-bind")) nested = args;
				return undefined;
			},
		);
		expect(all).toEqual({ bwrap: "/bin/bwrap", containment: true, enforce: true, reason: undefined });
		const inner = nested.slice(nested.indexOf("--") + 1);
		expect(inner[0]).toBe("/bin/bwrap");
		expect(inner).toEqual(expect.arrayContaining(["--unshare-net", "--cap-drop", "ALL"]));
		expect(nested.slice(0, nested.indexOf("--"))).not.toContain("--unshare-net");
	});
});

describe("why there is no bubblewrap", () => {
	it("names PI_DELEGATE_BWRAP=off when that turned it off, and a missing bwrap otherwise", () => {
		vi.stubEnv("PI_DELEGATE_BWRAP", "off");
		try {
			expect(probeSandboxSupport(() => undefined).reason).toBe("PI_DELEGATE_BWRAP=off turns bubblewrap off");
		} finally {
			vi.unstubAllEnvs();
		}
		vi.stubEnv("PI_DELEGATE_BWRAP", "");
		try {
			expect(probeSandboxSupport(() => undefined).reason).toBe("bubblewrap (bwrap) is not installed");
		} finally {
			vi.unstubAllEnvs();
		}
	});
});

describe("findBwrap", () => {
	it("takes PI_DELEGATE_BWRAP first, `off` for none, else searches PATH", () => {
		expect(findBwrap({ PI_DELEGATE_BWRAP: "off", PATH: "/usr/bin:/bin" })).toBeUndefined();
		expect(findBwrap({ PI_DELEGATE_BWRAP: "/nonexistent/bwrap" })).toBeUndefined();
		expect(findBwrap({ PI_DELEGATE_BWRAP: "/bin/sh" })).toBe("/bin/sh");
		expect(findBwrap({ PATH: "/nonexistent" })).toBeUndefined();
	});
});
