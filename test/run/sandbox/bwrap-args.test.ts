import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import {
	bwrapArgs,
	containArgs,
	joinedCommand,
	keeperArgs,
	shellQuote,
	within,
	wrapCommand,
} from "../../../src/run/sandbox/bwrap-args.ts";
import type { SandboxPlan } from "../../../src/run/sandbox/types.ts";

const plan: SandboxPlan = {
	mode: "enforce",
	reason: "test",
	writable: ["/tmp/t/w"],
	readOnly: ["/tmp/t/r", "/tmp/t/w/.git"],
	network: false,
	gitWritable: false,
	notes: [],
};
const env = { cwd: "/tmp/t/w", home: "/home/u", tmp: "/tmp/private" };

/** Each mount as `flag src`, in order. */
function mounts(args: string[]): string[] {
	const out: string[] = [];
	args.forEach((arg, i) => {
		if (/^--(ro-)?bind(-try)?$|^--tmpfs$/.test(arg))
			out.push(`${arg} ${args[i + 1]}${arg === "--tmpfs" ? "" : ` ${args[i + 2]}`}`);
	});
	return out;
}

describe("bwrapArgs", () => {
	it("contains only, with the file system as it is, when the sandbox is off", () => {
		const args = bwrapArgs({ ...plan, mode: "off" }, env);
		expect(args).toEqual(containArgs("/tmp/t/w", { command: true }));
		expect(args.slice(0, 3)).toEqual(["--unshare-pid", "--die-with-parent", "--as-pid-1"]);
		// A subprocess child's Pi is not the first process: it must still see a SIGTERM from outside.
		expect(bwrapArgs({ ...plan, mode: "off" }, { ...env, outer: true })).not.toContain("--as-pid-1");
		expect(mounts(args)).toEqual(["--bind / /"]);
		expect(args.at(-1)).toBe("--");
	});

	it("mounts read-only first, then the writable roots, then takes .git back", () => {
		const args = bwrapArgs(plan, env);
		expect(mounts(args)).toEqual([
			"--ro-bind / /",
			"--bind /tmp/private /tmp",
			"--tmpfs /run",
			"--ro-bind-try /run/systemd/resolve /run/systemd/resolve",
			"--ro-bind-try /home/u /home/u",
			"--ro-bind-try /tmp/t/r /tmp/t/r",
			"--bind /tmp/t/w /tmp/t/w",
			"--ro-bind-try /tmp/t/w/.git /tmp/t/w/.git",
		]);
		expect(args).toEqual(expect.arrayContaining(["--unshare-pid", "--die-with-parent", "--as-pid-1", "--unshare-net"]));
		expect(args.join(" ")).toContain("--cap-drop ALL");
		expect(args.join(" ")).toContain("--setenv TMPDIR /tmp --chdir /tmp/t/w --");
	});

	it("shares the network only when the plan allows it", () => {
		expect(bwrapArgs({ ...plan, network: true }, env)).not.toContain("--unshare-net");
	});

	it("keeps the network and capabilities in a subprocess child's outer layer, and its own files writable", () => {
		const args = bwrapArgs(plan, { ...env, outer: true, alsoWritable: ["/tmp/t/audit"], visible: ["/tmp/p/prompt"] });
		expect(args).not.toContain("--unshare-net");
		expect(args).not.toContain("--cap-drop");
		expect(args).not.toContain("--as-pid-1");
		expect(args).not.toContain("/run");
		expect(mounts(args)).toContain("--bind /tmp/t/audit /tmp/t/audit");
		expect(mounts(args)).toContain("--ro-bind-try /tmp/p/prompt /tmp/p/prompt");
	});

	it("does not make a path read-only again when it lies inside a writable root", () => {
		const args = bwrapArgs(plan, { ...env, visible: ["/tmp/t/w/AGENTS.md", "/"] });
		expect(mounts(args).filter((m) => m.includes("AGENTS.md") || m.startsWith("--ro-bind-try / "))).toEqual([]);
	});
});

describe("within", () => {
	it("compares whole path segments", () => {
		expect(within("/a/b", "/a")).toBe(true);
		expect(within("/a", "/a/")).toBe(true);
		expect(within("/ab", "/a")).toBe(false);
		expect(within("/anything", "/")).toBe(true);
	});
});

describe("shellQuote and wrapCommand", () => {
	it("passes any word through a POSIX shell unchanged", () => {
		for (const word of ["plain", "two words", "it's", "$HOME", "`x`", 'a"b', "semi;colon", "new\nline", ""]) {
			const out = spawnSync("sh", ["-c", `printf %s ${shellQuote(word)}`], { encoding: "utf8" });
			expect(out.stdout).toBe(word);
		}
	});

	it("replaces the shell with bubblewrap, which runs the command in bash", () => {
		expect(wrapCommand("/usr/bin/bwrap", ["--unshare-pid", "--"], "echo 'hi'")).toBe(
			`exec /usr/bin/bwrap --unshare-pid -- bash -c 'echo '\\''hi'\\'''`,
		);
	});
});

describe("commands run without the sandbox", () => {
	it("keep only installs' capabilities as root, and are given none otherwise (bubblewrap gives none)", () => {
		const asRoot = containArgs("/w", { command: true, root: true });
		expect(asRoot).toContain("--cap-drop");
		expect(asRoot).not.toContain("CAP_SYS_ADMIN");
		expect(asRoot).toContain("CAP_CHOWN");
		expect(containArgs("/w", { command: true })).not.toContain("--cap-add");
		// A subprocess child's Pi keeps them: it nests a bubblewrap per command.
		expect(containArgs("/w")).not.toContain("--cap-drop");
	});

	it("join the namespace a child's commands share, with its /proc, through descriptors the shell opens", () => {
		const joined = joinedCommand("/usr/bin/bwrap", { init: 42, user: true }, "/w", "echo hi", false);
		expect(joined).toMatch(/^exec 4<\/proc\/42\/ns\/pid 3<\/proc\/42\/ns\/user; exec \/usr\/bin\/bwrap /);
		expect(joined).toContain("--userns 3 --pidns 4 ");
		// Not --die-with-parent: its signal raced the exit of bubblewrap's intermediate process.
		expect(joined).not.toContain("--die-with-parent");
		expect(joined).toContain("--proc /proc --chdir /w -- bash -c 'echo hi'");
		expect(joined).not.toContain("--unshare-pid");
		const asRoot = joinedCommand("/usr/bin/bwrap", { init: 42, user: false }, "/w", "true", true);
		expect(asRoot).not.toContain("--userns");
		expect(asRoot).toContain("--cap-drop ALL");
		expect(keeperArgs()).toEqual(expect.arrayContaining(["--unshare-pid", "--die-with-parent", "--info-fd", "3"]));
	});
});
