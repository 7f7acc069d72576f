/**
 * Bundles each quick entry, src/cli/quick/<name>.ts — one command and the shell around it — into
 * one CommonJS file, dist/cli/quick-<name>.cjs, which the installed command runs for that command
 * (see src/cli/quick.ts for why). Part of `npm run build`; each bundle's behaviour is held equal to
 * the ES module route by test/cli/quick.test.ts.
 *
 * Everything outside this package stays outside (none is imported on these routes today; the check
 * below fails the build if one ever is, since a bundle requiring a package would load it from
 * wherever Node finds it). The files sit in dist/cli/ beside main.js, so paths the shell computes
 * from its own place (`../../package.json`) resolve the same from either.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { build } from "rolldown";

const ROOT = join(import.meta.dirname, "..");
const ENTRIES = join(ROOT, "src", "cli", "quick");

const bare = (id: string) => !id.startsWith(".") && !id.startsWith("/") && !/^[A-Za-z]:/.test(id);
const packages = new Set<string>();
const sizes: string[] = [];

for (const name of readdirSync(ENTRIES).filter((f) => f.endsWith(".ts"))) {
	const out = join(ROOT, "dist", "cli", `quick-${name.replace(/\.ts$/, "")}.cjs`);
	await build({
		input: join(ENTRIES, name),
		platform: "node",
		logLevel: "warn",
		external: (id) => {
			if (!bare(id)) return false;
			if (!id.startsWith("node:")) packages.add(id);
			return true;
		},
		output: { file: out, format: "cjs", codeSplitting: false },
	});
	sizes.push(`dist/cli/${out.split("/").pop()}: ${Math.round(statSync(out).size / 1024)} KiB`);
}

if (packages.size > 0) {
	process.stderr.write(
		`bundle-quick: the quick commands import packages (${[...packages].join(", ")}); keep them out\n`,
	);
	process.exit(1);
}
process.stdout.write(`${sizes.join("\n")}\n`);
