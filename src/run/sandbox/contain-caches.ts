/** The start caches of sandboxed subprocess children (the I/O side of contain.ts). */
import { lstatSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Caches a Pi process starts faster with: jiti's transpiled extensions and Node's compile cache,
 * which Pi keeps in the temporary directory. A sandboxed child has a private /tmp, and without them
 * its Pi transpiles every extension again (about 2 s more per child). The machine's own caches
 * cannot be lent: read-only, jiti does not use its cache at all; writable, a child could plant code
 * that the next Pi on this machine runs. So sandboxed children share caches of their own, in a
 * directory of this user's (mode 0700, checked): their Pi writes them, their bash commands see
 * them read-only. When the directory cannot be trusted, a child starts without them.
 */
export function startCaches(): Array<{ from: string; to: string }> {
	const uid = process.getuid?.() ?? 0;
	const root = join(tmpdir(), `pi-delegate-sandbox-cache-${uid}`);
	try {
		mkdirSync(root, { recursive: true, mode: 0o700 });
		const stat = lstatSync(root);
		if (!stat.isDirectory() || stat.uid !== uid || (stat.mode & 0o077) !== 0) return [];
		return ["jiti", "node-compile-cache"].map((name) => {
			mkdirSync(join(root, name), { recursive: true, mode: 0o700 });
			return { from: join(root, name), to: `/tmp/${name}` };
		});
	} catch {
		return [];
	}
}
