/**
 * Which of a run's children may run at the same time over the same files. A task's boundary diff
 * sees every change under its roots, whoever made it, so a child that writes must have its roots to
 * itself; children that only read can share them — a parallel fan-out of read-only reviews over one
 * repository runs at once. (The `task` tool's RootLocks serialise every overlapping pair; a workflow
 * knows which of its children write, so it can do better.)
 *
 * Served first come, first served: a writer waiting behind readers is not overtaken by readers that
 * come after it.
 */
import { sep } from "node:path";

const overlaps = (a: string, b: string) =>
	a === b || a.startsWith(b.endsWith(sep) ? b : b + sep) || b.startsWith(a.endsWith(sep) ? a : a + sep);

interface Claim {
	roots: readonly string[];
	write: boolean;
	granted: boolean;
	wake: () => void;
}

export class RootsLock {
	private readonly claims: Claim[] = [];

	/** Whether a claim would wait now. */
	wouldWait(roots: readonly string[], write: boolean): boolean {
		return this.claims.some((c) => this.conflict(c, { roots, write }));
	}

	/** Resolves with a release once no earlier conflicting claim holds or waits. */
	acquire(roots: readonly string[], write: boolean): Promise<() => void> {
		return new Promise((resolve) => {
			const claim: Claim = { roots, write, granted: false, wake: () => {} };
			const release = () => {
				const at = this.claims.indexOf(claim);
				if (at >= 0) this.claims.splice(at, 1);
				this.grant();
			};
			claim.wake = () => resolve(release);
			this.claims.push(claim);
			this.grant();
		});
	}

	private conflict(a: Pick<Claim, "roots" | "write">, b: Pick<Claim, "roots" | "write">): boolean {
		if (!a.write && !b.write) return false;
		return a.roots.some((x) => b.roots.some((y) => overlaps(x, y)));
	}

	private grant(): void {
		this.claims.forEach((claim, index) => {
			if (claim.granted) return;
			const blocked = this.claims.slice(0, index).some((earlier) => this.conflict(earlier, claim));
			if (blocked) return;
			claim.granted = true;
			claim.wake();
		});
	}
}
