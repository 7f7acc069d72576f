/**
 * The command check as the installed package runs it: the build's copy (dist/, the library and an
 * in-process child of the installed command) and the child-side copy (dist/ext/, marked CommonJS,
 * which the subprocess child's Pi loads through its loader, jiti) each find bash's grammar, which
 * tsc does not copy beside them, and decide with it. Each runs in a process of its own, through the
 * same jiti Pi uses, so the grammar loads there as it would in a child. Needs the build.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { REPO } from "../support/pi.ts";

const CHECK = [
	"const { createJiti } = await import(process.env.JITI_URL);",
	"const jiti = createJiti(process.env.TARGET, { moduleCache: false, fsCache: false });",
	"const policy = await jiti.import(process.env.TARGET);",
	'const only = [{ otherwise: "deny", rules: [{ pattern: "git status:*", effect: "allow", syntax: "claude", from: "t" }] }];',
	"const hostile = await policy.checkCommandPolicies(\"git status $'\\\\'' ; touch x #'\", only);",
	'const plain = await policy.checkCommandPolicies("git status --short", only);',
	"console.log(JSON.stringify({ hostile, plain }));",
].join("\n");

describe.each(["dist/ext/agents/permissions/command-policy.js", "dist/agents/permissions/command-policy.js"])(
	"the built check, %s",
	(file) => {
		it("loads bash's grammar through Pi's loader and decides with it", () => {
			const out = spawnSync(process.execPath, ["--input-type=module", "-e", CHECK], {
				encoding: "utf8",
				env: {
					...process.env,
					TARGET: join(REPO, file),
					JITI_URL: pathToFileURL(join(REPO, "node_modules/jiti/lib/jiti.mjs")).href,
				},
			});
			expect(out.stderr).toBe("");
			const { hostile, plain } = JSON.parse(out.stdout) as {
				hostile: { ok: boolean; reason?: string };
				plain: { ok: boolean };
			};
			expect(plain).toEqual({ ok: true });
			expect(hostile.ok).toBe(false);
			expect(hostile.reason).toContain('"touch x" is not among');
		});
	},
);
