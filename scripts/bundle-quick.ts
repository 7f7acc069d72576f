/**
 * Bundles src/cli/quick.ts — the `gate` and `validate` commands and the shell around them — into
 * one CommonJS file, dist/cli/quick.cjs, which the installed command runs for those two (see
 * src/cli/quick.ts for why). Part of `npm run build`; the bundle's behaviour is held equal to the
 * ES module route by test/cli/quick.test.ts.
 *
 * Everything outside this package stays outside (none is imported on these routes today; the check
 * below fails the build if one ever is, since a bundle requiring a package would load it from
 * wherever Node finds it). The file sits in dist/cli/ beside main.js, so paths the shell computes
 * from its own place (`../../package.json`) resolve the same from either.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { build } from "rolldown";

const ROOT = join(import.meta.dirname, "..");
const OUT = join(ROOT, "dist", "cli", "quick.cjs");

const bare = (id: string) => !id.startsWith(".") && !id.startsWith("/") && !/^[A-Za-z]:/.test(id);
const packages: string[] = [];

await build({
	input: join(ROOT, "src", "cli", "quick.ts"),
	platform: "node",
	logLevel: "warn",
	external: (id) => {
		if (!bare(id)) return false;
		if (!id.startsWith("node:")) packages.push(id);
		return true;
	},
	output: { file: OUT, format: "cjs", codeSplitting: false },
});

if (packages.length > 0) {
	process.stderr.write(`bundle-quick: the quick commands import packages (${packages.join(", ")}); keep them out\n`);
	process.exit(1);
}
process.stdout.write(`dist/cli/quick.cjs: ${Math.round(statSync(OUT).size / 1024)} KiB\n`);
